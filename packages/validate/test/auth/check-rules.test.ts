import { generateKeyPair, generateSecret, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { AuthOptionError, buildClientAssertion, checkClientAssertion, checkTokenRequest, MemoryReplayStore } from '../../src/auth/index.js';
import type { CheckAssertionOptions } from '../../src/auth/index.js';
import { BASE_URL, CLIENT_ID, JKU, NOW_SEC, TOKEN_URL, b64json, goodClaims, ids, makeKey, now, signToken, type TestKey } from './helpers.js';

let es384: TestKey;
let rs384: TestKey;
let other: TestKey;
let opts: CheckAssertionOptions;

beforeAll(async () => {
  es384 = await makeKey('ES384');
  rs384 = await makeKey('RS384');
  other = await makeKey('ES384', es384.kid);
  opts = { clientId: CLIENT_ID, baseUrl: BASE_URL, jwks: { keys: [es384.publicJwk, rs384.publicJwk] }, now };
});

const check = (token: string, extra: Partial<CheckAssertionOptions> = {}) => checkClientAssertion(token, { ...opts, ...extra });

describe('a valid hand-signed token is accepted (baseline for the cases below)', () => {
  it('has no findings', async () => {
    expect(await check(await signToken(es384))).toEqual([]);
  });
});

describe('jwt-alg', () => {
  it('HS256 (a shared-secret MAC) is refused, without a second signature finding', async () => {
    const secret = await generateSecret('HS256');
    const token = await new SignJWT(goodClaims()).setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: es384.kid }).sign(secret);
    const findings = await check(token);
    expect(ids(findings)).toEqual([['jwt-alg', '/header/alg']]);
    expect(findings[0]!.message).toContain('RS384, RS512, ES384, ES512');
  });

  it('alg none (unsigned, empty signature) is refused', async () => {
    const token = `${b64json({ alg: 'none', typ: 'JWT', kid: es384.kid })}.${b64json(goodClaims())}.`;
    expect(ids(await check(token))).toEqual([['jwt-alg', '/header/alg']]);
  });

  it('RS256, a real signature outside the accepted set, is refused', async () => {
    const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048 });
    expect(ids(await check(await signToken({ ...rs384, privateKey }, goodClaims(), { alg: 'RS256' })))).toEqual([['jwt-alg', '/header/alg']]);
  });

  it('a missing alg is refused', async () => {
    const token = `${b64json({ typ: 'JWT', kid: es384.kid })}.${b64json(goodClaims())}.c2ln`;
    expect(ids(await check(token))).toEqual([['jwt-alg', '/header/alg']]);
  });
});

describe('header rules', () => {
  it('jwt-typ: typ other than JWT, and typ missing', async () => {
    expect(ids(await check(await signToken(es384, goodClaims(), { typ: 'at+jwt' })))).toEqual([['jwt-typ', '/header/typ']]);
    expect(ids(await check(await signToken(es384, goodClaims(), { typ: undefined })))).toEqual([['jwt-typ', '/header/typ']]);
  });

  it('jwt-kid: kid missing (verified with the key itself)', async () => {
    const token = await signToken(es384, goodClaims(), { kid: undefined });
    expect(ids(await check(token, { jwks: undefined, key: es384.publicKey }))).toEqual([['jwt-kid', '/header/kid']]);
  });

  it('jwt-jku: a jku different from the saved JWKS URL', async () => {
    const token = await signToken(es384, goodClaims(), { jku: 'https://evil.example/jwks.json' });
    expect(ids(await check(token, { jku: JKU }))).toEqual([['jwt-jku', '/header/jku']]);
  });

  it('jwt-jku: a jku when no JWKS URL is saved; the saved one is accepted', async () => {
    const token = await signToken(es384, goodClaims(), { jku: JKU });
    expect(ids(await check(token))).toEqual([['jwt-jku', '/header/jku']]);
    expect(await check(token, { jku: JKU })).toEqual([]);
  });
});

describe('claim rules', () => {
  it('jwt-iss-sub: sub differs from iss', async () => {
    expect(ids(await check(await signToken(es384, goodClaims({ sub: 'someone-else' }))))).toEqual([['jwt-iss-sub', '/payload/sub']]);
  });

  it('jwt-iss-sub: iss is not the client id, and iss missing', async () => {
    expect(ids(await check(await signToken(es384, goodClaims({ iss: 'someone-else' }))))).toEqual([['jwt-iss-sub', '/payload/iss']]);
    expect(ids(await check(await signToken(es384, goodClaims({ iss: undefined }))))).toEqual([['jwt-iss-sub', '/payload/iss']]);
  });

  it('jwt-aud: a trailing slash is an error', async () => {
    const findings = await check(await signToken(es384, goodClaims({ aud: `${TOKEN_URL}/` })));
    expect(ids(findings)).toEqual([['jwt-aud', '/payload/aud']]);
    expect(findings[0]!.message).toContain('trailing slash');
  });

  it('jwt-aud: another endpoint, and an array', async () => {
    expect(ids(await check(await signToken(es384, goodClaims({ aud: `${BASE_URL}/auth/authenticate` }))))).toEqual([['jwt-aud', '/payload/aud']]);
    expect(ids(await check(await signToken(es384, goodClaims({ aud: [TOKEN_URL] }))))).toEqual([['jwt-aud', '/payload/aud']]);
  });

  it('jwt-exp: exp 6 minutes ahead', async () => {
    const token = await signToken(es384, goodClaims({ iat: NOW_SEC, exp: NOW_SEC + 360 }));
    expect(ids(await check(token))).toEqual([
      ['jwt-exp', '/payload/exp'],
      ['jwt-iat', '/payload/iat'],
    ]);
  });

  it('jwt-exp: expired', async () => {
    const token = await signToken(es384, goodClaims({ iat: NOW_SEC - 400, exp: NOW_SEC - 100 }));
    expect(ids(await check(token))).toEqual([['jwt-exp', '/payload/exp']]);
  });

  it('jwt-exp: missing, or in milliseconds', async () => {
    expect(ids(await check(await signToken(es384, goodClaims({ exp: undefined }))))).toEqual([['jwt-exp', '/payload/exp']]);
    expect(ids(await check(await signToken(es384, goodClaims({ exp: (NOW_SEC + 300) * 1000 }))))).toEqual([['jwt-exp', '/payload/exp']]);
  });

  it('jwt-iat: iat 6 minutes before exp', async () => {
    const token = await signToken(es384, goodClaims({ iat: NOW_SEC - 120, exp: NOW_SEC + 240 }));
    expect(ids(await check(token))).toEqual([['jwt-iat', '/payload/iat']]);
  });

  it('jwt-iat: missing, fractional, after exp', async () => {
    expect(ids(await check(await signToken(es384, goodClaims({ iat: undefined }))))).toEqual([['jwt-iat', '/payload/iat']]);
    expect(ids(await check(await signToken(es384, goodClaims({ iat: NOW_SEC + 0.5 }))))).toEqual([['jwt-iat', '/payload/iat']]);
    expect(ids(await check(await signToken(es384, goodClaims({ iat: NOW_SEC + 301 }))))).toEqual([['jwt-iat', '/payload/iat']]);
  });

  it('every claim problem is reported, not only the first', async () => {
    const token = await signToken(es384, { iss: 'a', sub: 'b', aud: `${TOKEN_URL}/`, iat: NOW_SEC - 900, exp: NOW_SEC - 60 });
    expect(ids(await check(token))).toEqual([
      ['jwt-iss-sub', '/payload/iss'],
      ['jwt-iss-sub', '/payload/sub'],
      ['jwt-aud', '/payload/aud'],
      ['jwt-exp', '/payload/exp'],
      ['jwt-iat', '/payload/iat'],
      ['jwt-jti', '/payload/jti'],
    ]);
  });
});

describe('jwt-jti', () => {
  it('a missing jti', async () => {
    expect(ids(await check(await signToken(es384, goodClaims({ jti: undefined }))))).toEqual([['jwt-jti', '/payload/jti']]);
  });

  it('a reused jti is reported the second time', async () => {
    const replayStore = new MemoryReplayStore({ now });
    const { assertion } = await buildClientAssertion({
      clientId: CLIENT_ID,
      tokenUrl: TOKEN_URL,
      privateKey: es384.privateKey,
      kid: es384.kid,
      alg: 'ES384',
      now,
    });
    expect(await check(assertion, { replayStore })).toEqual([]);
    expect(ids(await check(assertion, { replayStore }))).toEqual([['jwt-jti', '/payload/jti']]);
  });

  it('one store shared by two clients: the same jti from each is no replay', async () => {
    const replayStore = new MemoryReplayStore({ now });
    const claims = (client: string) => goodClaims({ iss: client, sub: client, jti: 'shared-jti' });
    expect(await check(await signToken(es384, claims(CLIENT_ID)), { replayStore })).toEqual([]);
    expect(await check(await signToken(es384, claims('client-b')), { replayStore, clientId: 'client-b' })).toEqual([]);
    expect(ids(await check(await signToken(es384, claims('client-b')), { replayStore, clientId: 'client-b' }))).toEqual([['jwt-jti', '/payload/jti']]);
  });

  it('the same assertion checked concurrently is accepted once', async () => {
    const replayStore = new MemoryReplayStore({ now });
    const token = await signToken(es384, goodClaims({ jti: 'concurrent' }));
    const results = await Promise.all(Array.from({ length: 20 }, () => check(token, { replayStore })));
    expect(results.filter((r) => r.length === 0)).toHaveLength(1);
    expect(results.flat().map((f) => [f.ruleId, f.pointer])).toEqual(Array.from({ length: 19 }, () => ['jwt-jti', '/payload/jti']));
  });

  it('a rejected token does not burn its jti', async () => {
    const replayStore = new MemoryReplayStore({ now });
    const bad = await signToken(es384, goodClaims({ jti: 'j-1', sub: 'x' }));
    expect(ids(await check(bad, { replayStore }))).toEqual([['jwt-iss-sub', '/payload/sub']]);
    expect(await check(await signToken(es384, goodClaims({ jti: 'j-1' })), { replayStore })).toEqual([]);
  });
});

describe('jwt-signature', () => {
  it('signed by another key (same kid)', async () => {
    expect(ids(await check(await signToken(other)))).toEqual([['jwt-signature', '']]);
  });

  it('tampered payload', async () => {
    const [h, , s] = (await signToken(es384)).split('.');
    const token = `${h}.${b64json(goodClaims({ jti: 'tampered' }))}.${s}`;
    expect(ids(await check(token))).toEqual([['jwt-signature', '']]);
  });

  it('a kid not in the JWK set, and an RSA key for an EC token', async () => {
    expect(ids(await check(await signToken(es384, goodClaims(), { kid: 'unknown' })))).toEqual([['jwt-signature', '']]);
    expect(ids(await check(await signToken(es384), { jwks: undefined, key: rs384.publicKey }))).toEqual([['jwt-signature', '']]);
  });

  it('a signature stripped from an allowed alg', async () => {
    const [h, p] = (await signToken(es384)).split('.');
    expect(ids(await check(`${h}.${p}.`))).toEqual([['jwt-signature', '']]);
  });

  it('skipSignature explains without a key', async () => {
    expect(await check(await signToken(other), { jwks: undefined, skipSignature: true })).toEqual([]);
  });
});

describe('jwt-malformed', () => {
  const cases: [string, string][] = [
    ['one part', 'abc'],
    ['two parts', 'a.b'],
    ['four parts', 'a.b.c.d'],
    ['non-base64url characters', 'ab!c.def.ghi'],
    ['padding', `${b64json({ alg: 'ES384' })}=.${b64json({})}.c2ln`],
    ['header not JSON', `${Buffer.from('not json').toString('base64url')}.${b64json(goodClaims())}.c2ln`],
    ['payload not JSON', `${b64json({ alg: 'ES384', typ: 'JWT', kid: 'k' })}.${Buffer.from('nope').toString('base64url')}.c2ln`],
    ['payload a JSON array', `${b64json({ alg: 'ES384', typ: 'JWT', kid: 'k' })}.${b64json([1])}.c2ln`],
    ['empty', ''],
    ['surrounding whitespace', ' a.b.c '],
  ];
  it.each(cases)('%s', async (_name, token) => {
    expect(ids(await check(token))).toEqual([['jwt-malformed', '']]);
  });

  it('a non-string from JavaScript callers', async () => {
    expect(ids(await check(42 as unknown as string))).toEqual([['jwt-malformed', '']]);
  });
});

describe('token-form', () => {
  it('wrong grant_type', async () => {
    const { form } = await buildClientAssertion({ clientId: CLIENT_ID, tokenUrl: TOKEN_URL, privateKey: es384.privateKey, kid: es384.kid, alg: 'ES384', now });
    expect(ids(await checkTokenRequest({ ...form, grant_type: 'password' }, opts))).toEqual([['token-form', '/form/grant_type']]);
  });

  it('wrong assertion type, missing assertion, repeated field', async () => {
    const token = await signToken(es384);
    const body = `grant_type=client_credentials&client_assertion_type=jwt&grant_type=client_credentials`;
    expect(ids(await checkTokenRequest(body, opts))).toEqual([
      ['token-form', '/form/grant_type'],
      ['token-form', '/form/client_assertion_type'],
      ['token-form', '/form/client_assertion'],
    ]);
    const params = new URLSearchParams({
      grant_type: 'client_credentials',
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: token,
    });
    expect(await checkTokenRequest(params, opts)).toEqual([]);
  });

  it('form and assertion findings together', async () => {
    const token = await signToken(es384, goodClaims({ aud: `${TOKEN_URL}/` }));
    const findings = await checkTokenRequest({ grant_type: 'client_credentials', client_assertion: token }, opts);
    expect(ids(findings)).toEqual([
      ['token-form', '/form/client_assertion_type'],
      ['jwt-aud', '/payload/aud'],
    ]);
  });
});

describe('clock skew tolerance', () => {
  it('exp slightly too far ahead passes within the tolerance, not without it', async () => {
    // A signer whose clock is 20 s ahead: exp and iat are both ahead of the checker's clock.
    const token = await signToken(es384, goodClaims({ iat: NOW_SEC + 20, exp: NOW_SEC + 320 }));
    const ahead = [
      ['jwt-exp', '/payload/exp'],
      ['jwt-iat', '/payload/iat'],
    ];
    expect(ids(await check(token))).toEqual(ahead);
    expect(await check(token, { clockToleranceSec: 30 })).toEqual([]);
    expect(ids(await check(token, { clockToleranceSec: 10 }))).toEqual(ahead);
  });

  it('a just-expired token passes within the tolerance, not without it', async () => {
    const token = await signToken(es384, goodClaims({ iat: NOW_SEC - 290, exp: NOW_SEC - 10 }));
    expect(ids(await check(token))).toEqual([['jwt-exp', '/payload/exp']]);
    expect(await check(token, { clockToleranceSec: 30 })).toEqual([]);
  });

  it('the tolerance does not widen the iat-to-exp window', async () => {
    const token = await signToken(es384, goodClaims({ iat: NOW_SEC - 10, exp: NOW_SEC + 300 }));
    expect(ids(await check(token, { clockToleranceSec: 60 }))).toEqual([['jwt-iat', '/payload/iat']]);
  });
});

describe('checker options', () => {
  const code = async (options: Partial<CheckAssertionOptions>) => {
    try {
      await checkClientAssertion('a.b.c', { ...opts, ...options });
      return 'no error';
    } catch (error) {
      return error instanceof AuthOptionError ? error.code : 'other error';
    }
  };
  it('refuses unusable options with a code', async () => {
    expect(await code({ jwks: undefined })).toBe('key-source');
    expect(await code({ key: es384.publicKey })).toBe('key-source');
    expect(await code({ jwks: undefined, key: es384.privateKey })).toBe('key');
    expect(await code({ baseUrl: undefined })).toBe('token-url');
    expect(await code({ baseUrl: undefined, tokenUrl: `${TOKEN_URL}/` })).toBe('token-url');
    expect(await code({ clientId: '' })).toBe('client-id');
    expect(await code({ clockToleranceSec: -1 })).toBe('clock');
  });
});
