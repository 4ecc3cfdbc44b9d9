import { describe, expect, it } from 'vitest';
import { AuthOptionError, LEGACY_TOKEN_LIFETIME_MS, legacyTokenExpiry, needsRefresh } from '../../src/auth/index.js';

const RETRIEVED = Date.UTC(2026, 2, 2, 9, 30);
const HOUR = 3_600_000;

describe('legacy flow helpers', () => {
  it('a token expires 24 hours after retrieval', () => {
    expect(LEGACY_TOKEN_LIFETIME_MS).toBe(24 * HOUR);
    expect(legacyTokenExpiry(RETRIEVED).toISOString()).toBe('2026-03-03T09:30:00.000Z');
    expect(legacyTokenExpiry(new Date(RETRIEVED)).getTime()).toBe(RETRIEVED + 24 * HOUR);
  });

  it('uses the response expires when given the authenticate response', () => {
    const response = { accessToken: 'a', expires: '2026-03-03T08:00:00Z', refreshToken: 'r' };
    expect(legacyTokenExpiry(response).toISOString()).toBe('2026-03-03T08:00:00.000Z');
    expect(legacyTokenExpiry({ ...response, expires: '2026-03-03T08:00:00.123456Z' }).toISOString()).toBe('2026-03-03T08:00:00.123Z');
  });

  it('needsRefresh turns true marginSec before expiry', () => {
    const at = (ms: number) => () => ms;
    const expiry = RETRIEVED + 24 * HOUR;
    expect(needsRefresh(RETRIEVED, { now: at(expiry - 61_000) })).toBe(false);
    expect(needsRefresh(RETRIEVED, { now: at(expiry - 60_000) })).toBe(true);
    expect(needsRefresh(RETRIEVED, { now: at(expiry - 1000), marginSec: 0 })).toBe(false);
    expect(needsRefresh(RETRIEVED, { now: at(expiry), marginSec: 0 })).toBe(true);
    const response = { accessToken: 'a', expires: '2026-03-02T10:00:00Z', refreshToken: 'r' };
    expect(needsRefresh(response, { now: at(RETRIEVED), marginSec: 1800 })).toBe(true);
    expect(needsRefresh(response, { now: at(RETRIEVED), marginSec: 1799 })).toBe(false);
  });

  it('refuses a response whose expires is not ISO 8601 UTC, and a negative margin', () => {
    const code = (fn: () => unknown) => {
      try {
        fn();
        return 'ok';
      } catch (error) {
        return error instanceof AuthOptionError ? error.code : 'other';
      }
    };
    expect(code(() => legacyTokenExpiry({ expires: '2026-03-03T09:30:00+01:00' }))).toBe('expires');
    expect(code(() => needsRefresh({ expires: 'tomorrow' }))).toBe('expires');
    expect(code(() => needsRefresh(RETRIEVED, { marginSec: -1 }))).toBe('clock');
  });
});
