import { code } from '../display.js';
import type { Report, Rule } from './rule.js';
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
  settledByTwin: true,
  description: "A FHIR payload that is valid R4 but misses what the service's profile requires beyond R4.",
  appliesTo: (kind) => kind.overlay === true,
  check(context) {
    const profile = code(context.kind.id);
    const explain = (report: Report): Report => ({
      ...report,
      message: `${report.message} R4 allows this; the service's ${profile} profile does not.`,
    });
    reportErrors(context.profileErrors(), context, explain);
  },
};
