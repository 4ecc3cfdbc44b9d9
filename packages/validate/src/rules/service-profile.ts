import { code } from '../display.js';
import { quote } from '../finding.js';
import { typeList, wrongTargetsOf } from '../fhir/reference-targets.js';
import type { Report, Rule, RuleContext } from './rule.js';
import { reportErrors } from './schema.js';

/**
 * What a service profile requires beyond FHIR R4: members R4 leaves optional (Patient gender,
 * MessageHeader focus), narrower value sets, eventUri where R4 also allows eventCoding, the
 * entries a bundle must have. The payload is valid R4, so this is reported apart from `schema`:
 * a user can tell "not FHIR" from "FHIR, but not what the service takes".
 */
export const serviceProfileRule: Rule = {
  id: 'service-profile',
  defaultSeverity: 'error',
  description: "A FHIR payload that is valid R4 but misses what the service's profile requires beyond R4.",
  appliesTo: (kind) => kind.overlay === true,
  check(context) {
    const profile = code(context.kind.id);
    const explain = (report: Report): Report => ({
      ...report,
      message: `${report.message} R4 allows this; the service's ${profile} profile does not.`,
    });
    reportErrors(context.profileErrors(), context, explain);
    reportNarrowedTargets(context, profile);
  },
};

/**
 * References to a type R4 allows but the spec does not (Goal.subject `Group/7`: "subject … to a
 * Patient"). Not settled by the strict twin, which cannot see the type inside a reference's URL or
 * the entry it resolves to; the check itself is a lookup per stated member.
 */
function reportNarrowedTargets(context: RuleContext, profile: string): void {
  const compute = wrongTargetsOf(context.kind.id);
  if (!compute) return;
  for (const wrong of context.shared(compute)) {
    if (!wrong.targets.r4.includes(wrong.found)) continue; // R4 rejects it: reference-target's
    context.report({
      pointer: wrong.pointer,
      message: `\`${wrong.field}\` refers to ${quote(wrong.reference)}, ${typeList([wrong.found])} (read from ${wrong.via}); the service's ${wrong.resourceType}.${wrong.member} refers to ${typeList(wrong.targets.service)}. R4 allows this; the service's ${profile} profile does not.`,
    });
  }
}
