import { cdsHooksEmptyValueRule } from '../../../src/rules/cdshooks/cds-hooks-empty-value.js';
import { example, patched, payloadTester } from '../../support/payload-tester.js';

payloadTester.run(cdsHooksEmptyValueRule, {
  valid: [
    { name: 'a response with values everywhere', input: { payload: example('cds-hooks-response') } },
    {
      name: 'no guidance: an empty `cards` is allowed',
      input: {
        payload: patched('cds-hooks-response', [
          { op: 'replace', path: '/cards', value: [] },
          { op: 'remove', path: '/systemActions' },
        ]),
      },
    },
    {
      name: "a FHIR resource's members follow FHIR, not CDS Hooks",
      input: { payload: patched('cds-hooks-response', [{ op: 'add', path: '/systemActions/0/resource/text', value: {} }]) },
    },
    {
      name: "an extension's members are the implementer's",
      input: { payload: patched('cds-hooks-response', [{ op: 'add', path: '/cards/0/extension/empty', value: '' }]) },
    },
  ],
  invalid: [
    {
      name: 'an empty string',
      input: { payload: patched('cds-hooks-response', [{ op: 'replace', path: '/cards/0/detail', value: '' }]) },
      errors: [{ pointer: '/cards/0/detail', messageId: 'empty', data: { field: '`cards[0].detail`', empty: 'an empty string' } }],
    },
    {
      name: 'an empty array',
      input: { payload: patched('cds-hooks-order-select', [{ op: 'replace', path: '/context/selections', value: [] }]) },
      errors: [{ pointer: '/context/selections', messageId: 'empty', data: { field: '`context.selections`', empty: 'an empty array' } }],
    },
    {
      name: 'an empty prefetch object',
      input: { payload: patched('cds-hooks-request', [{ op: 'replace', path: '/prefetch', value: {} }]) },
      errors: [{ pointer: '/prefetch', messageId: 'empty', data: { field: '`prefetch`', empty: 'an empty object' } }],
    },
    {
      name: 'an empty extension and empty links, in document order',
      input: {
        payload: patched('cds-hooks-response', [
          { op: 'add', path: '/cards/1/links', value: [] },
          { op: 'replace', path: '/cards/0/extension', value: {} },
        ]),
      },
      errors: [
        { pointer: '/cards/0/extension', messageId: 'empty', data: { field: '`cards[0].extension`', empty: 'an empty object' } },
        { pointer: '/cards/1/links', messageId: 'empty', data: { field: '`cards[1].links`', empty: 'an empty array' } },
      ],
    },
  ],
});
