import { bundleMessageHeaderRule } from '../../../src/rules/fhir/bundle-message-header.js';
import { edited, example, payloadTester } from '../../support/payload-tester.js';

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
  ],
});
