// Where the checker said "accept" but the service would not, and the helpers' inputs that threw or
// rolled over: each case here was a defect found by review, reproduced before it was fixed.
import { FlattenedSign } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AuthOptionError,
  checkClientAssertion,
  checkTokenForm,
  legacyTokenExpiry,
  MAX_JTI_LENGTH,
  MemoryReplayStore,
  needsRefresh,
} from '../../src/auth/index.js';
import type { CheckAssertionOptions } from '../../src/auth/index.js';
import { BASE_URL, CLIENT_ID, NOW_SEC, b64json, goodClaims, ids, makeKey, now, signToken, type TestKey } from './helpers.js';

let es384: TestKey;
let opts: CheckAssertionOptions;

beforeAll(async () => {
  es384 = await makeKey('ES384');
  opts = { clientId: CLIENT_ID, baseUrl: BASE_URL, jwks: { keys: [es384.publicJwk] }, now };
});

const check = (token: string, extra: Partial<CheckAssertionOptions> = {}) => checkClientAssertion(token, { ...opts, ...extra });
const unverified = { jwks: undefined, skipSignature: true } as const;

/** The AuthOptionError code fn throws, 'ok', or the name of any other error. */
function thrown(fn: () => unknown): string {
  try {
    fn();
    return 'ok';
  } catch (error) {
    return error instanceof AuthOptionError ? error.code : (error as Error).name;
  }
}

describe('JWS extensions the service does not process', () => {
  it('an unencoded payload (b64: false, RFC 7797) is refused although its signature verifies', async () => {
    // The payload part is base64url text, so the signing input is the same as an ordinary JWS:
    // jose's compactVerify accepts it, its jwtVerify (what a service runs) refuses it.
    const header = { alg: 'ES384', typ: 'JWT', kid: es384.kid, b64: false, crit: ['b64'] };
    const payload = b64json(goodClaims());
    const jws = await new FlattenedSign(new TextEncoder().encode(payload)).setProtectedHeader(header).sign(es384.privateKey);
    const token = `${jws.protected}.${payload}.${jws.signature}`;
    expect(ids(await check(token))).toEqual([
      ['jwt-crit', '/header/crit'],
      ['jwt-crit', '/header/b64'],
    ]);
  });

  it('any crit is refused, with or without verification', async () => {
    // jose will not sign with an extension it does not know: the token is put together by hand.
    const token = `${b64json({ alg: 'ES384', typ: 'JWT', kid: es384.kid, crit: ['x-ext'], 'x-ext': 1 })}.${b64json(goodClaims())}.c2ln`;
    expect(ids(await check(token, unverified))).toEqual([['jwt-crit', '/header/crit']]);
    expect(ids(await check(token))).toEqual([['jwt-crit', '/header/crit']]);
  });
});

describe('skipSignature and the replay store', () => {
  it('an unverified token never records its jti', async () => {
    const replayStore = new MemoryReplayStore({ now });
    const token = await signToken(es384, goodClaims({ jti: 'legit-1' }));
    expect(await check(token, { ...unverified, replayStore })).toEqual([]);
    expect(replayStore.size).toBe(0);
    // The legitimate, verified use still goes through.
    expect(await check(token, { replayStore })).toEqual([]);
  });
});

describe('iat in the future', () => {
  it('is refused beyond the clock tolerance', async () => {
    const token = await signToken(es384, goodClaims({ iat: NOW_SEC + 60, exp: NOW_SEC + 300 }));
    expect(ids(await check(token))).toEqual([['jwt-iat', '/payload/iat']]);
    expect(await check(token, { clockToleranceSec: 60 })).toEqual([]);
  });
});

describe('jti length', () => {
  it('a jti longer than MAX_JTI_LENGTH is a finding, and the store refuses one', async () => {
    expect(MAX_JTI_LENGTH).toBe(255);
    const replayStore = new MemoryReplayStore({ now });
    expect(await check(await signToken(es384, goodClaims({ jti: 'j'.repeat(255) })), { replayStore })).toEqual([]);
    const long = await signToken(es384, goodClaims({ jti: 'j'.repeat(1_000_000) }));
    expect(ids(await check(long, { replayStore }))).toEqual([['jwt-jti', '/payload/jti']]);
    expect(replayStore.size).toBe(1);
    await expect(replayStore.checkAndRemember('j'.repeat(256), Date.now() + 1000)).rejects.toThrow(TypeError);
  });
});

describe('legacy helpers', () => {
  it('an impossible calendar date is refused, not rolled over', () => {
    expect(thrown(() => legacyTokenExpiry({ expires: '2026-02-30T09:30:00Z' }))).toBe('expires');
    expect(thrown(() => legacyTokenExpiry({ expires: '2026-04-31T00:00:00Z' }))).toBe('expires');
    expect(thrown(() => legacyTokenExpiry({ expires: '2026-03-02T24:00:00Z' }))).toBe('expires');
    expect(thrown(() => legacyTokenExpiry({ expires: '2027-02-29T00:00:00Z' }))).toBe('expires');
    expect(legacyTokenExpiry({ expires: '2028-02-29T23:59:59Z' }).toISOString()).toBe('2028-02-29T23:59:59.000Z');
  });

  it('null and other non-objects are AuthOptionErrors, not TypeErrors', () => {
    expect(thrown(() => legacyTokenExpiry(null as never))).toBe('expires');
    expect(thrown(() => needsRefresh(undefined as never))).toBe('clock');
    expect(thrown(() => legacyTokenExpiry('2026-03-02' as never))).toBe('clock');
  });

  it('a retrieval time whose expiry a Date cannot hold is refused (needsRefresh was false forever)', () => {
    expect(thrown(() => needsRefresh(8.64e15))).toBe('clock');
    expect(thrown(() => legacyTokenExpiry(-8.64e15 - 1))).toBe('clock');
  });
});

describe('checkTokenForm', () => {
  it('null, undefined and non-forms are a finding, not a TypeError', () => {
    for (const form of [null, undefined, 42]) {
      expect(ids(checkTokenForm(form as never).findings)).toEqual([['token-form', '/form']]);
    }
  });

  it('100,000 repeats of one field take linear time (they took quadratic: ~30 s for 30,000)', () => {
    // `pnpm robustness` measures the time (budgets.mjs); here, the findings.
    const result = checkTokenForm(`grant_type=client_credentials${'&x='.repeat(100_000)}`);
    expect(ids(result.findings)).toEqual([
      ['token-form', '/form/client_assertion_type'],
      ['token-form', '/form/client_assertion'],
    ]);
    const record = checkTokenForm({ grant_type: Array(100_000).fill('client_credentials') });
    expect(record.findings[0]!.message).toContain('appears 100000 times');
  });
});
