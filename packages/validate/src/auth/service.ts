// The service's authentication rules as constants, in one place, so the builder, the checker and the
// docs cannot drift apart. Source: the interface spec, sections "Authentication" and "Limits".

import { withoutTrailingSlashes } from '../trim.js';

/** Signature algorithms the token endpoint accepts for a client assertion (spec: JWT header `alg`). */
export const ALLOWED_ALGS = ['RS384', 'RS512', 'ES384', 'ES512'] as const;

/** One of the accepted signature algorithms. */
export type AssertionAlg = (typeof ALLOWED_ALGS)[number];

/** Longest accepted assertion lifetime: exp at most 5 minutes ahead, iat at most 5 minutes before exp. */
export const MAX_ASSERTION_LIFETIME_SEC = 300;

/** Path of the OAuth token endpoint under `{base_url}`; also the exact tail of the `aud` claim. */
export const TOKEN_PATH = '/v2/auth/token';

/** Form value of `grant_type`. */
export const GRANT_TYPE = 'client_credentials';

/** Form value of `client_assertion_type`. */
export const CLIENT_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

/** The only accepted `typ` header value. */
export const ASSERTION_TYP = 'JWT';

/**
 * Longest jti accepted, in characters. The spec sets no length ("nonce string unique per JWT"); a
 * UUID is 36. The bound keeps what a replay store holds per entry small: 200 jtis of 1 MB each
 * otherwise kept 200 MB alive.
 */
export const MAX_JTI_LENGTH = 255;

/** Legacy flow: access tokens expire 24 hours after retrieval. */
export const LEGACY_TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * Whether a protected header asks for a JWS extension: a `crit` list (RFC 7515 §4.1.11) or an
 * unencoded payload (RFC 7797 `b64` other than true). The service processes none, so such a token
 * is refused whether or not its signature verifies, and is not verified at all (rule jwt-crit).
 */
export function declaresExtension(header: Readonly<Record<string, unknown>>): boolean {
  return header.crit !== undefined || (header.b64 !== undefined && header.b64 !== true);
}

/** Whether a header `alg` value is one the service accepts. */
export function isAllowedAlg(alg: unknown): alg is AssertionAlg {
  return typeof alg === 'string' && (ALLOWED_ALGS as readonly string[]).includes(alg);
}

/**
 * Why a token endpoint URL is not one the service would accept as `aud`, or undefined when it is:
 * an absolute http(s) URL whose path ends in exactly /v2/auth/token, without a query or fragment.
 */
export function tokenUrlProblem(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'is not an absolute URL';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return 'must be an https URL';
  if (parsed.search !== '' || parsed.hash !== '' || /[?#]/.test(url)) return 'must not have a query or fragment';
  if (url.endsWith(`${TOKEN_PATH}/`)) return `must end in ${TOKEN_PATH} without a trailing slash`;
  if (!url.endsWith(TOKEN_PATH)) return `must end in ${TOKEN_PATH}`;
  return undefined;
}

/** `{base_url}/v2/auth/token` for a base URL given with or without a trailing slash. */
export function tokenUrlFor(baseUrl: string): string {
  return `${withoutTrailingSlashes(baseUrl)}${TOKEN_PATH}`;
}
