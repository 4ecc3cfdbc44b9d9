import { serviceProfileRule } from '../../src/rules/service-profile.js';
import { edited, example, payloadTester } from '../support/payload-tester.js';

const PROFILE_ONLY = 'the service profiles add required members and non-empty arrays to R4; R4 itself reports every other kind of problem (schema)';

payloadTester.run(serviceProfileRule, {
  valid: [
    { name: 'a Patient with what the profile requires', input: { payload: example('fhir-patient') } },
    { name: 'a bundle of its profile', input: { payload: example('fhir-chargeitemcreate') } },
    { name: 'not R4 at all is schema, not service-profile', input: { payload: edited('fhir-patient', (p) => void (p.gender = 'M')) } },
    { name: 'an R4 type without a profile', input: { payload: example('fhir-observation') } },
  ],
  invalid: [
    {
      name: 'a Patient without gender (R4 allows it)',
      input: {
        payload: edited('fhir-patient', (p) => {
          delete p.gender;
        }),
      },
      errors: [{ pointer: '/gender', messageId: 'required', data: { field: '`gender`', profile: '`fhir/Patient`' } }],
    },
    {
      name: 'a Patient with no identifier',
      input: { payload: edited('fhir-patient', (p) => void (p.identifier = [])) },
      errors: [
        {
          pointer: '/identifier',
          messageId: 'tooFew',
          message: "`identifier` must have at least 1 item. R4 allows this; the service's `fhir/Patient` profile does not.",
        },
      ],
    },
    {
      name: 'a message without MessageHeader.focus',
      input: {
        payload: edited('fhir-chargeitemcreate', (p) => {
          delete p.entry[0].resource.focus;
        }),
      },
      errors: [{ pointer: '/entry/0/resource/focus', messageId: 'required', data: { field: '`entry[0].resource.focus`', profile: '`fhir/ChargeItemCreate`' } }],
    },
    {
      // Either member is enough: a message naming one of them misled users who send a url.
      name: 'a Claim $attach attachment with neither data nor url',
      input: {
        payload: edited('fhir-claimattach', (p) => {
          delete p.entry[0].resource.content[0].attachment.data;
        }),
      },
      errors: [
        {
          pointer: '/entry/0/resource/content/0/attachment',
          messageId: 'requiredOneOf',
          message:
            "`entry[0].resource.content[0].attachment` has neither `data` nor `url`: write one of them. R4 allows this; the service's `fhir/ClaimAttach` profile does not.",
        },
      ],
    },
    {
      name: 'a Goal whose subject is a Group (R4 allows it; the service takes a Patient)',
      input: { payload: edited('fhir-goal', (p) => void (p.subject = { reference: 'Group/7' })) },
      errors: [
        {
          pointer: '/subject/reference',
          messageId: 'narrowedTarget',
          data: {
            field: '`subject`',
            reference: '"Group/7"',
            found: 'a Group',
            via: 'its URL',
            member: 'Goal.subject',
            allowed: 'a Patient',
            profile: '`fhir/Goal`',
          },
        },
      ],
    },
  ],
  unreachable: Object.fromEntries(
    [
      'requiredWhen',
      'type',
      'enum',
      'const',
      'format',
      'pattern',
      'tooMany',
      'range',
      'multipleOf',
      'uniqueItems',
      'additionalMember',
      'ambiguous',
      'noMatch',
      'notR4Type',
      'invalid',
      'choice',
    ].map((id) => [id, PROFILE_ONLY]),
  ),
});
