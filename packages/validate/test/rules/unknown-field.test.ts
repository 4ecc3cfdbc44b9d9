import { unknownFieldRule } from '../../src/rules/unknown-field.js';
import { edited, example, payloadTester } from '../support/payload-tester.js';

payloadTester.run(unknownFieldRule, {
  valid: [
    { name: 'every member defined', input: { payload: example('patientadmin-patientmerge') } },
    {
      name: 'a near miss is spelling-drift, not unknown-field',
      input: { payload: edited('patientadmin-patientmerge', (p) => void (p.Patient.Demographics.FirstNmae = 'x')) },
    },
    { name: 'a FHIR extension member (R4 defines extension)', input: { payload: example('fhir-patient') } },
  ],
  invalid: [
    {
      name: 'a member no schema defines and no near miss explains',
      input: { payload: edited('patientadmin-patientmerge', (p) => void (p.Patient.Nickname = 'Tim')) },
      errors: [{ pointer: '/Patient/Nickname', messageId: 'unknown', data: { field: '`Patient.Nickname`', schema: 'PatientMerge', ignoredBy: 'the service' } }],
    },
    {
      name: 'in a FHIR resource: R4 has no unknown members, a server refuses it (an error)',
      input: { payload: edited('fhir-patient', (p) => void (p.favouriteColour = 'blue')) },
      errors: [{ pointer: '/favouriteColour', messageId: 'unknownFhir', severity: 'error', data: { field: '`favouriteColour`', type: 'Patient' } }],
    },
    {
      name: 'in a datatype of a FHIR resource',
      input: { payload: edited('fhir-patient', (p) => void (p.name[0].isActive = true)) },
      errors: [{ pointer: '/name/0/isActive', messageId: 'unknownFhir', severity: 'error' }],
    },
    {
      name: 'in a FHIR resource inside a CDS Hooks document',
      input: {
        payload: edited('cds-hooks-patient-view', (p) => void (p.prefetch.patient.extra = 1)),
      },
      errors: [{ pointer: '/prefetch/patient/extra', messageId: 'unknownFhir', severity: 'error' }],
    },
    {
      name: 'in a CDS Hooks document: a CDS client or service ignores it',
      input: { payload: edited('cds-hooks-patient-view', (p) => void (p.extra = 1)) },
      errors: [{ pointer: '/extra', messageId: 'unknown', data: { field: '`extra`', schema: 'PatientViewRequest', ignoredBy: 'a CDS client or service' } }],
    },
  ],
});
