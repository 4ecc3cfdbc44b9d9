import { code } from '../display.js';
import { SCHEMA_MESSAGES, type SchemaMessageId } from '../schema-errors.js';
import { createRule } from './create-rule.js';
import { schemaReports } from './schema.js';
import { PAYLOAD } from './scopes.js';

/** The schema rule's messages, each saying that R4 allows what the profile does not. */
const MESSAGES = Object.fromEntries(
  Object.entries(SCHEMA_MESSAGES).map(([id, template]) => [id, `${template} R4 allows this; the service's {{profile}} profile does not.`]),
) as Record<SchemaMessageId, string>;

/**
 * What a service profile requires beyond FHIR R4: members R4 leaves optional (Patient gender,
 * MessageHeader focus), narrower value sets, eventUri where R4 also allows eventCoding, the
 * entries a bundle must have. The payload is valid R4, so this is reported apart from `schema`:
 * a user can tell "not FHIR" from "FHIR, but not what the service takes".
 */
export const serviceProfileRule = createRule({
  scope: PAYLOAD,
  meta: {
    id: 'service-profile',
    severity: 'error',
    description: "A FHIR payload that is valid R4 but misses what the service's profile requires beyond R4.",
    messages: MESSAGES,
    settledByTwin: true,
  },
  appliesTo: (kind) => kind.overlay === true,
  check(context) {
    const profile = code(context.kind.id);
    for (const report of schemaReports(context.profileErrors(), context.payload)) context.report({ ...report, data: { ...report.data, profile } });
  },
});
