// A client of the mock for the tests: a registered key pair, fresh assertions, a token, and JSON posts.
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { buildClientAssertion } from '@cdx/validate/auth';

export const CLIENT_ID = '2f0d6a3e-8b1c-4c57-9a43-6e1f0b7d5c21';
export const KID = 'test-key-1';

export interface KeyPair {
  privateKey: KeyObject;
  jwks: { keys: Record<string, unknown>[] };
}

export function keyPair(kid = KID): KeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-384' });
  return { privateKey, jwks: { keys: [{ ...(publicKey.export({ format: 'jwk' }) as Record<string, unknown>), kid, alg: 'ES384', use: 'sig' }] } };
}

export async function assertionForm(url: string, key: KeyPair, clientId = CLIENT_ID): Promise<URLSearchParams> {
  const { form } = await buildClientAssertion({ clientId, tokenUrl: `${url}/v2/auth/token`, privateKey: key.privateKey, kid: KID, alg: 'ES384' });
  return new URLSearchParams(form);
}

export function postForm(url: string, form: URLSearchParams | string, token?: string): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  return fetch(url, { method: 'POST', headers, body: form.toString() });
}

export function postJson(url: string, body: unknown, token?: string, contentType = 'application/json'): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': contentType };
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  return fetch(url, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
}

export async function tokenFor(url: string, key: KeyPair): Promise<string> {
  const response = await postForm(`${url}/v2/auth/token`, await assertionForm(url, key));
  if (response.status !== 200) throw new Error(`token: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

const EXAMPLES = new URL('../../../../schemas/examples/valid/', import.meta.url);

/** A bundled valid example, fresh. */
export function example(name: string): any {
  return JSON.parse(readFileSync(new URL(name, EXAMPLES), 'utf8'));
}
