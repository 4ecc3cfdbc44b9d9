// What the issue reported, as a user met it: bare CDS Hooks documents had no kind, a named kind
// demanded a `Meta` envelope, standard `extension` members were unknown fields, and a pre-1.0
// order-sign context only drew a warning. Plus the two schema-error readings the CDS Hooks kinds
// brought to light.
import { describe, expect, it } from 'vitest';
import { validate } from '../../src/index.js';
import { example as readExample } from '../support/payload-tester.js';

const key = (f: { ruleId: string; pointer: string }) => `${f.ruleId} ${f.pointer}`;

/** The response of the specification's "Example response" (shortened). */
const response = {
  cards: [
    {
      uuid: '4e0a3a1e-3283-4575-ab82-028d55fe2719',
      summary: 'Example Card',
      indicator: 'info',
      source: { label: 'Static CDS Service Example', url: 'https://example.com' },
      links: [{ label: 'SMART Example App', url: 'https://smart.example.com/launch', type: 'smart', appContext: '{"session":3456356}' }],
    },
  ],
};

const request = {
  hookInstance: 'd1577c69-dfbe-44ad-ba6d-3e05e953b2ea',
  fhirServer: 'http://hooks.smarthealthit.org:9080',
  hook: 'patient-view',
  context: { userId: 'Practitioner/example', patientId: '1288992' },
};

describe('bare CDS Hooks documents', () => {
  it('a response without the Meta envelope is detected and valid', () => {
    expect(validate(response)).toEqual({ kind: 'cds-hooks/response', valid: true, findings: [] });
  });

  it('named explicitly, a bare response gets no Meta finding', () => {
    expect(validate(response, { kind: 'cds-hooks/response' }).findings).toEqual([]);
  });

  it('a patient-view request has its own kind', () => {
    expect(validate(request)).toEqual({ kind: 'cds-hooks/patient-view', valid: true, findings: [] });
  });

  it('standard extension members are not unknown fields', () => {
    const extension = { 'com.example.timestamp': '2017-11-27T22:13:25Z' };
    const withExtensions = {
      cards: [{ ...response.cards[0], extension, suggestions: [{ label: 'Do it', extension }], selectionBehavior: 'any' }],
      extension,
    };
    expect(validate(withExtensions).findings).toEqual([]);
    expect(validate({ ...request, extension }).findings).toEqual([]);
    expect(validate({ services: [{ hook: 'patient-view', id: 'x', description: 'd', extension }] }).findings).toEqual([]);
  });

  it('an order-sign context with the pre-1.0 `medications` is an error with its replacement as the fix', () => {
    const orderSign = {
      hook: 'order-sign',
      hookInstance: 'd1577c69-dfbe-44ad-ba6d-3e05e953b2ea',
      context: { userId: 'Practitioner/example', patientId: '1288992', medications: { resourceType: 'Bundle', type: 'collection' } },
    };
    const finding = validate(orderSign).findings.find((f) => f.pointer === '/context/medications');
    expect(finding).toMatchObject({ ruleId: 'cds-hooks-deprecated-context', severity: 'error' });
    expect(finding?.message).toContain('draftOrders');
    expect(finding?.fix).toEqual({ kind: 'rename-member', pointer: '/context/medications', from: 'medications', to: 'draftOrders' });
  });

  it('a request of another hook in the Meta envelope is unknown, and the message names its bare kind', () => {
    const wrapped = { Meta: { DataModel: 'CDSHooks', EventType: 'patient-view' }, ...request };
    const [finding] = validate(wrapped).findings;
    expect(finding).toMatchObject({ ruleId: 'unknown-kind', pointer: '/Meta/EventType' });
    expect(finding?.message).toContain('cds-hooks/patient-view');
  });
});

describe('schema errors', () => {
  // Every branch of the prefetch value's anyOf is for another JSON type than the number given: the
  // message names them all, not the one branch it happened to weigh.
  it('a prefetch value of no allowed type is told every type it may have', () => {
    const bare = validate({ ...request, prefetch: { x: 5 } }).findings;
    expect(bare).toEqual([
      expect.objectContaining({ ruleId: 'schema', pointer: '/prefetch/x', message: '`prefetch.x` must be null or object, not a number.' }),
    ]);
    const orderSign = validate({ ...readExample('cdshooks-order-sign'), prefetch: { x: 5 } }).findings;
    expect(orderSign).toEqual([
      expect.objectContaining({ ruleId: 'schema', pointer: '/prefetch/x', message: '`prefetch.x` must be string, null or object, not a number.' }),
    ]);
  });

  it('an object in a slot that also takes a string is reported for what is wrong with the object', () => {
    const result = validate({
      cards: [],
      systemActions: [
        { type: 'update', description: 'Update the order', resource: { resourceType: 'ServiceRequest', id: 'x', status: 'draft', intent: 'order' } },
      ],
    });
    // Not "must be string": the resource is an object, and it misses ServiceRequest.subject.
    expect(result.findings.map(key)).toEqual(['schema /systemActions/0/resource/subject']);
  });

  it('a member required by another names that member', () => {
    const { fhirServer, ...withoutServer } = request;
    const auth = { access_token: 't', token_type: 'Bearer', expires_in: 300, scope: 'user/Patient.read', subject: 's' };
    const [finding] = validate({ ...withoutServer, fhirAuthorization: auth }).findings;
    expect(finding).toMatchObject({ ruleId: 'schema', pointer: '/fhirServer' });
    expect(finding?.message).toBe('`fhirServer` is required when `fhirAuthorization` is present but missing.');
    expect(fhirServer).toBeDefined();
  });
});
