import { cdsHooksSelectionsRule } from '../../../src/rules/cdshooks/cds-hooks-selections.js';
import { example, patched, payloadTester } from '../../support/payload-tester.js';

payloadTester.run(cdsHooksSelectionsRule, {
  valid: [
    { name: 'each selection the Type/id of a draft order', input: { payload: example('cds-hooks-order-select') } },
    {
      name: 'a selection naming an order by its fullUrl, or by the Type/id its fullUrl ends with',
      input: {
        payload: patched('cds-hooks-order-select', [
          {
            op: 'replace',
            path: '/context/draftOrders/entry',
            value: [
              { fullUrl: 'https://ehr.example.org/fhir/MedicationRequest/a', resource: { resourceType: 'MedicationRequest' } },
              { fullUrl: 'urn:uuid:0f8fad5b-d9cb-469f-a165-70867728950e', resource: { resourceType: 'ServiceRequest' } },
            ],
          },
          { op: 'replace', path: '/context/selections', value: ['MedicationRequest/a', 'urn:uuid:0f8fad5b-d9cb-469f-a165-70867728950e'] },
        ]),
      },
    },
  ],
  invalid: [
    {
      name: 'an order named by a fullUrl end that is not a whole Type/id: no match',
      input: {
        payload: patched('cds-hooks-order-select', [
          { op: 'replace', path: '/context/draftOrders/entry', value: [{ fullUrl: 'https://ehr.example.org/fhir/XMedicationRequest/a', resource: {} }] },
          { op: 'replace', path: '/context/selections', value: ['MedicationRequest/a'] },
        ]),
      },
      errors: [{ pointer: '/context/selections/0', messageId: 'noOrders', data: { field: '`context.selections[0]`', selection: '"MedicationRequest/a"' } }],
    },
    {
      // User text in a message is quoted: an id may hold a line break or a direction override.
      name: "the orders listed are quoted, as the payload's ids may hold anything",
      input: {
        payload: patched('cds-hooks-order-select', [
          { op: 'replace', path: '/context/draftOrders/entry/0/resource/id', value: 'x\n\u202eevil' },
          { op: 'replace', path: '/context/selections', value: ['MedicationRequest/other'] },
        ]),
      },
      errors: [
        {
          pointer: '/context/selections/0',
          messageId: 'notAnOrder',
          data: {
            field: '`context.selections[0]`',
            selection: '"MedicationRequest/other"',
            orders: '"MedicationRequest/x\\n\\u202eevil", "ServiceRequest/proc002"',
          },
        },
      ],
    },
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
            orders: '"MedicationRequest/smart-MedicationRequest-103", "ServiceRequest/proc002"',
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
