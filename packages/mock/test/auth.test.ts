// The token endpoint's refusals, bearer expiry and the legacy API key flow, over HTTP.
import { buildClientAssertion } from '@cdx/validate/auth';
import { describe, expect, it } from 'vitest';
import { startMock } from '../src/index.js';
import { assertionForm, CLIENT_ID, example, KID, keyPair, postForm, postJson, tokenFor } from './support/client.js';
import { useMock } from './support/mock.js';

const running = useMock({ apiKeys: { 'legacy-key': 's3cret' } });

async function refusal(response: Response) {
  return { status: response.status, ...((await response.json()) as { error: string; findings: { ruleId: string; pointer: string }[] }) };
}

describe('POST /v2/auth/token', () => {
  it('refuses a form without grant_type as invalid_request, with the token-form finding', async () => {
    const form = await assertionForm(running.url, running.key);
    form.delete('grant_type');
    const answer = await refusal(await postForm(`${running.url}/v2/auth/token`, form));
    expect(answer).toMatchObject({ status: 400, error: 'invalid_request' });
    expect(answer.findings).toContainEqual(expect.objectContaining({ ruleId: 'token-form', pointer: '/form/grant_type' }));
  });

  it('refuses a JSON body: the token request is a form', async () => {
    const response = await postJson(`${running.url}/v2/auth/token`, Object.fromEntries(await assertionForm(running.url, running.key)));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('refuses an assertion of an unregistered client as invalid_client', async () => {
    const form = await assertionForm(running.url, running.key, '7a1c0e55-0000-4000-8000-000000000000');
    const answer = await refusal(await postForm(`${running.url}/v2/auth/token`, form));
    expect(answer).toMatchObject({ status: 401, error: 'invalid_client' });
  });

  it('refuses an assertion signed with another key (jwt-signature)', async () => {
    const answer = await refusal(await postForm(`${running.url}/v2/auth/token`, await assertionForm(running.url, keyPair())));
    expect(answer).toMatchObject({ status: 401, error: 'invalid_client' });
    expect(answer.findings).toContainEqual(expect.objectContaining({ ruleId: 'jwt-signature' }));
  });

  it('refuses an assertion for another audience (jwt-aud)', async () => {
    const { form } = await buildClientAssertion({
      clientId: CLIENT_ID,
      tokenUrl: 'https://api.cdx.example/v2/auth/token',
      privateKey: running.key.privateKey,
      kid: KID,
      alg: 'ES384',
    });
    const answer = await refusal(await postForm(`${running.url}/v2/auth/token`, new URLSearchParams(form)));
    expect(answer.findings).toContainEqual(expect.objectContaining({ ruleId: 'jwt-aud', pointer: '/payload/aud' }));
  });
});

describe('bearer tokens', () => {
  it('refuses an unknown token and a malformed header with 401', async () => {
    const body = example('patientadmin-patientmerge.json');
    expect((await postJson(`${running.url}/endpoint`, body, 'not-a-token-we-issued')).status).toBe(401);
    const response = await fetch(`${running.url}/endpoint`, { method: 'POST', headers: { authorization: 'Basic abc' }, body: JSON.stringify(body) });
    expect(response.status).toBe(401);
  });

  it('refuses a token once its lifetime has passed', async () => {
    // The mock's clock follows the real one (the assertion is signed with it, and the service allows no skew),
    // moved ahead on demand: a frozen clock falls behind the assertion's iat when setting up crosses a second.
    let ahead = 0;
    const key = keyPair();
    const mock = await startMock({ clients: { [CLIENT_ID]: key.jwks }, tokenLifetimeSec: 60, now: () => Date.now() + ahead });
    try {
      const token = await tokenFor(mock.url, key);
      const body = example('patientadmin-patientmerge.json');
      expect((await postJson(`${mock.url}/endpoint`, body, token)).status).toBe(202);
      ahead += 61_000;
      expect((await postJson(`${mock.url}/endpoint`, body, token)).status).toBe(401);
    } finally {
      await mock.close();
    }
  });
});

describe('legacy API key', () => {
  it('authenticates with the configured key and secret; the refresh token works once, the latest only', async () => {
    const first = await postJson(`${running.url}/auth/authenticate`, { apiKey: 'legacy-key', secret: 's3cret' });
    expect(first.status).toBe(200);
    const grant = (await first.json()) as { accessToken: string; expires: string; refreshToken: string };
    expect(grant.expires).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect((await postJson(`${running.url}/endpoint`, example('patientadmin-patientmerge.json'), grant.accessToken)).status).toBe(202);

    const refreshed = await postJson(`${running.url}/auth/refreshToken`, { apiKey: 'legacy-key', refreshToken: grant.refreshToken });
    expect(refreshed.status).toBe(200);
    const stale = await postJson(`${running.url}/auth/refreshToken`, { apiKey: 'legacy-key', refreshToken: grant.refreshToken });
    expect(stale.status).toBe(401);
  });

  it('refuses a wrong secret with 401 and a misspelt body with 400 and its findings', async () => {
    expect((await postJson(`${running.url}/auth/authenticate`, { apiKey: 'legacy-key', secret: 'guess' })).status).toBe(401);
    const misspelt = await postJson(`${running.url}/auth/authenticate`, { apiKey: 'legacy-key', secrte: 's3cret' });
    expect(misspelt.status).toBe(400);
    const body = (await misspelt.json()) as { findings: { ruleId: string; pointer: string }[] };
    expect(body.findings).toContainEqual(expect.objectContaining({ ruleId: 'spelling-drift', pointer: '/secrte' }));
  });
});
