import { cdsHooksDraftStatusRule } from '../../../src/rules/cdshooks/cds-hooks-draft-status.js';
import { example, patched, payloadTester } from '../../support/payload-tester.js';

payloadTester.run(cdsHooksDraftStatusRule, {
  valid: [
    { name: 'medication-refill: every medication a draft', input: { payload: example('cds-hooks-medication-refill') } },
    { name: 'medication-prescribe: every medication a draft', input: { payload: example('cds-hooks-medication-prescribe') } },
    { name: 'order-review: every order a draft', input: { payload: example('cds-hooks-order-review') } },
    {
      name: 'a status left out is the schema’s to report, not this rule’s',
      input: { payload: patched('cds-hooks-medication-refill', [{ op: 'remove', path: '/context/medications/entry/0/resource/status' }]) },
    },
    { name: 'order-sign: its hook page asks no draft status', input: { payload: example('cds-hooks-order-sign') } },
  ],
  invalid: [
    {
      name: 'medication-refill: an active medication',
      input: { payload: patched('cds-hooks-medication-refill', [{ op: 'replace', path: '/context/medications/entry/0/resource/status', value: 'active' }]) },
      errors: [
        {
          pointer: '/context/medications/entry/0/resource/status',
          messageId: 'notDraft',
          data: { field: '`context.medications.entry[0].resource.status`', value: '"active"', member: '`context.medications`', hook: 'medication-refill' },
        },
      ],
    },
    {
      name: 'order-review: the second order not a draft, in the orders bundle',
      input: { payload: patched('cds-hooks-order-review', [{ op: 'replace', path: '/context/orders/entry/1/resource/status', value: 'completed' }]) },
      errors: [
        {
          pointer: '/context/orders/entry/1/resource/status',
          messageId: 'notDraft',
          data: { field: '`context.orders.entry[1].resource.status`', value: '"completed"', member: '`context.orders`', hook: 'order-review' },
        },
      ],
    },
  ],
});
