import { cdsHooksFulfillmentTaskRule } from '../../../src/rules/cdshooks/cds-hooks-fulfillment-task.js';
import { example, patched, payloadTester } from '../../support/payload-tester.js';

const TASK = '/context/fulfillmentTasks/0';

payloadTester.run(cdsHooksFulfillmentTaskRule, {
  valid: [
    { name: "each task's focus a dispatched order", input: { payload: example('cds-hooks-order-dispatch') } },
    {
      name: 'a task based on the order, and a focus by absolute URL and version',
      input: {
        payload: patched('cds-hooks-order-dispatch', [
          { op: 'replace', path: `${TASK}/focus`, value: { reference: 'https://ehr.example.org/fhir/ServiceRequest/proc002/_history/3' } },
          {
            op: 'add',
            path: '/context/fulfillmentTasks/-',
            value: { resourceType: 'Task', status: 'draft', intent: 'order', basedOn: [{ reference: 'ServiceRequest/proc002' }] },
          },
        ]),
      },
    },
    { name: 'no tasks', input: { payload: patched('cds-hooks-order-dispatch', [{ op: 'remove', path: '/context/fulfillmentTasks' }]) } },
  ],
  invalid: [
    {
      name: 'a task whose focus is another order',
      input: { payload: patched('cds-hooks-order-dispatch', [{ op: 'replace', path: `${TASK}/focus/reference`, value: 'ServiceRequest/999' }]) },
      errors: [
        {
          pointer: `${TASK}/focus/reference`,
          messageId: 'otherOrder',
          data: { field: '`context.fulfillmentTasks[0].focus.reference`', reference: '"ServiceRequest/999"', orders: '"ServiceRequest/proc002"' },
        },
      ],
    },
    {
      name: 'a task that references no order at all: at its focus, the member to write',
      input: { payload: patched('cds-hooks-order-dispatch', [{ op: 'remove', path: `${TASK}/focus` }]) },
      errors: [{ pointer: `${TASK}/focus`, messageId: 'noOrder', data: { field: '`context.fulfillmentTasks[0]`', orders: '"ServiceRequest/proc002"' } }],
    },
  ],
});
