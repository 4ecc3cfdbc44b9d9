import { fhirReferenceRule } from '../../../src/rules/fhir/fhir-reference.js';
import { edited, example, patched, payloadTester } from '../../support/payload-tester.js';

const obs = (subject: Record<string, unknown>, more: Record<string, unknown> = {}) => ({
  resourceType: 'Observation',
  status: 'final',
  code: { text: 'Weight' },
  subject,
  ...more,
});
const SUBJECT = 'a Patient, Group, Device or Location';
/** A resourceType of 5,000 characters as a message shows it: quoted, cut in the middle, with its length. */
const LONG_SHOWN = `"${'a'.repeat(60)}…${'a'.repeat(59)}" (5,000 characters)`;
const uuid = (n: number) => `urn:uuid:9f1a3c4d-5e6f-4a7b-8c8d-1e2f3a4b5c${String(n).padStart(2, '0')}`;

payloadTester.run(fhirReferenceRule, {
  valid: [
    { name: 'a relative reference to a type R4 allows', input: { payload: obs({ reference: 'Patient/123' }) } },
    { name: 'with a version', input: { payload: obs({ reference: 'Patient/123/_history/2' }) } },
    { name: 'an absolute URL', input: { payload: obs({ reference: 'https://example.org/fhir/Patient/123' }) } },
    { name: 'an absolute URL that names no type', input: { payload: obs({ reference: 'https://example.org/people/7' }) } },
    { name: 'a urn:uuid outside a bundle', input: { payload: obs({ reference: uuid(1) }) } },
    { name: 'a urn:oid', input: { payload: obs({ reference: 'urn:oid:1.2.840.113619.6.197' }) } },
    { name: 'a conditional reference', input: { payload: obs({ reference: 'Patient?identifier=http://x|1' }) } },
    {
      name: 'a #id of a contained resource of an allowed type',
      input: { payload: obs({ reference: '#p1' }, { contained: [{ resourceType: 'Patient', id: 'p1' }] }) },
    },
    { name: 'Reference.type that agrees', input: { payload: obs({ reference: 'Patient/1', type: 'Patient' }) } },
    { name: 'only an identifier', input: { payload: obs({ identifier: { value: '1' } }) } },
    {
      name: 'any target where R4 allows any (Observation.focus)',
      input: { payload: obs({ reference: 'Patient/1' }, { focus: [{ reference: 'Medication/1' }] }) },
    },
    { name: 'every example bundle', input: { payload: example('fhir-chargeitemcreate') } },
    { name: 'a CDS Hooks request', input: { payload: example('cds-hooks-patient-view') } },
    {
      name: "a service profile's member R4 does not allow: reference-target's finding (one per cause)",
      input: { payload: patched('fhir-goal', [{ op: 'replace', path: '/subject/reference', value: 'Medication/1' }]) },
    },
  ],
  invalid: [
    {
      name: 'a space instead of a slash',
      input: { payload: obs({ reference: 'Patient 123' }) },
      errors: [{ pointer: '/subject/reference', messageId: 'malformed', data: { field: '`subject.reference`', value: '"Patient 123"' } }],
    },
    {
      name: 'a colon instead of a slash',
      input: { payload: obs({ reference: 'Organization:f1' }) },
      errors: [{ pointer: '/subject/reference', messageId: 'malformed' }],
    },
    {
      name: 'a type in lower case',
      input: { payload: obs({ reference: 'patient/1' }) },
      errors: [
        {
          pointer: '/subject/reference',
          messageId: 'unknownTypeCase',
          data: { field: '`subject.reference`', value: '"patient/1"', type: '"patient"', near: '`Patient`' },
        },
      ],
    },
    {
      name: 'a type R4 does not have',
      input: { payload: obs({ reference: 'Person2/1' }) },
      errors: [{ pointer: '/subject/reference', messageId: 'unknownType' }],
    },
    {
      name: 'an id FHIR does not allow',
      input: { payload: obs({ reference: 'Patient/a_b' }) },
      errors: [{ pointer: '/subject/reference', messageId: 'badId', data: { field: '`subject.reference`', value: '"Patient/a_b"', id: '"a_b"' } }],
    },
    {
      name: 'a urn:uuid that is not a UUID',
      input: { payload: obs({ reference: 'urn:uuid:1234' }) },
      errors: [{ pointer: '/subject/reference', messageId: 'badUuid' }],
    },
    {
      name: 'a urn:oid that is not an OID',
      input: { payload: obs({ reference: 'urn:oid:1.02.x' }) },
      errors: [{ pointer: '/subject/reference', messageId: 'badOid' }],
    },
    {
      name: 'a #id with no contained resource (ref-1)',
      input: { payload: obs({ reference: '#p1' }) },
      errors: [{ pointer: '/subject/reference', messageId: 'noContained', data: { field: '`subject.reference`', value: '"#p1"', id: '"p1"' } }],
    },
    {
      name: 'a type R4 does not allow at the element, read from the URL',
      input: { payload: obs({ reference: 'Medication/x' }) },
      errors: [
        {
          pointer: '/subject/reference',
          messageId: 'wrongTarget',
          data: { field: '`subject.reference`', found: 'a Medication', via: 'its URL', allowed: SUBJECT, element: 'Observation.subject' },
        },
      ],
    },
    {
      name: 'read from the contained resource',
      input: { payload: obs({ reference: '#m' }, { contained: [{ resourceType: 'Medication', id: 'm' }] }) },
      errors: [
        {
          pointer: '/subject/reference',
          messageId: 'wrongTarget',
          data: {
            field: '`subject.reference`',
            found: 'a Medication',
            via: 'the contained resource it names',
            allowed: SUBJECT,
            element: 'Observation.subject',
          },
        },
      ],
    },
    {
      name: 'read from the bundle entry a urn:uuid resolves to',
      input: {
        payload: {
          resourceType: 'Bundle',
          type: 'transaction',
          entry: [
            { fullUrl: uuid(1), resource: { resourceType: 'Medication' }, request: { method: 'POST', url: 'Medication' } },
            { fullUrl: uuid(2), resource: obs({ reference: uuid(1) }), request: { method: 'POST', url: 'Observation' } },
          ],
        },
      },
      errors: [
        {
          pointer: '/entry/1/resource/subject/reference',
          messageId: 'wrongTarget',
          data: {
            field: '`entry[1].resource.subject.reference`',
            found: 'a Medication',
            via: 'the entry it resolves to, `entry[0]`',
            allowed: SUBJECT,
            element: 'Observation.subject',
          },
        },
      ],
    },
    {
      name: 'read from a contained resource whose resourceType is 5,000 characters: quoted and shortened',
      input: { payload: obs({ reference: '#m' }, { contained: [{ resourceType: 'a'.repeat(5000), id: 'm' }] }) },
      errors: [
        {
          pointer: '/subject/reference',
          messageId: 'wrongTarget',
          data: {
            field: '`subject.reference`',
            found: `a resource of type ${LONG_SHOWN}`,
            via: 'the contained resource it names',
            allowed: SUBJECT,
            element: 'Observation.subject',
          },
        },
      ],
    },
    {
      name: 'read from a bundle entry whose resourceType has a line break: quoted, the break escaped',
      input: {
        payload: {
          resourceType: 'Bundle',
          type: 'collection',
          entry: [
            { fullUrl: uuid(1), resource: { resourceType: 'x\ny' } },
            { fullUrl: uuid(2), resource: obs({ reference: uuid(1) }) },
          ],
        },
      },
      errors: [
        {
          pointer: '/entry/1/resource/subject/reference',
          messageId: 'wrongTarget',
          data: {
            field: '`entry[1].resource.subject.reference`',
            found: 'a resource of type "x\\ny"',
            via: 'the entry it resolves to, `entry[0]`',
            allowed: SUBJECT,
            element: 'Observation.subject',
          },
        },
      ],
    },
    {
      name: 'Reference.type that disagrees with a contained resource whose resourceType has a line break: quoted, escaped',
      input: {
        payload: obs({ reference: 'Patient/1' }, { focus: [{ reference: '#x', type: 'Patient' }], contained: [{ resourceType: 'x\ny', id: 'x' }] }),
      },
      errors: [
        {
          pointer: '/focus/0/type',
          messageId: 'typeDisagrees',
          data: { field: '`focus[0].type`', type: '"Patient"', found: 'a resource of type "x\\ny"', via: 'the contained resource it names' },
        },
      ],
    },
    {
      name: 'inside a data type: Identifier.assigner',
      input: { payload: obs({ reference: 'Patient/1' }, { identifier: [{ value: '1', assigner: { reference: 'Patient/2' } }] }) },
      errors: [{ pointer: '/identifier/0/assigner/reference', messageId: 'wrongTarget' }],
    },
    {
      name: 'inside a backbone element and a contained resource',
      input: {
        payload: obs(
          { reference: 'Patient/1' },
          { contained: [{ resourceType: 'Patient', id: 'p', link: [{ other: { reference: 'Device/1' }, type: 'seealso' }] }] },
        ),
      },
      errors: [{ pointer: '/contained/0/link/0/other/reference', messageId: 'wrongTarget' }],
    },
    {
      name: 'in an extension (any target, the syntax checked)',
      input: { payload: obs({ reference: 'Patient/1' }, { extension: [{ url: 'http://x', valueReference: { reference: 'Patient 1' } }] }) },
      errors: [{ pointer: '/extension/0/valueReference/reference', messageId: 'malformed' }],
    },
    {
      name: 'in an extension deep in a data type that holds no reference of its own (the whole resource is walked)',
      input: {
        payload: obs(
          { reference: 'Patient/1' },
          { code: { coding: [{ code: 'x', extension: [{ url: 'http://x', valueReference: { reference: 'Patient 1' } }] }] } },
        ),
      },
      errors: [{ pointer: '/code/coding/0/extension/0/valueReference/reference', messageId: 'malformed' }],
    },
    {
      name: 'Reference.type that disagrees with the reference',
      input: { payload: obs({ reference: 'Patient/1', type: 'Group' }) },
      errors: [
        { pointer: '/subject/type', messageId: 'typeDisagrees', data: { field: '`subject.type`', type: '"Group"', found: 'a Patient', via: 'its URL' } },
      ],
    },
    {
      name: 'Reference.type R4 does not allow there',
      input: { payload: obs({ identifier: { value: '1' }, type: 'Medication' }) },
      errors: [
        {
          pointer: '/subject/type',
          messageId: 'typeNotAllowed',
          data: { field: '`subject.type`', type: '"Medication"', allowed: SUBJECT, element: 'Observation.subject' },
        },
      ],
    },
    {
      name: 'in a prefetched resource of a CDS Hooks request',
      input: { payload: edited('cds-hooks-patient-view', (p) => void (p.prefetch.patient.generalPractitioner = [{ reference: 'Patient/1' }])) },
      errors: [{ pointer: '/prefetch/patient/generalPractitioner/0/reference', messageId: 'wrongTarget' }],
    },
  ],
});
