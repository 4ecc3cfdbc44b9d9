import { cdsHooksUserIdRule } from '../../../src/rules/cdshooks/cds-hooks-user-id.js';
import { example, patched, payloadTester } from '../../support/payload-tester.js';

const userId = (name: string, value: string) => patched(name, [{ op: 'replace', path: '/context/userId', value }]);

payloadTester.run(cdsHooksUserIdRule, {
  valid: [
    { name: 'a Practitioner for order-sign', input: { payload: example('cds-hooks-order-sign') } },
    { name: 'a PractitionerRole for order-sign', input: { payload: userId('cds-hooks-order-sign', 'PractitionerRole/123') } },
    { name: 'a Patient for patient-view', input: { payload: userId('cds-hooks-patient-view', 'Patient/1288992') } },
  ],
  invalid: [
    {
      name: 'a type the hook does not expect',
      input: { payload: userId('cds-hooks-order-sign', 'Patient/1288992') },
      errors: [
        {
          pointer: '/context/userId',
          messageId: 'wrongType',
          data: { userId: '"Patient/1288992"', type: 'Patient', hook: 'order-sign', expected: 'Practitioner/<id> or PractitionerRole/<id>' },
        },
      ],
    },
    {
      name: 'one type expected',
      input: { payload: userId('cds-hooks-medication-prescribe', 'PractitionerRole/123') },
      errors: [
        {
          pointer: '/context/userId',
          messageId: 'wrongType',
          data: { userId: '"PractitionerRole/123"', type: 'PractitionerRole', hook: 'medication-prescribe', expected: 'Practitioner/<id>' },
        },
      ],
    },
    {
      name: 'an id without its resource type',
      input: { payload: userId('cds-hooks-patient-view', '123') },
      errors: [
        {
          pointer: '/context/userId',
          messageId: 'notAReference',
          data: { userId: '"123"', expected: 'Practitioner/<id>, PractitionerRole/<id>, Patient/<id> or RelatedPerson/<id>', hook: 'patient-view' },
        },
      ],
    },
    {
      name: 'a user of the right type whose id is longer than a FHIR id: the message says so',
      input: { payload: userId('cds-hooks-patient-view', `Practitioner/${'a'.repeat(65)}`) },
      errors: [{ pointer: '/context/userId', messageId: 'badId', data: { userId: `"Practitioner/${'a'.repeat(65)}"`, why: 'is 65 characters long' } }],
    },
    {
      name: 'a user of the right type whose id holds a character a FHIR id cannot',
      input: { payload: userId('cds-hooks-patient-view', 'Practitioner/dr_smith') },
      errors: [{ pointer: '/context/userId', messageId: 'badId', data: { userId: '"Practitioner/dr_smith"', why: 'holds "_"' } }],
    },
  ],
});
