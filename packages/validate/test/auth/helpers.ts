// Shared fixtures for the auth tests: a fixed clock, keys generated with jose, and a signer for
// hand-built tokens (valid signatures over headers/claims the builder would refuse to produce).
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import type { CryptoKey, JWK, JWTPayload, JWSHeaderParameters } from 'jose';
import type { Finding } from '../../src/finding.js';
import type { AssertionAlg } from '../../src/auth/index.js';

export const CLIENT_ID = '2f0d6a3e-8b1c-4c57-9a43-6e1f0b7d5c21';
export const BASE_URL = 'https://api.cdx.example';
export const TOKEN_URL = `${BASE_URL}/v2/auth/token`;
export const JKU = 'https://keys.clinic.example/.well-known/jwks.json';
/** 2026-03-02T09:30:00.250Z, in milliseconds; NOW_SEC is its whole second. */
export const NOW_MS = Date.UTC(2026, 2, 2, 9, 30, 0, 250);
export const NOW_SEC = Math.floor(NOW_MS / 1000);
export const now = (): number => NOW_MS;

export interface TestKey {
  alg: AssertionAlg;
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: JWK;
}

/** Generates a key pair for alg (RSA 2048 for RS*, P-384 for ES384, P-521 for ES512), extractable. */
export async function makeKey(alg: AssertionAlg, kid = `kid-${alg.toLowerCase()}`): Promise<TestKey> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { modulusLength: 2048, extractable: true });
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' };
  return { alg, kid, privateKey, publicKey, publicJwk };
}

/** Claims the service accepts at NOW (iat = now, exp = now + 300). */
export function goodClaims(overrides: Record<string, unknown> = {}): JWTPayload {
  return { iss: CLIENT_ID, sub: CLIENT_ID, aud: TOKEN_URL, iat: NOW_SEC, exp: NOW_SEC + 300, jti: 'jti-fixed-1', ...overrides };
}

/**
 * Signs arbitrary claims and header with jose (header defaults: alg of the key, typ JWT, kid).
 * A header value of undefined removes that member.
 */
export async function signToken(key: TestKey, claims: Record<string, unknown> = goodClaims(), header: Record<string, unknown> = {}): Promise<string> {
  const merged: Record<string, unknown> = { alg: key.alg, typ: 'JWT', kid: key.kid, ...header };
  for (const [name, value] of Object.entries(merged)) if (value === undefined) delete merged[name];
  const payload: Record<string, unknown> = { ...claims };
  for (const [name, value] of Object.entries(payload)) if (value === undefined) delete payload[name];
  return new SignJWT(payload).setProtectedHeader(merged as JWSHeaderParameters & { alg: string }).sign(key.privateKey);
}

/** base64url of a JSON value (for tokens no library would produce, e.g. alg none). */
export function b64json(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** The (ruleId, pointer) pairs of findings, the part tests assert on. */
export function ids(findings: readonly Finding[]): [string, string][] {
  return findings.map((f) => [f.ruleId, f.pointer]);
}
