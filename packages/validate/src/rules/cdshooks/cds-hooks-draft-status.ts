import { code, fieldPath } from '../../display.js';
import { quote } from '../../finding.js';
import { asObject, objectsIn } from '../../cdshooks/parts.js';
import { createRule } from '../create-rule.js';
import { PAYLOAD } from '../scopes.js';

/**
 * The hooks whose page requires draft resources, and the context member that holds them: "All FHIR
 * resources in the medications object MUST have a status of _draft_" (medication-refill,
 * medication-prescribe), "All FHIR resources in the `orders` object MUST have a status of _draft_"
 * (order-review). order-sign and order-select say "draft orders" without that requirement.
 */
const DRAFTS: Readonly<Record<string, string>> = {
  'cds-hooks/medication-refill': 'medications',
  'cds-hooks/medication-prescribe': 'medications',
  'cds-hooks/order-review': 'orders',
};

/**
 * A resource of those bundles whose `status` is not `draft`. A status left out is the schema's to
 * report (R4 makes it required where the type has one), and a value that is not a string too.
 */
export const cdsHooksDraftStatusRule = createRule({
  scope: PAYLOAD,
  meta: {
    id: 'cds-hooks-draft-status',
    severity: 'error',
    description: 'medication-refill, medication-prescribe and order-review send only draft resources in their bundle.',
    messages: {
      notDraft: '{{field}} is {{value}}, but every resource of {{member}} must be a draft ({{hook}}): write "draft".',
    },
    // A status R4 does not define either: "draft", the one value to write, is in every R4 request
    // status value set, so this finding says all the schema's would.
    supersedes: [{ rule: 'schema', messages: ['enum'], at: 'same' }],
  },
  appliesTo: (kind) => Object.hasOwn(DRAFTS, kind.id),
  check(context) {
    const member = DRAFTS[context.kind.id]!;
    const bundle = asObject(asObject(asObject(context.payload)?.context)?.[member]);
    for (const { value: entry, pointer } of objectsIn(bundle, 'entry', `/context/${member}`)) {
      const status = asObject(entry.resource)?.status;
      if (typeof status !== 'string' || status === 'draft') continue;
      const at = `${pointer}/resource/status`;
      context.report({
        pointer: at,
        messageId: 'notDraft',
        data: { field: code(fieldPath(at)), value: quote(status), member: code(`context.${member}`), hook: context.kind.id.slice('cds-hooks/'.length) },
      });
    }
  },
});
