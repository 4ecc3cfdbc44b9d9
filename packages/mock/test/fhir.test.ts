// The FHIR operations, create and searches over HTTP: valid bodies accepted, invalid ones answered with an
// OperationOutcome whose issues carry the findings.
import { describe, expect, it } from 'vitest';
import { OPERATIONS as OPERATION_KINDS } from '../src/routes/fhir.js';
import { example, postForm, postJson } from './support/client.js';
import { useMock } from './support/mock.js';

const running = useMock();
const BASE = '/fhir/R4/monroe-clinic/production';
const FHIR = 'application/fhir+json';

/** The spec's operation paths, written out here (not taken from the routes), each with its valid example. */
const OPERATIONS: [string, string][] = [
  ['ChargeItem/$charge-item-create', 'fhir-chargeitemcreate.json'],
  ['ServiceRequest/$referral-request', 'fhir-referralrequest.json'],
  ['ServiceRequest/$referral-complete', 'fhir-referralcomplete.json'],
  ['DocumentReference/$documentreference-create', 'fhir-documentreferencecreate.json'],
  ['Encounter/$encounter-transfer', 'fhir-encountertransfer.json'],
  ['Claim/$attach', 'fhir-claimattach.json'],
];

describe('FHIR operations', () => {
  it("routes the spec's operation paths (and the MedicationRequest create) and no other", () => {
    expect(Object.keys(OPERATION_KINDS).sort()).toEqual([...OPERATIONS.map(([suffix]) => suffix), 'MedicationRequest'].sort());
  });

  it.each(OPERATIONS)('POST %s accepts its valid example', async (suffix, file) => {
    const response = await postJson(`${running.url}${BASE}/${suffix}`, example(file), running.token, FHIR);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect(running.mock.requests.at(-1)).toMatchObject({ status: 204, kind: OPERATION_KINDS[suffix], findings: [] });
  });

  it.each(OPERATIONS)('POST %s refuses a bundle without its MessageHeader source with 422', async (suffix, file) => {
    const bundle = example(file);
    const header = bundle.entry[0].resource;
    if (header.resourceType === 'MessageHeader') delete header.source;
    else bundle.type = 'transaction';
    const response = await postJson(`${running.url}${BASE}/${suffix}`, bundle, running.token, FHIR);
    expect(response.status).toBe(422);
    const outcome = (await response.json()) as { issue: { severity: string; expression: string[]; diagnostics: string }[] };
    expect(outcome.issue.length).toBeGreaterThan(0);
    for (const issue of outcome.issue) expect(issue.expression[0]).toMatch(/^Bundle(\.|$)/);
  });

  it('answers the same operation directly under the base URL', async () => {
    const response = await postJson(`${running.url}/Claim/$attach`, example('fhir-claimattach.json'), running.token, FHIR);
    expect(response.status).toBe(204);
  });

  it('creates a MedicationRequest: 201, an id and a Location', async () => {
    const response = await postJson(`${running.url}${BASE}/MedicationRequest`, example('fhir-medicationrequest.json'), running.token, FHIR);
    expect(response.status).toBe(201);
    const created = (await response.json()) as { resourceType: string; id: string };
    expect(created.resourceType).toBe('MedicationRequest');
    expect(response.headers.get('location')).toBe(`MedicationRequest/${created.id}/_history/1`);
  });

  it('refuses a MedicationRequest with a status outside its value set, the expression naming the member', async () => {
    const resource = example('fhir-medicationrequest.json');
    resource.status = 'signed';
    const response = await postJson(`${running.url}${BASE}/MedicationRequest`, resource, running.token, FHIR);
    expect(response.status).toBe(422);
    const outcome = (await response.json()) as { issue: Record<string, unknown>[] };
    expect(outcome.issue).toContainEqual(
      expect.objectContaining({ severity: 'error', expression: ['MedicationRequest.status'], diagnostics: expect.stringContaining('status') }),
    );
  });
});

describe('FHIR searches', () => {
  it('POST Goal/_search answers a searchset of the fixture Goals of the patient', async () => {
    const goal = example('fhir-goal.json');
    const patient = example('fhir-patient.json');
    const form = new URLSearchParams({ patient: `Patient/${patient.id}`, 'lifecycle-status': goal.lifecycleStatus });
    const response = await postForm(`${running.url}${BASE}/Goal/_search`, form, running.token);
    expect(response.status).toBe(200);
    const bundle = (await response.json()) as { type: string; total: number; entry: { resource: { resourceType: string; id: string } }[] };
    expect(bundle.type).toBe('searchset');
    expect(bundle.entry.map((e) => e.resource.id)).toContain(goal.id);
  });

  it('answers an empty searchset when nothing matches', async () => {
    const response = await postForm(`${running.url}${BASE}/Patient/_search`, 'family=Nobody-Of-That-Name', running.token);
    expect(await response.json()).toMatchObject({ resourceType: 'Bundle', type: 'searchset', total: 0, entry: [] });
  });

  it('includes the patient coverage and accounts for _revinclude', async () => {
    const form = new URLSearchParams([
      ['family', 'Bixby'],
      ['_revinclude', 'Coverage:beneficiary'],
      ['_revinclude', 'Account:subject'],
    ]);
    const bundle = (await (await postForm(`${running.url}${BASE}/Patient/_search`, form, running.token)).json()) as {
      entry: { resource: { resourceType: string }; search: { mode: string } }[];
    };
    const included = bundle.entry.filter((e) => e.search.mode === 'include').map((e) => e.resource.resourceType);
    expect(included.sort()).toEqual(['Account', 'Coverage']);
  });

  it('refuses an unknown parameter with 400 and an OperationOutcome naming it', async () => {
    const response = await postForm(`${running.url}${BASE}/Goal/_search`, 'patient=Patient/1&status=active', running.token);
    expect(response.status).toBe(400);
    const outcome = (await response.json()) as { issue: Record<string, unknown>[] };
    expect(outcome.issue).toContainEqual(
      expect.objectContaining({
        severity: 'error',
        expression: ['Parameters.status'],
        details: { coding: [expect.objectContaining({ code: 'search-param' })] },
      }),
    );
  });
});
