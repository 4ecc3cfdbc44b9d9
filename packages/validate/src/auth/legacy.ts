// Legacy API key flow: the access token from /auth/authenticate (or /auth/refreshToken) expires
// 24 hours after retrieval; after that, POST /auth/refreshToken with the latest refreshToken.
import datetime from '../datetime.cjs';
import { AuthOptionError } from './errors.js';
import { LEGACY_TOKEN_LIFETIME_MS } from './service.js';
import type { AuthenticateResponseLike } from './types.js';

/** When a legacy token was retrieved: a Date or milliseconds since the epoch. */
export type RetrievedAt = Date | number;

/** Options of {@link needsRefresh}. */
export interface NeedsRefreshOptions {
  /** Clock in milliseconds since the epoch. Default Date.now. */
  now?: () => number;
  /** Refresh this many seconds before the expiry, to absorb clock skew and request time. Default 60. */
  marginSec?: number;
}

const UTC_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?Z$/;

/** Largest time a Date holds: ±8.64e15 ms (ECMA-262, "Time Values and Time Range"). */
const MAX_TIME_MS = 8.64e15;

/**
 * The date-time, or undefined when it is not one: `new Date` rolls 2026-02-30 over to March 2 and
 * accepts hour 24, so the toolkit's one date checker (datetime.cjs) says first whether it exists.
 */
function strictUtc(text: string): Date | undefined {
  if (!UTC_DATE_TIME.test(text) || datetime.dateTimeProblem(text, 'rfc3339') !== undefined) return undefined;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function fromResponse(response: AuthenticateResponseLike | null): Date {
  const expires = response === null ? undefined : response.expires;
  const date = typeof expires === 'string' ? strictUtc(expires) : undefined;
  if (date === undefined) {
    throw new AuthOptionError(
      'expires',
      'the authenticate response has no usable "expires": it must be an ISO 8601 UTC date-time such as 2026-03-02T09:30:00Z.',
    );
  }
  return date;
}

function fromRetrieval(retrievedAt: RetrievedAt): Date {
  const ms = retrievedAt instanceof Date ? retrievedAt.getTime() : retrievedAt;
  if (typeof ms !== 'number' || !Number.isFinite(ms)) {
    throw new AuthOptionError('clock', 'retrievedAt must be a Date or milliseconds since the epoch.');
  }
  // Past the range a Date holds, the expiry would be NaN and every comparison with it false.
  if (Math.abs(ms) > MAX_TIME_MS - LEGACY_TOKEN_LIFETIME_MS) {
    throw new AuthOptionError(
      'clock',
      `retrievedAt ${ms} is outside the time a Date can hold, 24 hours included: pass the time the token was retrieved, in milliseconds since the epoch.`,
    );
  }
  return new Date(ms + LEGACY_TOKEN_LIFETIME_MS);
}

/**
 * When a legacy access token expires: the response's `expires` when given an authenticate (or
 * refresh) response, otherwise 24 hours after the time it was retrieved.
 *
 * @throws {AuthOptionError} `expires` when the response's expires is not an ISO 8601 UTC date-time.
 */
export function legacyTokenExpiry(source: AuthenticateResponseLike | RetrievedAt): Date {
  // typeof null is 'object': null is a response without expires, not a TypeError.
  return typeof source === 'object' && !(source instanceof Date) ? fromResponse(source) : fromRetrieval(source);
}

/**
 * Whether a legacy access token should be refreshed now: true from `marginSec` seconds before its
 * expiry (see {@link legacyTokenExpiry}). Refresh with POST {base_url}/auth/refreshToken
 * {apiKey, refreshToken} using the refresh token of the most recent authentication.
 */
export function needsRefresh(source: AuthenticateResponseLike | RetrievedAt, options: NeedsRefreshOptions = {}): boolean {
  const { now = Date.now, marginSec = 60 } = options;
  if (!Number.isFinite(marginSec) || marginSec < 0) throw new AuthOptionError('clock', 'marginSec must be a number of seconds, 0 or more.');
  const nowMs = now();
  if (!Number.isFinite(nowMs)) throw new AuthOptionError('clock', 'now() must return milliseconds since the epoch.');
  return nowMs + marginSec * 1000 >= legacyTokenExpiry(source).getTime();
}
