import { dataOnDemandRule } from '../../src/rules/data-on-demand.js';
import { edited, example, payloadTester } from '../support/payload-tester.js';

payloadTester.run(dataOnDemandRule, {
  valid: [
    { name: 'a query with the flagged location fields set to null (the example)', input: { payload: example('scheduling-availableslots') } },
    {
      name: 'a query without the flagged fields',
      input: {
        payload: edited('scheduling-availableslots', (p) => {
          for (const field of ['Type', 'Facility', 'Room']) delete p.Visit.Locations[0][field];
        }),
      },
    },
    {
      name: 'the same member outside a query (PatientMerge is not one)',
      input: { payload: edited('patientadmin-patientmerge', (p) => void (p.Patient.Notes = ['Prefers morning appointments.'])) },
    },
  ],
  invalid: [
    {
      name: 'Patient.Notes in an AvailableSlots query',
      input: { payload: edited('scheduling-availableslots', (p) => void (p.Patient.Notes = ['Prefers morning appointments.'])) },
      errors: [{ pointer: '/Patient/Notes', messageId: 'notSupported', data: { field: '`Patient.Notes`' } }],
    },
    {
      name: 'each non-null location field is its own finding',
      input: {
        payload: edited('scheduling-availableslots', (p) => {
          p.Visit.Locations[0].Type = 'Outpatient';
          p.Visit.Locations[0].Facility = 'Riverside Clinic';
        }),
      },
      errors: [
        { pointer: '/Visit/Locations/0/Type', messageId: 'notSupported' },
        { pointer: '/Visit/Locations/0/Facility', messageId: 'notSupported' },
      ],
    },
  ],
});
