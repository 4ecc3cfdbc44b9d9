// The contract of the issue, end to end: the cdx-mock executable over real HTTP on 127.0.0.1.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertionForm, CLIENT_ID, example, keyPair, postForm, postJson } from './support/client.js';

const BIN = fileURLToPath(new URL('../bin/cdx-mock.js', import.meta.url));
const key = keyPair();
let child: ChildProcess;
let url: string;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cdx-mock-'));
  const jwksFile = join(dir, 'jwks.json');
  writeFileSync(jwksFile, JSON.stringify(key.jwks));
  child = spawn(process.execPath, [BIN, '--port', '0', '--client', `${CLIENT_ID}=${jwksFile}`], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  url = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => {
      reject(new Error(`cdx-mock exited with ${code}`));
    });
  });
});

afterAll(() => {
  child.kill('SIGTERM');
});

describe('cdx-mock --port 0 --client <id>=<jwks>', () => {
  let token = '';

  it('prints its URL on the first line of stdout', () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('refuses a request without a bearer token with 401', async () => {
    const response = await postJson(`${url}/endpoint`, example('patientadmin-patientmerge.json'));
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('issues a token for a fresh assertion, and refuses the same assertion again', async () => {
    const form = await assertionForm(url, key);
    const first = await postForm(`${url}/v2/auth/token`, form);
    expect(first.status).toBe(200);
    const body = (await first.json()) as Record<string, unknown>;
    expect(body).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: expect.any(Number) });
    token = body.access_token as string;

    const again = await postForm(`${url}/v2/auth/token`, form);
    expect([400, 401]).toContain(again.status);
    const refusal = (await again.json()) as { error: string; findings: { ruleId: string; pointer: string }[] };
    expect(refusal.error).toBe('invalid_client');
    expect(refusal.findings).toContainEqual(expect.objectContaining({ ruleId: 'jwt-jti', pointer: '/payload/jti' }));
  });

  it('accepts a valid PatientMerge', async () => {
    const response = await postJson(`${url}/endpoint`, example('patientadmin-patientmerge.json'), token);
    expect(response.status).toBeGreaterThanOrEqual(200);
    expect(response.status).toBeLessThan(300);
  });

  it('refuses a misspelt required member with the spelling-drift finding, as cdx-lint reports it', async () => {
    const message = example('patientadmin-patientmerge.json');
    message.Patient.Identifierz = message.Patient.Identifiers;
    delete message.Patient.Identifiers;
    const response = await postJson(`${url}/endpoint`, message, token);
    expect([400, 422]).toContain(response.status);
    const body = (await response.json()) as { findings: unknown[] };
    expect(body.findings).toContainEqual({
      ruleId: 'spelling-drift',
      severity: 'error',
      pointer: '/Patient/Identifierz',
      message: expect.stringContaining('`Identifiers`'),
      fix: { kind: 'rename-member', pointer: '/Patient/Identifierz', from: 'Identifierz', to: 'Identifiers' },
    });
  });

  it('refuses a ChargeItemCreate focused on the Patient with an OperationOutcome', async () => {
    const bundle = example('fhir-chargeitemcreate.json');
    const patient = bundle.entry.find((e: any) => e.resource.resourceType === 'Patient');
    bundle.entry[0].resource.focus = [{ reference: patient.fullUrl }];
    const response = await postJson(`${url}/fhir/R4/monroe-clinic/production/ChargeItem/$charge-item-create`, bundle, token, 'application/fhir+json');
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    const outcome = (await response.json()) as { resourceType: string; issue: Record<string, unknown>[] };
    expect(outcome.resourceType).toBe('OperationOutcome');
    expect(outcome.issue).toContainEqual(
      expect.objectContaining({
        severity: 'error',
        code: 'invalid',
        expression: ['Bundle.entry[0].resource.focus[0].reference'],
        diagnostics: expect.stringContaining('must be the ChargeItem'),
        details: { coding: [expect.objectContaining({ code: 'bundle-focus' })] },
      }),
    );
  });

  it('answers POST /Patient/_search with a searchset Bundle', async () => {
    const response = await postForm(`${url}/Patient/_search`, 'family=Bixby&gender=male', token);
    expect(response.status).toBe(200);
    const bundle = (await response.json()) as { resourceType: string; type: string; total: number; entry: any[] };
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'searchset' });
    expect(bundle.total).toBeGreaterThan(0);
    expect(bundle.entry.every((e) => e.resource.resourceType === 'Patient' && e.search.mode === 'match')).toBe(true);
  });
});
