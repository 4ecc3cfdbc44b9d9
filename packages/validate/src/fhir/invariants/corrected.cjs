// Constraints whose R4 expression is wrong in a way R4's later versions fixed: checked with the
// corrected expression, and why (table.ts). CommonJS so that the generator, which parses every
// expression fhir-invariant evaluates ahead of time (scripts/fhir/fhirpath-asts.mjs), reads the same list.
'use strict';

module.exports = {
  'que-7': {
    expression: "operator = 'exists' implies (answer is boolean)",
    why: 'R4 tests `answer is Boolean`, the FHIRPath system type, which a FHIR `answerBoolean` is not, so the official Questionnaire-bb.json fails although it is right; R5 tests `answer is boolean`',
  },
};
