import { bundleMessageHeaderRule } from '../../../src/rules/fhir/bundle-message-header.js';
import { edited, example, payloadTester } from '../../support/payload-tester.js';

/** A resourceType of 5,000 characters as a message shows it: quoted, cut in the middle, with its length. */
const LONG_SHOWN = `"${'a'.repeat(60)}…${'a'.repeat(59)}" (5,000 characters)`;

payloadTester.run(bundleMessageHeaderRule, {
  valid: [
    { name: 'the MessageHeader first', input: { payload: example('fhir-chargeitemcreate') } },
    {
      name: 'an empty message bundle (the schema reports it)',
      input: { payload: { resourceType: 'Bundle', type: 'message', entry: [] }, kind: 'fhir/message' },
    },
    { name: 'a collection bundle is no message', input: { payload: example('fhir-claimattach') } },
  ],
  invalid: [
    {
      name: 'a ChargeItemCreate sent as a collection: a message by its MessageHeader, whose type is wrong',
      input: { payload: edited('fhir-chargeitemcreate', (p) => void (p.type = 'collection')) },
      errors: [{ pointer: '/type', messageId: 'notMessageType', data: { type: '"collection"' } }],
    },
    {
      name: 'the MessageHeader last',
      input: { payload: edited('fhir-chargeitemcreate', (p) => void p.entry.push(p.entry.shift())) },
      errors: [{ pointer: '/entry/0/resource/resourceType', messageId: 'elsewhere', data: { first: 'a ChargeItem', index: 7 } }],
    },
    {
      name: 'no MessageHeader at all',
      input: { payload: edited('fhir-chargeitemcreate', (p) => void p.entry.shift()), kind: 'fhir/ChargeItemCreate' },
      errors: [{ pointer: '/entry/0/resource/resourceType', messageId: 'missing', data: { first: 'a ChargeItem' } }],
    },
    {
      name: 'a first entry without a resource',
      input: { payload: edited('fhir-chargeitemcreate', (p) => void p.entry.unshift({ fullUrl: 'urn:uuid:00000000-0000-4000-8000-000000000000' })) },
      errors: [{ pointer: '/entry/0', messageId: 'elsewhere', data: { first: 'not a resource', index: 1 } }],
    },
    {
      name: 'a first resourceType of 5,000 characters: quoted and shortened, not echoed',
      input: { payload: edited('fhir-chargeitemcreate', (p) => void (p.entry[0].resource.resourceType = 'a'.repeat(5000))), kind: 'fhir/ChargeItemCreate' },
      errors: [{ pointer: '/entry/0/resource/resourceType', messageId: 'missing', data: { first: `a resource of type ${LONG_SHOWN}` } }],
    },
    {
      name: 'a first resourceType with a line break: quoted, the break escaped',
      input: {
        payload: edited('fhir-chargeitemcreate', (p) => {
          p.entry.push(p.entry.shift());
          p.entry[0].resource.resourceType = 'x\ny';
        }),
      },
      errors: [{ pointer: '/entry/0/resource/resourceType', messageId: 'elsewhere', data: { first: 'a resource of type "x\\ny"', index: 7 } }],
    },
    {
      name: 'a first resourceType of a space: quoted',
      input: { payload: edited('fhir-chargeitemcreate', (p) => void (p.entry[0].resource.resourceType = ' ')), kind: 'fhir/ChargeItemCreate' },
      errors: [{ pointer: '/entry/0/resource/resourceType', messageId: 'missing', data: { first: 'a resource of type " "' } }],
    },
  ],
});
