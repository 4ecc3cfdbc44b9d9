import { code } from '../display.js';
import { quoteId } from '../finding.js';
import { typeList, wrongTargetsOf } from '../fhir/reference-targets.js';
import { SCHEMA_MESSAGES, type SchemaMessageId } from '../schema-errors.js';
import { createRule } from './create-rule.js';
import { schemaReports } from './schema.js';
import { PAYLOAD } from './scopes.js';

/** What R4 allows and the profile does not, after each message. */
const BEYOND_R4 = " R4 allows this; the service's {{profile}} profile does not.";

/** The schema rule's messages, each saying that R4 allows what the profile does not; and a reference's target. */
const MESSAGES = {
  ...(Object.fromEntries(Object.entries(SCHEMA_MESSAGES).map(([id, template]) => [id, `${template}${BEYOND_R4}`])) as Record<SchemaMessageId, string>),
  narrowedTarget: `{{field}} refers to {{reference}}, {{found}} (read from {{via}}); the service's {{member}} refers to {{allowed}}.${BEYOND_R4}`,
};

/**
 * What a service profile requires beyond FHIR R4: members R4 leaves optional (Patient gender,
 * MessageHeader focus), narrower value sets, eventUri where R4 also allows eventCoding, the
 * entries a bundle must have, references to a type R4 allows but the spec does not (Goal.subject
 * `Group/7`: "subject … to a Patient"). The payload is valid R4, so this is reported apart from
 * `schema`: a user can tell "not FHIR" from "FHIR, but not what the service takes". Not settled by
 * the strict twin, which cannot see the type inside a reference's URL or the entry it resolves to;
 * that check is a lookup per stated member.
 */
export const serviceProfileRule = createRule({
  scope: PAYLOAD,
  meta: {
    id: 'service-profile',
    severity: 'error',
    description: "A FHIR payload that is valid R4 but misses what the service's profile requires beyond R4.",
    messages: MESSAGES,
    // A value both out of the schema's form and its format: the form (narrower) says what to write.
    supersedes: [
      { by: ['pattern'], rule: 'service-profile', messages: ['format'], at: 'same' },
      // As for schema: the missing member is why its element is empty (ele-1).
      { by: ['required'], rule: 'fhir-invariant', messages: ['empty'], at: 'parent' },
    ],
  },
  appliesTo: (kind) => kind.overlay === true,
  check(context) {
    const profile = code(context.kind.id);
    for (const report of schemaReports(context.profileErrors(), context.payload)) context.report({ ...report, data: { ...report.data, profile } });
    const compute = wrongTargetsOf(context.kind.id);
    if (!compute) return;
    for (const wrong of context.shared(compute)) {
      if (!wrong.targets.r4.includes(wrong.found)) continue; // R4 rejects it: reference-target's
      context.report({
        pointer: wrong.pointer,
        messageId: 'narrowedTarget',
        data: {
          field: code(wrong.field),
          reference: quoteId(wrong.reference),
          found: typeList([wrong.found]),
          via: wrong.via,
          member: `${wrong.resourceType}.${wrong.member}`,
          allowed: typeList(wrong.targets.service),
          profile,
        },
      });
    }
  },
});
