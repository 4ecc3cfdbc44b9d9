import { bundleRequiredEntryRule } from '../../../src/rules/fhir/bundle-required-entry.js';
import { edited, example, payloadTester } from '../../support/payload-tester.js';

payloadTester.run(bundleRequiredEntryRule, {
  valid: [
    { name: 'ChargeItemCreate with its Patient and ChargeItem', input: { payload: example('fhir-chargeitemcreate') } },
    { name: 'Claim $attach with a DocumentReference', input: { payload: example('fhir-claimattach') } },
    { name: 'a generic message requires nothing', input: { payload: example('fhir-message') } },
  ],
  invalid: [
    {
      name: 'ChargeItemCreate without its ChargeItem',
      input: { payload: edited('fhir-chargeitemcreate', (p) => void p.entry.splice(1, 1)) },
      errors: [{ pointer: '/entry', messageId: 'missing', data: { bundle: 'ChargeItemCreate', type: 'ChargeItem' } }],
    },
    {
      name: 'ChargeItemCreate without Patient and ChargeItem: one finding each',
      input: {
        payload: edited(
          'fhir-chargeitemcreate',
          (p) => void (p.entry = p.entry.filter((e: any) => !['Patient', 'ChargeItem'].includes(e.resource.resourceType))),
        ),
      },
      errors: [
        { pointer: '/entry', messageId: 'missing', data: { bundle: 'ChargeItemCreate', type: 'Patient' } },
        { pointer: '/entry', messageId: 'missing', data: { bundle: 'ChargeItemCreate', type: 'ChargeItem' } },
      ],
    },
    {
      name: 'Claim $attach without a DocumentReference',
      input: {
        payload: edited('fhir-claimattach', (p) => void (p.entry = p.entry.filter((e: any) => e.resource.resourceType !== 'DocumentReference'))),
        kind: 'fhir/ClaimAttach',
      },
      errors: [{ pointer: '/entry', messageId: 'missing', data: { bundle: 'Claim $attach', type: 'DocumentReference' } }],
    },
  ],
});
