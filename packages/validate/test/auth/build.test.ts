import { exportJWK, exportPKCS8, decodeJwt, decodeProtectedHeader } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { AuthOptionError, buildClientAssertion, type BuildAssertionOptions } from '../../src/auth/index.js';
import { CLIENT_ID, JKU, NOW_SEC, TOKEN_URL, makeKey, now, type TestKey } from './helpers.js';

let es384: TestKey;
let rs512: TestKey;
let base: BuildAssertionOptions;

beforeAll(async () => {
  es384 = await makeKey('ES384');
  rs512 = await makeKey('RS512');
  base = { clientId: CLIENT_ID, tokenUrl: TOKEN_URL, privateKey: es384.privateKey, kid: es384.kid, alg: 'ES384', now };
});

async function refusal(overrides: Record<string, unknown>): Promise<string> {
  try {
    await buildClientAssertion({ ...base, ...overrides });
    return 'built';
  } catch (error) {
    if (!(error instanceof AuthOptionError)) throw error;
    expect(error.message.length).toBeGreaterThan(20);
    return error.code;
  }
}

describe('buildClientAssertion defaults', () => {
  it('iat = now, exp = iat + 300, iss = sub = clientId, aud = tokenUrl, typ JWT, a UUID jti', async () => {
    const built = await buildClientAssertion(base);
    expect(built.claims).toEqual({ iss: CLIENT_ID, sub: CLIENT_ID, aud: TOKEN_URL, iat: NOW_SEC, exp: NOW_SEC + 300, jti: built.claims.jti });
    expect(built.claims.jti).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(built.header).toEqual({ alg: 'ES384', typ: 'JWT', kid: es384.kid });
    expect(decodeProtectedHeader(built.assertion)).toEqual(built.header);
    expect(decodeJwt(built.assertion)).toEqual(built.claims);
    expect(built.form).toEqual({
      grant_type: 'client_credentials',
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: built.assertion,
    });
  });

  it('every build has a fresh jti', async () => {
    const jtis = new Set<string>();
    for (let i = 0; i < 20; i++) jtis.add((await buildClientAssertion(base)).claims.jti);
    expect(jtis.size).toBe(20);
  });

  it('honours a shorter lifetime and a jku', async () => {
    const built = await buildClientAssertion({ ...base, lifetimeSec: 120, jku: JKU });
    expect(built.claims.exp - built.claims.iat).toBe(120);
    expect(built.header.jku).toBe(JKU);
  });
});

describe('buildClientAssertion refuses what the service would reject', () => {
  it('alg outside the set', async () => {
    expect(await refusal({ alg: 'HS256' })).toBe('alg');
    expect(await refusal({ alg: 'none' })).toBe('alg');
    expect(await refusal({ alg: 'RS256' })).toBe('alg');
  });

  it('lifetime above 300 s, zero, or fractional', async () => {
    expect(await refusal({ lifetimeSec: 301 })).toBe('lifetime');
    expect(await refusal({ lifetimeSec: 0 })).toBe('lifetime');
    expect(await refusal({ lifetimeSec: 12.5 })).toBe('lifetime');
    expect(await refusal({ lifetimeSec: 300 })).toBe('built');
  });

  it('tokenUrl not ending in /v2/auth/token', async () => {
    expect(await refusal({ tokenUrl: `${TOKEN_URL}/` })).toBe('token-url');
    expect(await refusal({ tokenUrl: 'https://api.cdx.example/auth/token' })).toBe('token-url');
    expect(await refusal({ tokenUrl: 'https://api.cdx.example' })).toBe('token-url');
    expect(await refusal({ tokenUrl: `${TOKEN_URL}?x=1` })).toBe('token-url');
    expect(await refusal({ tokenUrl: '/v2/auth/token' })).toBe('token-url');
  });

  it('missing kid, missing clientId, a non-https jku', async () => {
    expect(await refusal({ kid: undefined })).toBe('kid');
    expect(await refusal({ kid: '' })).toBe('kid');
    expect(await refusal({ clientId: '' })).toBe('client-id');
    expect(await refusal({ jku: 'http://keys.clinic.example/jwks.json' })).toBe('jku');
  });

  it('unusable keys', async () => {
    expect(await refusal({ privateKey: es384.publicKey })).toBe('key');
    expect(await refusal({ privateKey: await exportJWK(es384.publicKey) })).toBe('key');
    expect(await refusal({ privateKey: rs512.privateKey })).toBe('key');
    expect(await refusal({ privateKey: await exportPKCS8(rs512.privateKey) })).toBe('key');
    expect(await refusal({ privateKey: '-----BEGIN RSA PRIVATE KEY-----\nMIIB\n-----END RSA PRIVATE KEY-----' })).toBe('key');
    expect(await refusal({ privateKey: 'not a key' })).toBe('key');
    expect(await refusal({ privateKey: rs512.privateKey, alg: 'RS512', kid: rs512.kid })).toBe('built');
  });

  it('a broken clock', async () => {
    expect(await refusal({ now: () => Number.NaN })).toBe('clock');
  });
});
