import { bundleReferenceRule } from '../../../src/rules/fhir/bundle-reference.js';
import { edited, example, payloadTester } from '../../support/payload-tester.js';

const NOWHERE = 'urn:uuid:00000000-0000-4000-8000-000000000000';

/** Extensions inside extensions, `depth` levels, with a dangling reference at the bottom. */
function deepExtensions(depth: number): unknown {
  let value: unknown = { url: 'http://example.com/x', valueReference: { reference: NOWHERE } };
  for (let i = 0; i < depth; i++) value = { url: 'http://example.com/x', extension: [value] };
  return [value];
}

payloadTester.run(bundleReferenceRule, {
  valid: [
    { name: 'every urn:uuid names an entry', input: { payload: example('fhir-chargeitemcreate') } },
    { name: 'a searchset', input: { payload: example('fhir-searchset') } },
    {
      name: 'a relative reference to a resource outside the bundle',
      input: { payload: edited('fhir-chargeitemcreate', (p) => void (p.entry[1].resource.subject.reference = 'Patient/elsewhere')) },
    },
    {
      name: 'a dangling focus is bundle-focus’s',
      input: { payload: edited('fhir-chargeitemcreate', (p) => void (p.entry[0].resource.focus[0].reference = NOWHERE)) },
    },
    { name: 'not on a standalone resource', input: { payload: edited('fhir-observation', (p) => void (p.subject = { reference: NOWHERE })) } },
  ],
  invalid: [
    {
      name: "past maxFindingsPerRule: the rest counted in one summary (the runner's, messageId omitted)",
      input: {
        payload: edited('fhir-chargeitemcreate', (p) => {
          p.entry[1].resource.subject.reference = NOWHERE;
          p.entry[1].resource.enterer = { reference: NOWHERE };
          p.entry[1].resource.performingOrganization = { reference: NOWHERE };
        }),
        options: { maxFindingsPerRule: 1 },
      },
      errors: [
        { pointer: '/entry/1/resource/subject/reference', messageId: 'dangling' },
        {
          pointer: '/entry/1/resource/enterer/reference',
          message: /^2 more `bundle-reference` findings \(the first here\) are not listed: at most 1 per rule/,
        },
      ],
    },
    {
      name: 'nested past 512 levels: the walk stops there and says so',
      input: { payload: edited('fhir-chargeitemcreate', (p) => void (p.entry[1].resource.extension = deepExtensions(600))) },
      errors: [{ pointer: `/entry/1/resource${'/extension/0'.repeat(254)}/extension`, messageId: 'tooDeep', data: { depth: 512 } }],
    },
    {
      name: 'a urn:uuid reference matching no entry',
      input: { payload: edited('fhir-chargeitemcreate', (p) => void (p.entry[1].resource.subject.reference = NOWHERE)) },
      errors: [
        {
          pointer: '/entry/1/resource/subject/reference',
          messageId: 'dangling',
          message: /^The reference "urn:uuid:00000000-0000-4000-8000-000000000000" matches no entry's fullUrl; .*reference\)\.$/,
        },
      ],
    },
    {
      name: 'one digit off an entry’s fullUrl: shown whole, and that fullUrl suggested',
      input: { payload: edited('fhir-chargeitemcreate', (p) => void (p.entry[1].resource.subject.reference = `${p.entry[2].fullUrl.slice(0, -1)}9`)) },
      errors: [
        {
          pointer: '/entry/1/resource/subject/reference',
          messageId: 'dangling',
          message:
            'The reference "urn:uuid:5c0b2f2e-1f4e-4f5a-8b0e-7a3c9d2e1f09" matches no entry\'s fullUrl; a urn:uuid reference must name an entry of the same bundle (add that entry, or fix the reference). Did you mean "urn:uuid:5c0b2f2e-1f4e-4f5a-8b0e-7a3c9d2e1f01", the fullUrl of `entry[2]` (a Patient)?',
        },
      ],
    },
    {
      name: 'the fullUrl suggested is of an entry whose resourceType has a line break: quoted, the break escaped',
      input: {
        payload: edited('fhir-chargeitemcreate', (p) => {
          p.entry[1].resource.subject.reference = `${p.entry[2].fullUrl.slice(0, -1)}9`;
          p.entry[2].resource.resourceType = 'x\ny';
        }),
        kind: 'fhir/ChargeItemCreate',
      },
      errors: [
        {
          pointer: '/entry/1/resource/subject/reference',
          messageId: 'dangling',
          data: {
            reference: '"urn:uuid:5c0b2f2e-1f4e-4f5a-8b0e-7a3c9d2e1f09"',
            nearest: ' Did you mean "urn:uuid:5c0b2f2e-1f4e-4f5a-8b0e-7a3c9d2e1f01", the fullUrl of `entry[2]` (a resource of type "x\\ny")?',
          },
        },
      ],
    },
    {
      name: 'the fullUrl suggested is of an entry whose resourceType is 5,000 characters: quoted and shortened',
      input: {
        payload: edited('fhir-chargeitemcreate', (p) => {
          p.entry[1].resource.subject.reference = `${p.entry[2].fullUrl.slice(0, -1)}9`;
          p.entry[2].resource.resourceType = 'a'.repeat(5000);
        }),
        kind: 'fhir/ChargeItemCreate',
      },
      errors: [
        {
          pointer: '/entry/1/resource/subject/reference',
          messageId: 'dangling',
          data: {
            reference: '"urn:uuid:5c0b2f2e-1f4e-4f5a-8b0e-7a3c9d2e1f09"',
            nearest: ` Did you mean "urn:uuid:5c0b2f2e-1f4e-4f5a-8b0e-7a3c9d2e1f01", the fullUrl of \`entry[2]\` (a resource of type "${'a'.repeat(60)}…${'a'.repeat(59)}" (5,000 characters))?`,
          },
        },
      ],
    },
    {
      name: 'two fullUrls equally near: neither suggested',
      input: {
        payload: edited('fhir-chargeitemcreate', (p) => {
          p.entry.push({ fullUrl: `${p.entry[2].fullUrl.slice(0, -1)}2`, resource: { resourceType: 'Basic', code: { text: 'x' } } });
          p.entry[1].resource.subject.reference = `${p.entry[2].fullUrl.slice(0, -1)}9`;
        }),
      },
      errors: [
        {
          pointer: '/entry/1/resource/subject/reference',
          messageId: 'dangling',
          message: /^The reference "urn:uuid:5c0b2f2e-1f4e-4f5a-8b0e-7a3c9d2e1f09" matches no entry's fullUrl; .*reference\)\.$/,
        },
      ],
    },
    {
      name: 'inside a contained resource',
      input: {
        payload: edited(
          'fhir-chargeitemcreate',
          (p) => void (p.entry[1].resource.contained = [{ resourceType: 'Basic', id: 'b', code: { text: 'x' }, subject: { reference: NOWHERE } }]),
        ),
      },
      errors: [{ pointer: '/entry/1/resource/contained/0/subject/reference', messageId: 'dangling' }],
    },
  ],
  unreachable: {
    more: 'validate() folds a rule\'s summary into its own (messageId omitted, findings-cap.ts), which counts it: see "past maxFindingsPerRule"',
  },
});
