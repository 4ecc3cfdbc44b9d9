// Legacy API key flow: the access token from /auth/authenticate (or /auth/refreshToken) expires
// 24 hours after retrieval; after that, POST /auth/refreshToken with the latest refreshToken.
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

function fromResponse(response: AuthenticateResponseLike): Date {
  const { expires } = response;
  const date = typeof expires === 'string' && UTC_DATE_TIME.test(expires) ? new Date(expires) : undefined;
  if (date === undefined || Number.isNaN(date.getTime())) {
    throw new AuthOptionError('expires', 'the authenticate response has no usable "expires": it must be an ISO 8601 UTC date-time such as 2026-03-02T09:30:00Z.');
  }
  return date;
}

function fromRetrieval(retrievedAt: RetrievedAt): Date {
  const ms = retrievedAt instanceof Date ? retrievedAt.getTime() : retrievedAt;
  if (typeof ms !== 'number' || !Number.isFinite(ms)) {
    throw new AuthOptionError('clock', 'retrievedAt must be a Date or milliseconds since the epoch.');
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
