import type { JSONWebKeySet } from 'jose';
import { AuthOptionError } from './errors.js';
import type { KeyResolver, PublicKeyInput, VerificationKey } from './check-signature.js';
import type { ReplayStore } from './replay-store.js';
import { tokenUrlFor, tokenUrlProblem } from './service.js';

/** Options of the client-assertion checker. */
export interface CheckAssertionOptions {
  /** Client ID of the OAuth API key: iss and sub must equal it. */
  clientId: string;
  /** `{base_url}`; aud must be `{base_url}/v2/auth/token`. Give this or tokenUrl. */
  baseUrl?: string;
  /** `{base_url}/v2/auth/token` itself. Give this or baseUrl. */
  tokenUrl?: string;
  /** The JWKS URL saved in the dashboard, if any. A header jku must equal it; without it a jku is a finding. */
  jku?: string;
  /** Public key: SPKI PEM, X.509 PEM, public JWK, KeyObject or CryptoKey. */
  key?: PublicKeyInput;
  /** A local JWK set (never fetched); the key is chosen by kid and alg with jose createLocalJWKSet. */
  jwks?: JSONWebKeySet;
  /** A resolver from the unverified header to a key (must not fetch the header's jku). */
  resolveKey?: KeyResolver;
  /** Explain a token without verifying its signature (no key at hand). Default false. The replay store is then not used. */
  skipSignature?: boolean;
  /** Where jtis are remembered; without one, jwt-jti only checks presence. Used only for verified tokens. */
  replayStore?: ReplayStore;
  /** Clock in milliseconds since the epoch. Default Date.now. */
  now?: () => number;
  /** Allowed clock skew in seconds for exp (expired / too far ahead) and for an iat ahead of now. Default 0. */
  clockToleranceSec?: number;
}

/** Options checked and normalised once per call. */
export interface ResolvedCheckOptions {
  clientId: string;
  audience: string;
  jku: string | undefined;
  source: VerificationKey | undefined;
  replayStore: ReplayStore | undefined;
  nowSec: number;
  toleranceSec: number;
}

function keySource(options: CheckAssertionOptions): VerificationKey | undefined {
  const { key, jwks, resolveKey, skipSignature = false } = options;
  const given = [key, jwks, resolveKey].filter((v) => v !== undefined).length;
  if (skipSignature ? given > 0 : given !== 1) {
    const why = skipSignature
      ? 'skipSignature is set together with a key'
      : given === 0
        ? 'no key, jwks or resolveKey was given'
        : 'more than one of key, jwks and resolveKey was given';
    throw new AuthOptionError(
      'key-source',
      `${why}: give exactly one of key, jwks or resolveKey, or set skipSignature to explain a token without verifying it.`,
    );
  }
  if (key !== undefined) {
    if (typeof key === 'string' && !/-----BEGIN (PUBLIC KEY|CERTIFICATE)-----/.test(key)) {
      throw new AuthOptionError('key', 'key must be a public key: SPKI PEM (-----BEGIN PUBLIC KEY-----), X.509 PEM, public JWK, KeyObject or CryptoKey.');
    }
    if (typeof key === 'object' && ('d' in key || (key as { type?: unknown }).type === 'private')) {
      throw new AuthOptionError('key', 'key is a private key: pass the public key of the pair (never hand private keys to a checker).');
    }
    return { key };
  }
  if (jwks !== undefined) return { jwks };
  return resolveKey === undefined ? undefined : { resolveKey };
}

function audience(options: CheckAssertionOptions): string {
  const { baseUrl, tokenUrl } = options;
  const url = tokenUrl ?? (typeof baseUrl === 'string' ? tokenUrlFor(baseUrl) : undefined);
  if (url === undefined)
    throw new AuthOptionError('token-url', 'give baseUrl or tokenUrl: aud is checked against the token endpoint, the base URL followed by /v2/auth/token.');
  if (tokenUrl !== undefined && baseUrl !== undefined && tokenUrlFor(baseUrl) !== tokenUrl) {
    throw new AuthOptionError('token-url', 'baseUrl and tokenUrl disagree: give one of them.');
  }
  const problem = tokenUrlProblem(url);
  if (problem) throw new AuthOptionError('token-url', `the token URL ${problem}: give the service's base URL, or that URL followed by /v2/auth/token.`);
  return url;
}

/** Validates the checker's options. @throws {AuthOptionError} */
export function resolveCheckOptions(options: CheckAssertionOptions): ResolvedCheckOptions {
  const { clientId, jku, replayStore, clockToleranceSec = 0 } = options;
  if (typeof clientId !== 'string' || clientId === '') throw new AuthOptionError('client-id', 'clientId is required: the client ID of the OAuth API key.');
  if (!Number.isFinite(clockToleranceSec) || clockToleranceSec < 0) {
    throw new AuthOptionError('clock', 'clockToleranceSec must be a number of seconds, 0 or more.');
  }
  const nowMs = (options.now ?? Date.now)();
  if (!Number.isFinite(nowMs)) throw new AuthOptionError('clock', 'now() must return milliseconds since the epoch.');
  return {
    clientId,
    audience: audience(options),
    jku,
    source: keySource(options),
    replayStore,
    nowSec: nowMs / 1000,
    toleranceSec: clockToleranceSec,
  };
}
