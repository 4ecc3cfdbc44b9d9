import { fhirIntegerLiteralRule } from '../../src/rules/fhir-integer-literal.js';
import { textTester } from '../support/text-tester.js';

// JSON.parse reads 1.0, 1e0 and 4.9e-325 as whole numbers, so no schema can see how they were
// written; R4's JSON writes an integer, positiveInt or unsignedInt as digits only.
const patient = (member: string) => ({ text: `{"resourceType": "Patient", "id": "p1", "gender": "male", "identifier": [{"value": "1"}], ${member}}` });
const observation = (value: string) => ({
  text: `{"resourceType": "Observation", "status": "final", "code": {"text": "weight"}, "valueQuantity": {"value": ${value}, "unit": "kg"}}`,
});

textTester.run(fhirIntegerLiteralRule, {
  valid: [
    { name: 'an integer written as digits', input: patient('"multipleBirthInteger": 2') },
    { name: 'a decimal with a fraction', input: observation('72.0') },
    { name: 'a decimal with an exponent (R4 allows it)', input: observation('7.2e1') },
    {
      name: 'a time with milliseconds, a decimal with a fraction',
      input: {
        text: '{"resourceType": "Patient", "id": "p1", "gender": "male", "identifier": [{"value": "1"}], "meta": {"lastUpdated": "2026-02-11T14:03:27.000Z"}}',
      },
    },
    { name: 'a number-like string', input: patient('"multipleBirthBoolean": true, "name": [{"text": "1.0e0"}]') },
    { name: 'not FHIR: a Data Model message', input: { text: '{"Meta": {"DataModel": "Scheduling", "EventType": "AvailableSlots"}, "Count": 1.0}' } },
  ],
  invalid: [
    {
      name: 'an integer written with a fraction',
      input: patient('"multipleBirthInteger": 2.0'),
      errors: [
        {
          pointer: '/multipleBirthInteger',
          messageId: 'literal',
          message:
            '`multipleBirthInteger` is written `2.0`; it is a FHIR integer, which R4 JSON writes as digits only, without a fraction or exponent: write `2`.',
        },
      ],
    },
    {
      name: 'with an exponent',
      input: patient('"multipleBirthInteger": 1e0'),
      errors: [{ pointer: '/multipleBirthInteger', messageId: 'literal', data: { field: '`multipleBirthInteger`', literal: '`1e0`', write: '`1`' } }],
    },
    {
      name: 'with a capital exponent',
      input: patient('"multipleBirthInteger": 1E2'),
      errors: [{ pointer: '/multipleBirthInteger', messageId: 'literal', data: { field: '`multipleBirthInteger`', literal: '`1E2`', write: '`100`' } }],
    },
    {
      name: 'so small it reads as 0',
      input: patient('"multipleBirthInteger": 4.9e-325'),
      errors: [{ pointer: '/multipleBirthInteger', messageId: 'literal', data: { field: '`multipleBirthInteger`', literal: '`4.9e-325`', write: '`0`' } }],
    },
    {
      name: 'an unsignedInt in a bundle',
      input: { text: '{"resourceType": "Bundle", "type": "searchset", "total": 1.0, "entry": []}' },
      errors: [{ pointer: '/total', messageId: 'literal', data: { field: '`total`', literal: '`1.0`', write: '`1`' } }],
    },
  ],
});
