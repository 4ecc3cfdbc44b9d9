import { cdsHooksStandardRule } from '../../../src/rules/cdshooks/cds-hooks-standard.js';
import { edited, example, payloadTester } from '../../support/payload-tester.js';

const wrapped = (name: string, eventType: string, edit: (p: Record<string, any>) => void = () => {}) =>
  edited(name, (p) => {
    edit(p);
    return { Meta: { DataModel: 'CDSHooks', EventType: eventType }, ...p };
  });

payloadTester.run(cdsHooksStandardRule, {
  valid: [
    { name: 'the service order-sign example', input: { payload: example('cdshooks-order-sign') } },
    { name: 'the service response example', input: { payload: example('cdshooks-patient-view-response') } },
    { name: 'the service discovery example', input: { payload: example('cdshooks-discovery-response') } },
    // Checked in full as a patient-view request (validate.ts, test/cdshooks/envelope.test.ts), not by this rule.
    {
      name: 'a PatientView event whose body is a patient-view request without patientId',
      input: {
        payload: edited('cdshooks-patientview', (p) => {
          delete p.context.patientId;
        }),
      },
    },
    { name: "the standard's response, wrapped", input: { payload: wrapped('cds-hooks-response', 'patient-view-response') } },
    { name: "the standard's order-sign request, wrapped", input: { payload: wrapped('cds-hooks-order-sign', 'order-sign') } },
  ],
  invalid: [
    {
      name: 'a wrapped response whose system action has no description',
      input: {
        payload: wrapped('cds-hooks-response', 'patient-view-response', (p) => {
          p.systemActions = [
            { type: 'create', resource: { resourceType: 'ServiceRequest', status: 'draft', intent: 'order', subject: { reference: 'Patient/1' } } },
          ];
        }),
      },
      errors: [{ pointer: '/systemActions/0/description', messageId: 'required' }],
    },
    {
      name: 'a wrapped order-sign request without draftOrders',
      input: {
        payload: wrapped('cds-hooks-order-sign', 'order-sign', (p) => {
          delete p.context.draftOrders;
        }),
      },
      errors: [{ pointer: '/context/draftOrders', messageId: 'required' }],
    },
  ],
});
