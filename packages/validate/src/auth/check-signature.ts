import { compactVerify, createLocalJWKSet, importSPKI, importX509 } from 'jose';
import type { CompactJWSHeaderParameters, CompactVerifyGetKey, CryptoKey, JSONWebKeySet, JWK, KeyObject } from 'jose';
import { ALLOWED_ALGS } from './service.js';

/** What the signature check came to (jose's compactVerify), when there was a key to check it with. */
export type Verification = { readonly ok: true } | { readonly ok: false; readonly code: string | undefined; readonly reason: string };

/** Resolves the public key for a token from its (unverified) header, like jose's key resolvers. Never fetch jku with it. */
export type KeyResolver = CompactVerifyGetKey;

/** A public key: SPKI PEM (`-----BEGIN PUBLIC KEY-----`), X.509 PEM certificate, public JWK, KeyObject or CryptoKey. */
export type PublicKeyInput = string | JWK | KeyObject | CryptoKey;

/** Where the checker gets the verification key: exactly one of these. */
export type VerificationKey = { key: PublicKeyInput } | { jwks: JSONWebKeySet } | { resolveKey: KeyResolver };

function pemResolver(pem: string): KeyResolver {
  return (header: CompactJWSHeaderParameters) => (pem.includes('-----BEGIN CERTIFICATE-----') ? importX509(pem, header.alg) : importSPKI(pem, header.alg));
}

function verifier(source: VerificationKey): KeyResolver | JWK | KeyObject | CryptoKey {
  if ('jwks' in source) return createLocalJWKSet(source.jwks);
  if ('resolveKey' in source) return source.resolveKey;
  return typeof source.key === 'string' ? pemResolver(source.key) : source.key;
}

function reasonOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}

/**
 * Verifies the signature with jose's compactVerify against the given key, local JWK set or
 * resolver (nothing is fetched: a header jku is never followed). What went wrong is for the
 * jwt-signature and jwt-malformed rules to say.
 */
export async function verifySignature(token: string, source: VerificationKey): Promise<Verification> {
  try {
    await compactVerify(token, verifier(source) as KeyResolver, { algorithms: [...ALLOWED_ALGS] });
    return { ok: true };
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    return { ok: false, code: typeof code === 'string' ? code : undefined, reason: reasonOf(error) };
  }
}
