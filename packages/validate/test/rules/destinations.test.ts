import { destinationsRule } from '../../src/rules/destinations.js';
import { edited, example, payloadTester } from '../support/payload-tester.js';

payloadTester.run(destinationsRule, {
  valid: [
    { name: 'a request with a destination', input: { payload: example('patientadmin-patientmerge') } },
    { name: 'a synchronous query with exactly one', input: { payload: example('scheduling-availableslots') } },
    {
      name: 'a message from the service, without Destinations',
      input: {
        payload: edited('patientadmin-patientmerge', (p) => {
          delete p.Meta.Destinations;
        }),
      },
    },
    { name: 'a payload that is not an object, named as a kind (the schema reports it)', input: { payload: null, kind: 'Scheduling/AvailableSlots' } },
  ],
  invalid: [
    {
      name: 'a query sent to two destinations',
      input: { payload: edited('scheduling-availableslots', (p) => void p.Meta.Destinations.push(p.Meta.Destinations[0])) },
      errors: [{ pointer: '/Meta/Destinations', messageId: 'notOne', data: { kind: 'AvailableSlots', count: 2 } }],
    },
    {
      name: 'a query without Destinations: the pointer names the missing member',
      input: {
        payload: edited('clinical-summary-documentquery', (p) => {
          delete p.Meta.Destinations;
        }),
      },
      errors: [{ pointer: '/Meta/Destinations', messageId: 'notOne', data: { kind: 'DocumentQuery', count: 'none' } }],
    },
    {
      name: 'a query without Meta: the pointer names the first missing member',
      input: {
        payload: edited('scheduling-availableslots', (p) => {
          delete p.Meta;
        }),
        kind: 'Scheduling/AvailableSlots',
      },
      errors: [{ pointer: '/Meta', messageId: 'notOne' }],
    },
    {
      name: 'a destination without its ID',
      input: {
        payload: edited('patientadmin-patientmerge', (p) => {
          delete p.Meta.Destinations[0].ID;
        }),
      },
      errors: [{ pointer: '/Meta/Destinations/0/ID', messageId: 'missingId', data: { index: 0, state: 'missing' } }],
    },
    {
      name: 'a destination whose ID is null',
      input: { payload: edited('patientadmin-patientmerge', (p) => void (p.Meta.Destinations[0].ID = null)) },
      errors: [{ pointer: '/Meta/Destinations/0/ID', messageId: 'missingId', data: { index: 0, state: 'null' } }],
    },
    {
      name: 'a request with an empty Destinations',
      input: { payload: edited('patientadmin-patientmerge', (p) => void (p.Meta.Destinations = [])) },
      errors: [{ pointer: '/Meta/Destinations', messageId: 'empty' }],
    },
  ],
});
