import { code, fieldPath } from '../../display.js';
import { childPointer } from '../../finding.js';
import { isStandardCds } from '../../cdshooks/kinds.js';
import { createRule } from '../create-rule.js';
import { PAYLOAD } from '../scopes.js';

/** Where the specification allows an empty array: no guidance, no services. */
const MAY_BE_EMPTY = new Set(['/cards', '/services']);
/** Deeper than this is not a CDS Hooks document any more (the schema and nesting-depth say so). */
const MAX_DEPTH = 64;

function emptiness(value: unknown): string | undefined {
  if (value === '') return 'an empty string';
  if (Array.isArray(value)) return value.length === 0 ? 'an empty array' : undefined;
  if (typeof value === 'object' && value !== null && Object.keys(value).length === 0) return 'an empty object';
  return undefined;
}

/**
 * "Unless otherwise specified, JSON attribute values SHALL NOT be null or empty, so `null`, `""`,
 * `[]`, or `{}` are prohibited. If a JSON attribute is defined with as OPTIONAL, and does not have a
 * value, implementers SHALL omit it" (specification, "Use of JSON"). Null is the schema's to report
 * (the CDS Hooks definitions admit none); this rule reports the empty values, in the CDS Hooks
 * members of a bare document. FHIR resources inside follow FHIR's rules and the members of an
 * `extension` are the implementer's: neither is looked into.
 */
export const cdsHooksEmptyValueRule = createRule({
  scope: PAYLOAD,
  meta: {
    id: 'cds-hooks-empty-value',
    severity: 'error',
    description: 'A CDS Hooks member is an empty string, array or object; CDS Hooks omits a member without a value.',
    messages: {
      empty: '{{field}} is {{empty}}, which CDS Hooks does not allow: write its value, or leave the member out if it is optional.',
    },
  },
  appliesTo: isStandardCds,
  check(context) {
    const reports: { pointer: string; empty: string }[] = [];
    const visit = (value: unknown, pointer: string, depth: number): void => {
      const empty = emptiness(value);
      if (empty && pointer !== '' && !MAY_BE_EMPTY.has(pointer)) {
        reports.push({ pointer, empty });
        return;
      }
      if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return;
      if (Array.isArray(value)) {
        value.forEach((item, i) => {
          visit(item, childPointer(pointer, i), depth + 1);
        });
        return;
      }
      const object = value as Record<string, unknown>;
      if (typeof object.resourceType === 'string') return; // a FHIR resource
      for (const name of Object.keys(object)) {
        const child = childPointer(pointer, name);
        // An extension's members, and a request's prefetched resources (null when nothing was found), are not CDS Hooks members.
        if (name === 'extension' || (pointer === '' && name === 'prefetch' && typeof object[name] === 'object' && object[name] !== null)) {
          const empty = emptiness(object[name]);
          if (empty) reports.push({ pointer: child, empty });
          continue;
        }
        visit(object[name], child, depth + 1);
      }
    };
    visit(context.payload, '', 0);
    for (const { pointer, empty } of reports) context.report({ pointer, messageId: 'empty', data: { field: code(fieldPath(pointer)), empty } });
  },
});
