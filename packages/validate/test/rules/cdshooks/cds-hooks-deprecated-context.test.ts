import { cdsHooksDeprecatedContextRule } from '../../../src/rules/cdshooks/cds-hooks-deprecated-context.js';
import { example, patched, payloadTester, text } from '../../support/payload-tester.js';

/** The draft orders under medication-prescribe's name (now the context's last member), and back. */
const toMedications = { op: 'move', from: '/context/draftOrders', path: '/context/medications' } as const;
const back = { op: 'move', from: '/context/medications', path: '/context/draftOrders' } as const;

payloadTester.run(cdsHooksDeprecatedContextRule, {
  valid: [
    { name: 'an order-sign request with draftOrders', input: { payload: example('cds-hooks-order-sign') } },
    {
      name: "the service's own order-sign message keeps its listing's `user`",
      input: { payload: patched('cdshooks-order-sign', [{ op: 'add', path: '/user', value: 'Practitioner/1' }]) },
    },
    {
      name: 'a hook that replaced none keeps any context member',
      input: { payload: patched('cds-hooks-patient-view', [{ op: 'add', path: '/context/medications', value: {} }]) },
    },
  ],
  invalid: [
    {
      name: "order-sign's orders under medication-prescribe's `medications`, fixed by renaming them draftOrders",
      input: { payload: patched('cds-hooks-order-sign', [toMedications]) },
      errors: [
        {
          pointer: '/context/medications',
          messageId: 'draftOrders',
          data: { field: '`context.medications`', previous: 'medication-prescribe', hook: 'order-sign' },
        },
      ],
      output: text(patched('cds-hooks-order-sign', [toMedications, back])),
    },
    {
      name: 'order-select too',
      input: { payload: patched('cds-hooks-order-select', [toMedications]) },
      errors: [
        {
          pointer: '/context/medications',
          messageId: 'draftOrders',
          data: { field: '`context.medications`', previous: 'medication-prescribe', hook: 'order-select' },
        },
      ],
      output: text(patched('cds-hooks-order-select', [toMedications, back])),
    },
    {
      name: "order-review's `orders` beside draftOrders: no fix, the two are merged by hand",
      input: { payload: patched('cds-hooks-order-sign', [{ op: 'add', path: '/context/orders', value: { resourceType: 'Bundle', type: 'collection' } }]) },
      errors: [
        {
          pointer: '/context/orders',
          messageId: 'draftOrdersTaken',
          data: { field: '`context.orders`', previous: 'order-review', hook: 'order-sign' },
          suggestions: [{ pointer: '/context/orders', from: 'orders', to: 'draftOrders' }],
        },
      ],
    },
    {
      name: 'the pre-1.0 top-level `user`: a warning',
      input: { payload: patched('cds-hooks-request', [{ op: 'add', path: '/user', value: 'Practitioner/123' }]) },
      errors: [{ pointer: '/user', messageId: 'user', severity: 'warning' }],
    },
    {
      name: 'the top-level `user` without context.userId: the error that stands for the missing userId',
      input: { payload: patched('cds-hooks-order-sign', [{ op: 'move', from: '/context/userId', path: '/user' }]) },
      errors: [{ pointer: '/user', messageId: 'userRequired', severity: 'error' }],
    },
  ],
});
