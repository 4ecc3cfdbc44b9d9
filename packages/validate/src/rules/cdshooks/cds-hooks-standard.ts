import { renamedPointer } from '../../finding.js';
import { STANDARD_OF } from '../../cdshooks/standard.js';
import { SCHEMA_MESSAGES } from '../../schema-errors.js';
import { createRule } from '../create-rule.js';
import { PAYLOAD } from '../scopes.js';
import { schemaReports, standardReports } from '../schema.js';

/** After each message: why a document the service's listing accepts is still wrong. */
const STANDARD = ' CDS Hooks 2.0 requires it; the Meta envelope does not lift the standard.';

// Only `required`: the one conditional requirement of these documents (order-sign's fhirServer with
// fhirAuthorization) is unconditional in the service's listing, whose schema reports it.
const MESSAGES = {
  required: `${SCHEMA_MESSAGES.required}${STANDARD}`,
};

/**
 * A CDS Hooks document in the service's Meta envelope is still that document: its body is checked
 * against the CDS Hooks 2.0 kind it is, for the members the standard requires (a response's
 * `systemActions[].description`, order-sign's `context.draftOrders`), besides the service's own schema.
 * Types and values stay the service schema's: the listing widens them on purpose (string|null, prefetch
 * strings; docs/decisions.md rows 1–15). A member present under the listing's variant spelling is
 * present (spelling-drift reports the spelling), and what the service's schema already reports at a
 * place is not said twice.
 */
export const cdsHooksStandardRule = createRule({
  scope: PAYLOAD,
  meta: {
    id: 'cds-hooks-standard',
    severity: 'error',
    description: "A CDS Hooks document in the service's Meta envelope meets CDS Hooks 2.0 too.",
    messages: MESSAGES,
  },
  appliesTo: (kind) => Object.hasOwn(STANDARD_OF, kind.id),
  check(context) {
    const standard = standardReports(context);
    if (standard.length === 0) return;
    const own = schemaReports(context.schemaErrors(), context.payload).map((r) => r.pointer);
    const variants = new Set(
      context
        .members()
        .issues.flatMap((issue) =>
          issue.reason === 'variant' || issue.reason === 'configured-variant' ? issue.candidates.map((c) => renamedPointer(issue.pointer, c)) : [],
        ),
    );
    const saidAt = (pointer: string) => own.some((at) => pointer === at || pointer.startsWith(`${at}/`) || at.startsWith(`${pointer}/`));
    for (const report of standard) {
      if (report.messageId !== 'required' || saidAt(report.pointer) || variants.has(report.pointer)) continue;
      context.report({ ...report, messageId: 'required' });
    }
  },
});
