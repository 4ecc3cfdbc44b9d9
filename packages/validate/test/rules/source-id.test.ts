import { sourceIdRule } from '../../src/rules/source-id.js';
import { edited, example, payloadTester } from '../support/payload-tester.js';

const several = { multipleApiKeys: true };

payloadTester.run(sourceIdRule, {
  valid: [
    {
      name: 'one API key: Source.ID is optional',
      input: {
        payload: edited('patientadmin-patientmerge', (p) => {
          delete p.Meta.Source.ID;
        }),
      },
    },
    { name: 'several API keys and a Source.ID', input: { payload: example('patientadmin-patientmerge'), options: several } },
    { name: 'not a Data Model message', input: { payload: example('fhir-patient'), options: several } },
  ],
  invalid: [
    {
      name: 'several API keys and no Source.ID',
      input: {
        payload: edited('patientadmin-patientmerge', (p) => {
          delete p.Meta.Source.ID;
        }),
        options: several,
      },
      errors: [{ pointer: '/Meta/Source/ID', messageId: 'missing' }],
    },
    {
      name: 'an empty Source.ID',
      input: { payload: edited('patientadmin-patientmerge', (p) => void (p.Meta.Source.ID = '')), options: several },
      errors: [{ pointer: '/Meta/Source/ID', messageId: 'missing' }],
    },
    {
      name: 'no Source at all: the pointer names the first missing member',
      input: {
        payload: edited('scheduling-availableslots', (p) => {
          delete p.Meta.Source;
        }),
        options: several,
      },
      errors: [{ pointer: '/Meta/Source', messageId: 'missing' }],
    },
  ],
});
