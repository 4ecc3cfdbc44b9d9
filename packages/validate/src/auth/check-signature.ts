import { compactVerify, createLocalJWKSet, importSPKI, importX509 } from 'jose';
import type { CompactJWSHeaderParameters, CompactVerifyGetKey, CryptoKey, JSONWebKeySet, JWK, KeyObject } from 'jose';
import type { Finding } from '../finding.js';
import { quote } from '../finding.js';
import { authFinding } from './rules.js';
import { ALLOWED_ALGS } from './service.js';

/** Resolves the public key for a token from its (unverified) header, like jose's key resolvers. Never fetch jku with it. */
export type KeyResolver = CompactVerifyGetKey;

/** A public key: SPKI PEM (`-----BEGIN PUBLIC KEY-----`), X.509 PEM certificate, public JWK, KeyObject or CryptoKey. */
export type PublicKeyInput = string | JWK | KeyObject | CryptoKey;

/** Where the checker gets the verification key: exactly one of these. */
export type VerificationKey = { key: PublicKeyInput } | { jwks: JSONWebKeySet } | { resolveKey: KeyResolver };

function pemResolver(pem: string): KeyResolver {
  return (header: CompactJWSHeaderParameters) =>
    pem.includes('-----BEGIN CERTIFICATE-----') ? importX509(pem, header.alg) : importSPKI(pem, header.alg);
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
 * resolver (nothing is fetched: a header jku is never followed). Only the signature is judged
 * here; claims are checked separately so every claim problem is reported.
 */
export async function checkSignature(token: string, header: Record<string, unknown>, source: VerificationKey): Promise<Finding[]> {
  const kid = quote(header.kid);
  const alg = quote(header.alg);
  try {
    await compactVerify(token, verifier(source) as KeyResolver, { algorithms: [...ALLOWED_ALGS] });
    return [];
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    const at = (message: string) => [authFinding('jwt-signature', '', message)];
    switch (code) {
      case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED':
        return at(
          `the signature does not verify with the public key for kid ${kid}: sign with the private key whose public key is registered under that kid (any change to the header or payload after signing also breaks it).`,
        );
      case 'ERR_JWKS_NO_MATCHING_KEY':
        return at(`no key in the JWK set matches kid ${kid} and alg ${alg}: set kid to the id of a registered key, or register the public key.`);
      case 'ERR_JWKS_MULTIPLE_MATCHING_KEYS':
        return at(`several keys in the JWK set match kid ${kid}: give every key in the set a unique kid.`);
      case 'ERR_JWS_INVALID':
        return [authFinding('jwt-malformed', '', `the JWS cannot be processed: ${reasonOf(error)}.`)];
      default:
        return at(`the key for kid ${kid} cannot verify alg ${alg}: ${reasonOf(error)}. Use the public key of the pair that signed the JWT.`);
    }
  }
}
