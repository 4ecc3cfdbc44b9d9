import { unpublishedPayloadRule } from '../../src/rules/unpublished-payload.js';
import { example, patched, payloadTester } from '../support/payload-tester.js';

payloadTester.run(unpublishedPayloadRule, {
  valid: [{ name: 'an event whose payload the spec publishes', input: { payload: example('patientadmin-patientmerge') } }],
  invalid: [
    {
      name: "the spec's Discovery event: a warning that only Meta was checked",
      input: { payload: example('cdshooks-discovery') },
      errors: [
        { pointer: '/Meta/EventType', messageId: 'unpublished', severity: 'warning', data: { model: 'CDSHooks', event: 'Discovery', quoted: '"Discovery"' } },
      ],
    },
    {
      name: 'whatever the body holds',
      input: { payload: patched('scheduling-booked', [{ op: 'add', path: '/Whatever', value: { Nested: [1, 2] } }]) },
      errors: [{ pointer: '/Meta/EventType', messageId: 'unpublished', data: { model: 'Scheduling', event: 'Booked', quoted: '"Booked"' } }],
    },
    {
      name: 'a data model with a space in its name',
      input: { payload: example('clinical-summary-documentget') },
      errors: [{ pointer: '/Meta/EventType', messageId: 'unpublished', data: { model: 'Clinical Summary', event: 'DocumentGet', quoted: '"DocumentGet"' } }],
    },
    {
      name: 'named as a kind, without Meta: at the missing Meta',
      input: { payload: {}, kind: 'Provider/ProviderQueryResponse' },
      errors: [{ pointer: '/Meta', messageId: 'unpublished', data: { model: 'Provider', event: 'ProviderQueryResponse', quoted: '"ProviderQueryResponse"' } }],
    },
  ],
});
