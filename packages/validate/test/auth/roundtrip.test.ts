import { createPrivateKey, createPublicKey, type JsonWebKey } from 'node:crypto';
import { exportJWK, exportPKCS8, exportSPKI } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALLOWED_ALGS, buildClientAssertion, checkClientAssertion, checkTokenRequest, MemoryReplayStore, type AssertionAlg } from '../../src/auth/index.js';
import { BASE_URL, CLIENT_ID, JKU, TOKEN_URL, makeKey, now, type TestKey } from './helpers.js';

const keys = new Map<AssertionAlg, TestKey>();

beforeAll(async () => {
  for (const alg of ALLOWED_ALGS) keys.set(alg, await makeKey(alg));
});

function keyFor(alg: AssertionAlg): TestKey {
  const key = keys.get(alg);
  if (!key) throw new Error(`no key for ${alg}`);
  return key;
}

describe('round trip: built assertions pass the checker', () => {
  it.each(ALLOWED_ALGS)('%s, CryptoKey in, local JWK set out', async (alg) => {
    const key = keyFor(alg);
    const built = await buildClientAssertion({ clientId: CLIENT_ID, tokenUrl: TOKEN_URL, privateKey: key.privateKey, kid: key.kid, alg, now });
    const jwks = { keys: [...keys.values()].map((k) => k.publicJwk) };
    expect(await checkClientAssertion(built.assertion, { clientId: CLIENT_ID, baseUrl: BASE_URL, jwks, now })).toEqual([]);
  });

  it.each(ALLOWED_ALGS)('%s, PKCS #8 PEM in, SPKI PEM out', async (alg) => {
    const key = keyFor(alg);
    const privateKey = await exportPKCS8(key.privateKey);
    const built = await buildClientAssertion({ clientId: CLIENT_ID, tokenUrl: TOKEN_URL, privateKey, kid: key.kid, alg, now });
    const publicPem = await exportSPKI(key.publicKey);
    expect(await checkClientAssertion(built.assertion, { clientId: CLIENT_ID, tokenUrl: TOKEN_URL, key: publicPem, now })).toEqual([]);
  });

  it.each(ALLOWED_ALGS)('%s, private JWK in, public JWK out', async (alg) => {
    const key = keyFor(alg);
    const privateKey = await exportJWK(key.privateKey);
    const built = await buildClientAssertion({ clientId: CLIENT_ID, tokenUrl: TOKEN_URL, privateKey, kid: key.kid, alg, now });
    expect(await checkClientAssertion(built.assertion, { clientId: CLIENT_ID, baseUrl: BASE_URL, key: key.publicJwk, now })).toEqual([]);
  });

  it.each(ALLOWED_ALGS)('%s, KeyObject in, key resolver out, with jku and a replay store', async (alg) => {
    const key = keyFor(alg);
    const privateKey = createPrivateKey(await exportPKCS8(key.privateKey));
    const built = await buildClientAssertion({ clientId: CLIENT_ID, tokenUrl: TOKEN_URL, privateKey, kid: key.kid, alg, jku: JKU, now });
    const seen: (string | undefined)[] = [];
    const resolveKey = (header: { kid?: string }) => {
      seen.push(header.kid);
      return createPublicKey({ key: key.publicJwk as JsonWebKey, format: 'jwk' });
    };
    const options = { clientId: CLIENT_ID, baseUrl: `${BASE_URL}/`, jku: JKU, resolveKey, replayStore: new MemoryReplayStore({ now }), now };
    expect(await checkClientAssertion(built.assertion, options)).toEqual([]);
    expect(seen).toEqual([key.kid]);
  });

  it('the form body passes checkTokenRequest as a record, URLSearchParams and an encoded string', async () => {
    const key = keyFor('ES384');
    const built = await buildClientAssertion({ clientId: CLIENT_ID, tokenUrl: TOKEN_URL, privateKey: key.privateKey, kid: key.kid, alg: 'ES384', now });
    const options = { clientId: CLIENT_ID, baseUrl: BASE_URL, key: key.publicKey, now };
    const params = new URLSearchParams(built.form);
    expect(await checkTokenRequest(built.form, options)).toEqual([]);
    expect(await checkTokenRequest(params, options)).toEqual([]);
    expect(await checkTokenRequest(params.toString(), options)).toEqual([]);
  });
});
