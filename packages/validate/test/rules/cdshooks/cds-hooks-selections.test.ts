import { cdsHooksSelectionsRule } from '../../../src/rules/cdshooks/cds-hooks-selections.js';
import { example, patched, payloadTester } from '../../support/payload-tester.js';

payloadTester.run(cdsHooksSelectionsRule, {
  valid: [{ name: 'each selection the Type/id of a draft order', input: { payload: example('cds-hooks-order-select') } }],
  invalid: [
    {
      name: 'a selection naming no draft order: the message lists them',
      input: { payload: patched('cds-hooks-order-select', [{ op: 'replace', path: '/context/selections/0', value: 'MedicationRequest/999' }]) },
      errors: [
        {
          pointer: '/context/selections/0',
          messageId: 'notAnOrder',
          data: {
            field: '`context.selections[0]`',
            selection: '"MedicationRequest/999"',
            orders: 'MedicationRequest/smart-MedicationRequest-103, ServiceRequest/proc002',
          },
        },
      ],
    },
    {
      name: 'draft orders none of which has a type and id',
      input: {
        payload: patched('cds-hooks-order-select', [
          { op: 'replace', path: '/context/draftOrders/entry', value: [{ resource: { resourceType: 'MedicationRequest' } }] },
          { op: 'replace', path: '/context/selections', value: ['MedicationRequest/1'] },
        ]),
      },
      errors: [{ pointer: '/context/selections/0', messageId: 'noOrders', data: { field: '`context.selections[0]`', selection: '"MedicationRequest/1"' } }],
    },
  ],
});
