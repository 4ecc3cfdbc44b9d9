import { SignJWT, importJWK, importPKCS8 } from 'jose';
import type { CryptoKey, JWK, KeyObject } from 'jose';
import { AuthOptionError } from './errors.js';
import {
  ALLOWED_ALGS,
  ASSERTION_TYP,
  CLIENT_ASSERTION_TYPE,
  GRANT_TYPE,
  MAX_ASSERTION_LIFETIME_SEC,
  isAllowedAlg,
  tokenUrlProblem,
  type AssertionAlg,
} from './service.js';
import type { ClientAssertionClaims, ClientAssertionHeader, TokenRequestForm } from './types.js';

/** Options of {@link buildClientAssertion}. */
export interface BuildAssertionOptions {
  /** Client ID of the OAuth API key; becomes both iss and sub. */
  clientId: string;
  /** `{base_url}/v2/auth/token`, exactly; becomes aud. */
  tokenUrl: string;
  /** Private key: PKCS #8 PEM (`-----BEGIN PRIVATE KEY-----`), private JWK, KeyObject or CryptoKey. */
  privateKey: string | JWK | KeyObject | CryptoKey;
  /** Identifier of the key pair, as registered with the service. */
  kid: string;
  alg: AssertionAlg;
  /** JWKS URL saved in the dashboard; set only if one was saved (https). */
  jku?: string;
  /** Seconds from iat to exp: a whole number from 1 to 300. Default 300. */
  lifetimeSec?: number;
  /** Clock in milliseconds since the epoch. Default Date.now. */
  now?: () => number;
}

/** A signed client assertion and everything derived from it. */
export interface ClientAssertion {
  /** The compact JWT. */
  assertion: string;
  /** Form fields for POST /v2/auth/token: `new URLSearchParams(form)`. */
  form: TokenRequestForm;
  header: ClientAssertionHeader;
  claims: ClientAssertionClaims;
}

function fail(code: ConstructorParameters<typeof AuthOptionError>[0], message: string, cause?: unknown): never {
  throw new AuthOptionError(code, message, cause === undefined ? undefined : { cause });
}

function validate(options: BuildAssertionOptions): number {
  const { clientId, tokenUrl, kid, alg, jku, lifetimeSec = MAX_ASSERTION_LIFETIME_SEC } = options;
  if (typeof clientId !== 'string' || clientId === '') fail('client-id', 'clientId is required: the client ID of the OAuth API key.');
  const urlProblem = typeof tokenUrl === 'string' ? tokenUrlProblem(tokenUrl) : 'is required';
  if (urlProblem) fail('token-url', `tokenUrl ${urlProblem}: pass {base_url}/v2/auth/token exactly.`);
  if (typeof kid !== 'string' || kid === '') fail('kid', 'kid is required: the identifier of the key pair registered with the service.');
  if (!isAllowedAlg(alg)) fail('alg', `alg ${String(alg)} is not accepted by the service: use one of ${ALLOWED_ALGS.join(', ')}.`);
  if (!Number.isInteger(lifetimeSec) || lifetimeSec < 1 || lifetimeSec > MAX_ASSERTION_LIFETIME_SEC) {
    fail('lifetime', `lifetimeSec must be a whole number of seconds from 1 to ${MAX_ASSERTION_LIFETIME_SEC}; got ${String(lifetimeSec)}.`);
  }
  if (jku !== undefined && !(typeof jku === 'string' && /^https:\/\/[^\s]+$/.test(jku) && URL.canParse(jku))) {
    fail('jku', 'jku must be the https JWKS URL saved in the dashboard; omit it when none is saved.');
  }
  return lifetimeSec;
}

// `| null | undefined`: JavaScript callers may pass anything; each form is told apart below.
async function signingKey(privateKey: BuildAssertionOptions['privateKey'] | null | undefined, alg: AssertionAlg): Promise<CryptoKey | KeyObject> {
  if (typeof privateKey === 'string') {
    if (/-----BEGIN (RSA|EC) PRIVATE KEY-----/.test(privateKey)) {
      fail('key', 'privateKey is PKCS #1/SEC1 PEM: convert it to PKCS #8 (openssl pkcs8 -topk8 -nocrypt -in key.pem).');
    }
    if (!privateKey.includes('-----BEGIN PRIVATE KEY-----')) {
      fail('key', 'privateKey must be an unencrypted PKCS #8 PEM (-----BEGIN PRIVATE KEY-----), a private JWK, a KeyObject or a CryptoKey.');
    }
    try {
      return await importPKCS8(privateKey, alg);
    } catch (cause) {
      return fail('key', `privateKey cannot be used with ${alg}: pass a ${alg.startsWith('RS') ? 'RSA' : 'EC'} private key.`, cause);
    }
  }
  if (privateKey && typeof privateKey === 'object' && 'kty' in privateKey) {
    if (typeof privateKey.d !== 'string') fail('key', 'privateKey JWK has no "d": pass the private JWK, not the public one.');
    try {
      return (await importJWK(privateKey, alg)) as CryptoKey;
    } catch (cause) {
      return fail('key', `privateKey JWK cannot be used with ${alg}: pass a ${alg.startsWith('RS') ? 'RSA' : 'EC'} private key.`, cause);
    }
  }
  if (privateKey && typeof privateKey === 'object' && (privateKey as { type?: unknown }).type === 'private') {
    return privateKey as KeyObject | CryptoKey;
  }
  return fail('key', 'privateKey must be a private key: PKCS #8 PEM, private JWK, KeyObject or CryptoKey.');
}

/**
 * Builds and signs a client assertion the service accepts: iss = sub = clientId, aud = tokenUrl,
 * iat = now, exp = iat + lifetimeSec (at most 300 s), a fresh random jti, header {alg, typ: JWT, kid, jku?}.
 *
 * @throws {AuthOptionError} when an option is one the service would reject (see its `code`).
 */
export async function buildClientAssertion(options: BuildAssertionOptions): Promise<ClientAssertion> {
  const lifetimeSec = validate(options);
  const { clientId, tokenUrl, kid, alg, jku } = options;
  const nowMs = (options.now ?? Date.now)();
  if (!Number.isFinite(nowMs)) fail('clock', 'now() must return milliseconds since the epoch.');
  const key = await signingKey(options.privateKey, alg);

  const iat = Math.floor(nowMs / 1000);
  const claims: ClientAssertionClaims = { iss: clientId, sub: clientId, aud: tokenUrl, iat, exp: iat + lifetimeSec, jti: crypto.randomUUID() }; // Web Crypto: Node and browsers alike
  const header: ClientAssertionHeader = { alg, typ: ASSERTION_TYP, kid, ...(jku === undefined ? {} : { jku }) };
  let assertion: string;
  try {
    assertion = await new SignJWT({ ...claims }).setProtectedHeader({ ...header }).sign(key);
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    return fail('key', `privateKey cannot sign ${alg}: ${reason.slice(0, 120)}`, cause);
  }
  const form: TokenRequestForm = { grant_type: GRANT_TYPE, client_assertion_type: CLIENT_ASSERTION_TYPE, client_assertion: assertion };
  return { assertion, form, header, claims };
}
