/**
 * Why an auth option was refused. Stable: callers may switch on it.
 *
 * - `client-id`: clientId missing or empty.
 * - `token-url`: tokenUrl/baseUrl missing, not an absolute URL, or not ending in exactly /v2/auth/token.
 * - `alg`: alg is not one of RS384, RS512, ES384, ES512.
 * - `kid`: kid missing or empty.
 * - `lifetime`: lifetimeSec is not a whole number of seconds from 1 to 300.
 * - `jku`: jku is not an https URL.
 * - `key`: the private or public key cannot be used (wrong form, wrong type for alg, too small).
 * - `key-source`: the checker got no key, JWK set or resolver (and skipSignature is not set), or more than one.
 * - `clock`: now() did not return a finite number, or clockToleranceSec/marginSec is negative.
 * - `expires`: a legacy authenticate response whose `expires` is not a date-time.
 */
export type AuthOptionErrorCode = 'client-id' | 'token-url' | 'alg' | 'kid' | 'lifetime' | 'jku' | 'key' | 'key-source' | 'clock' | 'expires';

/**
 * Thrown when the builder, the checker or a legacy helper is given options the service would
 * reject or that make the call meaningless. Problems in a token being checked are never thrown:
 * they are findings.
 */
export class AuthOptionError extends Error {
  override readonly name = 'AuthOptionError';
  readonly code: AuthOptionErrorCode;

  constructor(code: AuthOptionErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}
