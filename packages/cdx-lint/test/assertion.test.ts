// `cdx-lint assertion`: a developer debugging a 401 pipes the assertion (or the whole form body)
// in and sees which claim is wrong, with the same formats and exit codes as payload linting.
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildClientAssertion } from '@cdx/validate/auth';
import { beforeAll, describe, expect, it } from 'vitest';
import { runBin } from './support/bin.js';

const BASE = 'https://api.example.com';
const dir = mkdtempSync(join(tmpdir(), 'cdx-lint-assertion-'));
const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-384' });
const keyFile = join(dir, 'public.pem');
writeFileSync(keyFile, publicKey.export({ type: 'spki', format: 'pem' }));

let good: string;
let form: string;
beforeAll(async () => {
  const built = await buildClientAssertion({ clientId: 'client-1', tokenUrl: `${BASE}/v2/auth/token`, privateKey, kid: 'k1', alg: 'ES384' });
  good = built.assertion;
  form = new URLSearchParams({ ...built.form }).toString();
});

const explain = (input: string, extra: string[] = []) =>
  runBin(['assertion', '--client-id', 'client-1', '--base-url', BASE, '--key', keyFile, '--format', 'json', ...extra, '-'], { input });

describe('cdx-lint assertion', () => {
  it('accepts an assertion the service would accept: exit 0, no messages', () => {
    const run = explain(good);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)[0].messages).toEqual([]);
  });

  it('names the wrong claim with its rule id, pointer and the column of the JWT part', () => {
    const run = explain(good);
    const other = runBin(['assertion', '--client-id', 'someone-else', '--base-url', `${BASE}/`, '--key', keyFile, '--format', 'json', '-'], { input: good });
    expect(run.status).toBe(0);
    expect(other.status).toBe(1);
    const messages = JSON.parse(other.stdout)[0].messages as { ruleId: string; pointer: string; column: number }[];
    expect(messages.map((m) => [m.ruleId, m.pointer])).toEqual(
      expect.arrayContaining([
        ['jwt-iss-sub', '/payload/iss'],
        ['jwt-iss-sub', '/payload/sub'],
      ]),
    );
    const payloadColumn = good.indexOf('.') + 2;
    expect(messages.find((m) => m.pointer === '/payload/iss')?.column).toBe(payloadColumn);
  });

  it('explains a whole form body, including its fields', () => {
    const broken = form.replace('grant_type=client_credentials', 'grant_type=password');
    const run = explain(broken);
    expect(run.status).toBe(1);
    const [result] = JSON.parse(run.stdout);
    expect(result.messages.map((m: { ruleId: string; pointer: string }) => [m.ruleId, m.pointer])).toEqual([['token-form', '/form/grant_type']]);
    expect(result.messages[0].column).toBe(1);
  });

  it('reports a malformed token as jwt-malformed', () => {
    const run = explain('not-a-jwt');
    expect(run.status).toBe(1);
    expect(JSON.parse(run.stdout)[0].messages.map((m: { ruleId: string }) => m.ruleId)).toEqual(['jwt-malformed']);
  });

  it('prints the stylish format with the rule id (aud for another base URL)', () => {
    const run = runBin(['assertion', '--client-id', 'client-1', '--base-url', 'https://other.example.com', '--skip-signature', '-'], { input: good });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('jwt-aud');
  });

  it.each([
    ['no client id', ['assertion', '--base-url', BASE, '--skip-signature', '-']],
    ['no key and no --skip-signature', ['assertion', '--client-id', 'c', '--base-url', BASE, '-']],
    ['both urls', ['assertion', '--client-id', 'c', '--base-url', BASE, '--token-url', `${BASE}/v2/auth/token`, '--skip-signature', '-']],
    ['a key file that does not exist', ['assertion', '--client-id', 'c', '--base-url', BASE, '--key', join(dir, 'missing.pem'), '-']],
  ])('usage error, exit 2: %s', (_, args) => {
    const run = runBin(args, { input: good });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^cdx-lint: /);
  });
});
