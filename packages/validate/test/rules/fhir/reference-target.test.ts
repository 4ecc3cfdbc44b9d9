import { referenceTargetRule } from '../../../src/rules/fhir/reference-target.js';
import { example, patched, payloadTester } from '../../support/payload-tester.js';

const DOCUMENT_SUBJECT = 'a Patient, Practitioner, Group or Device';
/** A type name of 5,000 characters as a message shows it: quoted, cut in the middle, with its length. */
const LONG_TYPE = `A${'a'.repeat(4999)}`;
const LONG_SHOWN = `"A${'a'.repeat(59)}…${'a'.repeat(59)}" (5,000 characters)`;

payloadTester.run(referenceTargetRule, {
  valid: [
    { name: 'a Goal whose subject is a Patient', input: { payload: example('fhir-goal') } },
    {
      name: "a target R4 allows and the service does not is service-profile's",
      input: { payload: patched('fhir-goal', [{ op: 'replace', path: '/subject/reference', value: 'Group/7' }]) },
    },
    { name: 'a Claim $attach bundle as the spec shows it', input: { payload: example('fhir-claimattach') } },
  ],
  invalid: [
    {
      name: 'a type R4 does not allow there, read from the URL (R4 and the service agree)',
      input: { payload: patched('fhir-claimattach', [{ op: 'replace', path: '/entry/0/resource/subject/reference', value: 'Organization/1' }]) },
      errors: [
        {
          pointer: '/entry/0/resource/subject/reference',
          messageId: 'notR4',
          data: {
            field: '`entry[0].resource.subject`',
            reference: '"Organization/1"',
            found: 'an Organization',
            via: 'its URL',
            member: 'DocumentReference.subject',
            r4: DOCUMENT_SUBJECT,
          },
        },
      ],
    },
    {
      name: 'read from the entry a urn:uuid resolves to',
      input: {
        payload: patched('fhir-claimattach', [
          { op: 'replace', path: '/entry/0/resource/subject/reference', value: 'urn:uuid:9f1a3c4d-5e6f-4a7b-8c8d-1e2f3a4b5c63' },
        ]),
      },
      errors: [
        {
          pointer: '/entry/0/resource/subject/reference',
          messageId: 'notR4',
          message: /^`entry\[0\]\.resource\.subject` refers to ".*", an Organization \(read from the entry it resolves to, `entry\[2\]`\);/,
        },
      ],
    },
    {
      name: 'read from the entry a urn:uuid resolves to, whose resourceType has a line break: quoted, the break escaped',
      input: {
        payload: patched('fhir-claimattach', [
          { op: 'replace', path: '/entry/0/resource/subject/reference', value: 'urn:uuid:9f1a3c4d-5e6f-4a7b-8c8d-1e2f3a4b5c63' },
          { op: 'replace', path: '/entry/2/resource/resourceType', value: 'x\ny' },
        ]),
      },
      errors: [
        {
          pointer: '/entry/0/resource/subject/reference',
          messageId: 'notR4',
          data: {
            field: '`entry[0].resource.subject`',
            reference: '"urn:uuid:9f1a3c4d-5e6f-4a7b-8c8d-1e2f3a4b5c63"',
            found: 'a resource of type "x\\ny"',
            via: 'the entry it resolves to, `entry[2]`',
            member: 'DocumentReference.subject',
            r4: DOCUMENT_SUBJECT,
          },
        },
      ],
    },
    {
      name: 'read from a URL whose type is 5,000 characters: the type quoted and shortened',
      input: { payload: patched('fhir-claimattach', [{ op: 'replace', path: '/entry/0/resource/subject/reference', value: `${LONG_TYPE}/1` }]) },
      errors: [
        {
          pointer: '/entry/0/resource/subject/reference',
          messageId: 'notR4',
          data: {
            field: '`entry[0].resource.subject`',
            reference: `"A${'a'.repeat(999)}…${'a'.repeat(997)}/1" (5,002 characters)`,
            found: `a resource of type ${LONG_SHOWN}`,
            via: 'its URL',
            member: 'DocumentReference.subject',
            r4: DOCUMENT_SUBJECT,
          },
        },
      ],
    },
    {
      name: 'where the service takes fewer types than R4, both are named',
      input: { payload: patched('fhir-goal', [{ op: 'replace', path: '/subject/reference', value: 'Practitioner/7' }]) },
      errors: [
        {
          pointer: '/subject/reference',
          messageId: 'notR4Service',
          data: {
            field: '`subject`',
            reference: '"Practitioner/7"',
            found: 'a Practitioner',
            via: 'its URL',
            member: 'Goal.subject',
            r4: 'a Patient, Group or Organization',
            service: 'a Patient',
          },
        },
      ],
    },
  ],
});
