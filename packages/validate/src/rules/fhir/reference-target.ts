import { code } from '../../display.js';
import { quoteId } from '../../finding.js';
import { typeList, wrongTargetsOf } from '../../fhir/reference-targets.js';
import { createRule } from '../create-rule.js';
import { PAYLOAD } from '../scopes.js';

const sameLists = ({ service, r4 }: { service: readonly string[]; r4: readonly string[] }) =>
  service.length === r4.length && service.every((t) => r4.includes(t));

/**
 * A reference whose target type R4 itself does not allow there (a Claim $attach DocumentReference
 * subject `Organization/1`; R4 and the spec: Patient, Practitioner, Group or Device). Checked where
 * the spec states the targets; what R4 allows and the service's profile does not is service-profile's.
 */
export const referenceTargetRule = createRule({
  scope: PAYLOAD,
  meta: {
    id: 'reference-target',
    severity: 'error',
    description: 'A reference the spec gives target types for refers to a type FHIR R4 does not allow there.',
    messages: {
      notR4: '{{field}} refers to {{reference}}, {{found}} (read from {{via}}); a {{member}} refers to {{r4}} in R4 and for the service.',
      notR4Service: '{{field}} refers to {{reference}}, {{found}} (read from {{via}}); a {{member}} refers to {{r4}} in R4, and the service takes {{service}}.',
    },
  },
  appliesTo: (kind) => wrongTargetsOf(kind.id) !== undefined,
  check(context) {
    for (const wrong of context.shared(wrongTargetsOf(context.kind.id)!)) {
      if (wrong.targets.r4.includes(wrong.found)) continue;
      const data = {
        field: code(wrong.field),
        reference: quoteId(wrong.reference),
        found: typeList([wrong.found]),
        via: wrong.via,
        member: `${wrong.resourceType}.${wrong.member}`,
        r4: typeList(wrong.targets.r4),
        service: typeList(wrong.targets.service),
      };
      context.report({ pointer: wrong.pointer, messageId: sameLists(wrong.targets) ? 'notR4' : 'notR4Service', data });
    }
  },
});
