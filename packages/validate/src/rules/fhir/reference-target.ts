import { quote } from '../../finding.js';
import { typeList, wrongTargetsOf } from '../../fhir/reference-targets.js';
import type { Rule } from '../rule.js';

/**
 * A reference whose target type R4 itself does not allow there (a Claim $attach DocumentReference
 * subject `Organization/1`; R4 and the spec: Patient, Practitioner, Group or Device). Checked where
 * the spec states the targets; what R4 allows and the service's profile does not is service-profile's.
 */
export const referenceTargetRule: Rule = {
  id: 'reference-target',
  defaultSeverity: 'error',
  description: 'A reference the spec gives target types for refers to a type FHIR R4 does not allow there.',
  appliesTo: (kind) => wrongTargetsOf(kind.id) !== undefined,
  check(context) {
    for (const wrong of context.shared(wrongTargetsOf(context.kind.id)!)) {
      if (wrong.targets.r4.includes(wrong.found)) continue;
      context.report({
        pointer: wrong.pointer,
        message: `\`${wrong.field}\` refers to ${quote(wrong.reference)}, ${typeList([wrong.found])} (read from ${wrong.via}); a ${wrong.resourceType}.${wrong.member} refers to ${typeList(wrong.targets.r4)} in R4${sameLists(wrong.targets) ? ' and for the service' : `, and the service takes ${typeList(wrong.targets.service)}`}.`,
      });
    }
  },
};

const sameLists = ({ service, r4 }: { service: readonly string[]; r4: readonly string[] }) =>
  service.length === r4.length && service.every((t) => r4.includes(t));
