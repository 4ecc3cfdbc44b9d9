import { fhirBundleRule } from '../../../src/rules/fhir/fhir-bundle.js';
import { edited, example, payloadTester } from '../../support/payload-tester.js';

const U1 = 'urn:uuid:9f1a3c4d-5e6f-4a7b-8c8d-1e2f3a4b5c01';
const U2 = 'urn:uuid:9f1a3c4d-5e6f-4a7b-8c8d-1e2f3a4b5c02';
const patient = { resourceType: 'Patient' };
const post = { method: 'POST', url: 'Patient' };
const transaction = (entry: unknown[]) => ({ resourceType: 'Bundle', type: 'transaction', entry });
const collection = (entry: unknown[], more: Record<string, unknown> = {}) => ({ resourceType: 'Bundle', type: 'collection', entry, ...more });
/** A resourceType of 5,000 characters as a message shows it: quoted, cut in the middle, with its length. */
const LONG_SHOWN = `"${'a'.repeat(60)}…${'a'.repeat(59)}" (5,000 characters)`;

payloadTester.run(fhirBundleRule, {
  valid: [
    {
      name: 'a transaction with distinct fullUrls',
      input: {
        payload: transaction([
          { fullUrl: U1, resource: patient, request: post },
          { fullUrl: U2, resource: patient, request: post },
        ]),
      },
    },
    { name: 'the example bundles', input: { payload: example('fhir-chargeitemcreate') } },
    { name: 'a searchset', input: { payload: example('fhir-searchset') } },
    {
      name: 'one resource in two versions (bdl-7 allows it)',
      input: {
        payload: collection([
          { fullUrl: 'https://x.org/fhir/Patient/1', resource: { resourceType: 'Patient', id: '1', meta: { versionId: '1' } } },
          { fullUrl: 'https://x.org/fhir/Patient/1', resource: { resourceType: 'Patient', id: '1', meta: { versionId: '2' } } },
        ]),
      },
    },
    {
      name: 'a document with its Composition, identifier and timestamp',
      input: {
        payload: {
          resourceType: 'Bundle',
          type: 'document',
          identifier: { system: 'urn:ietf:rfc:3986', value: U1 },
          timestamp: '2026-03-01T09:30:00Z',
          entry: [{ fullUrl: U2, resource: { resourceType: 'Composition' } }],
        },
      },
    },
  ],
  invalid: [
    {
      name: 'a version met again after another one of the same fullUrl (bdl-7), named by the first entry with it',
      input: {
        payload: collection([
          { fullUrl: U2, resource: patient },
          { fullUrl: 'https://x.org/fhir/Patient/1', resource: { resourceType: 'Patient', id: '1', meta: { versionId: '1' } } },
          { fullUrl: 'https://x.org/fhir/Patient/1', resource: { resourceType: 'Patient', id: '1', meta: { versionId: '2' } } },
          { fullUrl: 'https://x.org/fhir/Patient/1', resource: { resourceType: 'Patient', id: '1', meta: { versionId: '1' } } },
        ]),
      },
      errors: [
        {
          pointer: '/entry/3/fullUrl',
          messageId: 'duplicateFullUrl',
          data: { key: 'bdl-7', field: '`entry[3].fullUrl`', type: 'collection', fullUrl: '"https://x.org/fhir/Patient/1"', first: 1 },
        },
      ],
    },
    {
      name: 'two entries sharing one urn:uuid fullUrl (bdl-7)',
      input: {
        payload: transaction([
          { fullUrl: U1, resource: patient, request: post },
          { fullUrl: U1, resource: patient, request: post },
        ]),
      },
      errors: [
        {
          pointer: '/entry/1/fullUrl',
          messageId: 'duplicateFullUrl',
          data: { key: 'bdl-7', field: '`entry[1].fullUrl`', type: 'transaction', fullUrl: `"${U1}"`, first: 0 },
        },
      ],
    },
    {
      name: 'a fullUrl of another type than its resource',
      input: { payload: collection([{ fullUrl: 'https://x.org/fhir/Observation/1', resource: { resourceType: 'Patient', id: '1' } }]) },
      errors: [
        {
          pointer: '/entry/0/fullUrl',
          messageId: 'fullUrlType',
          data: {
            key: 'fullUrl',
            field: '`entry[0].fullUrl`',
            type: 'collection',
            fullUrl: '"https://x.org/fhir/Observation/1"',
            urlType: 'Observation',
            actual: 'a Patient',
          },
        },
      ],
    },
    {
      name: 'a fullUrl of a type, its resource of a resourceType with a line break: quoted, the break escaped',
      input: { payload: collection([{ fullUrl: 'https://x.org/fhir/Observation/1', resource: { resourceType: 'x\ny', id: '1' } }]) },
      errors: [
        {
          pointer: '/entry/0/fullUrl',
          messageId: 'fullUrlType',
          data: {
            key: 'fullUrl',
            field: '`entry[0].fullUrl`',
            type: 'collection',
            fullUrl: '"https://x.org/fhir/Observation/1"',
            urlType: 'Observation',
            actual: 'a resource of type "x\\ny"',
          },
        },
      ],
    },
    {
      name: 'a fullUrl whose id is not the resource id',
      input: { payload: collection([{ fullUrl: 'https://x.org/fhir/Patient/1', resource: { resourceType: 'Patient', id: '2' } }]) },
      errors: [{ pointer: '/entry/0/fullUrl', messageId: 'fullUrlId' }],
    },
    { name: 'total outside a search (bdl-1)', input: { payload: collection([], { total: 3 }) }, errors: [{ pointer: '/total', messageId: 'total' }] },
    {
      name: 'search outside a searchset (bdl-2)',
      input: { payload: collection([{ fullUrl: U1, resource: patient, search: { mode: 'match' } }]) },
      errors: [{ pointer: '/entry/0/search', messageId: 'search' }],
    },
    {
      name: 'a transaction entry without request (bdl-3)',
      input: { payload: transaction([{ fullUrl: U1, resource: patient }]) },
      errors: [{ pointer: '/entry/0', messageId: 'requestMissing' }],
    },
    {
      name: 'a request outside batch, transaction, history (bdl-3)',
      input: { payload: collection([{ fullUrl: U1, resource: patient, request: post }]) },
      errors: [{ pointer: '/entry/0/request', messageId: 'requestNotAllowed' }],
    },
    {
      name: 'a transaction-response entry without response (bdl-4)',
      input: { payload: { resourceType: 'Bundle', type: 'transaction-response', entry: [{ fullUrl: U1, resource: patient }] } },
      errors: [{ pointer: '/entry/0', messageId: 'responseMissing' }],
    },
    {
      name: 'a response outside a response bundle (bdl-4)',
      input: { payload: collection([{ fullUrl: U1, resource: patient, response: { status: '201' } }]) },
      errors: [{ pointer: '/entry/0/response', messageId: 'responseNotAllowed' }],
    },
    { name: 'an entry with nothing (bdl-5)', input: { payload: collection([{ fullUrl: U1 }]) }, errors: [{ pointer: '/entry/0', messageId: 'noResource' }] },
    {
      name: 'a version-specific fullUrl (bdl-8)',
      input: { payload: collection([{ fullUrl: 'https://x.org/fhir/Patient/1/_history/2', resource: { resourceType: 'Patient', id: '1' } }]) },
      errors: [{ pointer: '/entry/0/fullUrl', messageId: 'versionedFullUrl' }],
    },
    {
      name: 'a document without identifier, timestamp or Composition first (bdl-9, bdl-10, bdl-11)',
      input: { payload: { resourceType: 'Bundle', type: 'document', entry: [{ fullUrl: U1, resource: patient }] } },
      errors: [
        { pointer: '', messageId: 'documentIdentifier' },
        { pointer: '', messageId: 'documentDate' },
        {
          pointer: '/entry/0/resource',
          messageId: 'documentComposition',
          data: { key: 'bdl-11', field: '`entry[0].resource`', type: 'document', first: 'a Patient' },
        },
      ],
    },
    {
      name: 'a document whose first resourceType is 5,000 characters (bdl-11): quoted and shortened',
      input: {
        payload: {
          resourceType: 'Bundle',
          type: 'document',
          identifier: { system: 'urn:ietf:rfc:3986', value: U1 },
          timestamp: '2026-03-01T09:30:00Z',
          entry: [{ fullUrl: U2, resource: { resourceType: 'a'.repeat(5000) } }],
        },
      },
      errors: [
        {
          pointer: '/entry/0/resource',
          messageId: 'documentComposition',
          data: { key: 'bdl-11', field: '`entry[0].resource`', type: 'document', first: `a resource of type ${LONG_SHOWN}` },
        },
      ],
    },
    {
      name: 'a message bundle inside a CDS Hooks request whose first resourceType has a line break (bdl-12): quoted, escaped',
      input: {
        payload: edited(
          'cds-hooks-patient-view',
          (p) => void (p.prefetch.message = { resourceType: 'Bundle', type: 'message', entry: [{ fullUrl: U1, resource: { resourceType: 'x\ny' } }] }),
        ),
      },
      errors: [
        {
          pointer: '/prefetch/message/entry/0/resource',
          messageId: 'messageHeader',
          data: { key: 'bdl-12', field: '`prefetch.message.entry[0].resource`', type: 'message', first: 'a resource of type "x\\ny"' },
        },
      ],
    },
    {
      name: 'a message bundle inside a CDS Hooks request, not starting with its MessageHeader (bdl-12)',
      input: {
        payload: edited(
          'cds-hooks-patient-view',
          (p) => void (p.prefetch.message = { resourceType: 'Bundle', type: 'message', entry: [{ fullUrl: U1, resource: patient }] }),
        ),
      },
      errors: [
        {
          pointer: '/prefetch/message/entry/0/resource',
          messageId: 'messageHeader',
          data: { key: 'bdl-12', field: '`prefetch.message.entry[0].resource`', type: 'message', first: 'a Patient' },
        },
      ],
    },
  ],
});
