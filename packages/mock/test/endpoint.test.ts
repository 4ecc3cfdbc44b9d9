// POST /endpoint (Data Model) and the CDS Hooks endpoint over HTTP, and the mock's check of its own answers.
import { describe, expect, it } from 'vitest';
import { startMock } from '../src/index.js';
import { CLIENT_ID, example, keyPair, postJson, tokenFor } from './support/client.js';
import { useMock } from './support/mock.js';

const CARD = { summary: 'Check the dose', indicator: 'warning', source: { label: 'Mock CDS' } };
const DOCUMENTS = { Meta: { DataModel: 'Clinical Summary', EventType: 'DocumentQueryResponse' }, Documents: [] };
const running = useMock({ cards: { 'dose-check': [CARD] }, answers: { 'Clinical Summary/DocumentQuery': DOCUMENTS } });

describe('POST /endpoint', () => {
  it('acknowledges an accepted event with 202, its kind and no error', async () => {
    const response = await postJson(`${running.url}/endpoint`, example('provider-update.json'), running.token);
    expect(response.status).toBe(202);
    expect(await response.json()).toMatchObject({ accepted: true, kind: 'Provider/Update' });
  });

  it('answers an AvailableSlots query with the AvailableSlotsResponse fixture', async () => {
    const response = await postJson(`${running.url}/endpoint`, example('scheduling-availableslots.json'), running.token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(example('scheduling-availableslotsresponse.json'));
  });

  it('answers a query whose response the spec does not show with the configured answer', async () => {
    const response = await postJson(`${running.url}/endpoint`, example('clinical-summary-documentquery.json'), running.token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(DOCUMENTS);
  });

  it('refuses a query with two destinations (destinations) with 400 and the finding', async () => {
    const query = example('scheduling-availableslots.json');
    query.Meta.Destinations.push({ ID: '0f4cfbc2-4a76-4a63-8c2b-4a5e9b3c7d10', Name: 'Second EHR' });
    const response = await postJson(`${running.url}/endpoint`, query, running.token);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; kind: string; findings: { ruleId: string; pointer: string }[] };
    expect(body).toMatchObject({ error: 'invalid-message', kind: 'Scheduling/AvailableSlots' });
    expect(body.findings).toContainEqual(expect.objectContaining({ ruleId: 'destinations', pointer: '/Meta/Destinations' }));
  });

  it('refuses a payload of no known kind with unknown-kind, and a FHIR bundle as the wrong endpoint', async () => {
    const unknown = await postJson(`${running.url}/endpoint`, { hello: 'world' }, running.token);
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { findings: { ruleId: string }[] }).findings[0]!.ruleId).toBe('unknown-kind');
    const fhir = await postJson(`${running.url}/endpoint`, example('fhir-chargeitemcreate.json'), running.token);
    expect(fhir.status).toBe(400);
    expect(await fhir.json()).toMatchObject({ error: 'wrong-endpoint', kind: 'fhir/ChargeItemCreate' });
  });

  it('answers 404 for a path the service does not have and 405 for another method', async () => {
    expect((await postJson(`${running.url}/nowhere`, {}, running.token)).status).toBe(404);
    const get = await fetch(`${running.url}/endpoint`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });
});

describe('POST /cds-hooks/v1/sources/{sourceId}/cds-services/{serviceId}', () => {
  const path = (service: string) => `${running.url}/cds-hooks/v1/sources/source-1/cds-services/${service}`;

  it('answers a valid order-sign request (the service message and the standard one) with the configured cards', async () => {
    for (const file of ['cdshooks-order-sign.json', 'cds-hooks-order-sign.json']) {
      const response = await postJson(path('dose-check'), example(file), running.token);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ cards: [CARD] });
    }
  });

  it('answers another service with the bundled response cards', async () => {
    const response = await postJson(path('other'), example('cds-hooks-order-sign.json'), running.token);
    expect(await response.json()).toEqual({ cards: example('cds-hooks-response.json').cards });
  });

  it('refuses an order-sign request without hookInstance, and a request of another hook', async () => {
    const request = example('cds-hooks-order-sign.json');
    delete request.hookInstance;
    const invalid = await postJson(path('dose-check'), request, running.token);
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { findings: { pointer: string }[] }).findings).toContainEqual(expect.objectContaining({ pointer: '/hookInstance' }));
    const other = await postJson(path('dose-check'), example('cds-hooks-patient-view.json'), running.token);
    expect(other.status).toBe(400);
    expect(await other.json()).toMatchObject({ error: 'wrong-hook', kind: 'cds-hooks/patient-view' });
  });
});

describe('answers are validated', () => {
  it('turns a configured card that breaks CDS Hooks into a 500 naming the finding, not a wrong answer', async () => {
    const key = keyPair();
    const mock = await startMock({ clients: { [CLIENT_ID]: key.jwks }, cards: [{ summary: 'No indicator' }] });
    try {
      const response = await postJson(`${mock.url}/cds-hooks/v1/sources/s/cds-services/x`, example('cds-hooks-order-sign.json'), await tokenFor(mock.url, key));
      expect(response.status).toBe(500);
      const body = (await response.json()) as { error: string; findings: { pointer: string }[] };
      expect(body.error).toBe('invalid-answer');
      expect(body.findings).toContainEqual(expect.objectContaining({ pointer: '/cards/0/indicator' }));
    } finally {
      await mock.close();
    }
  });
});
