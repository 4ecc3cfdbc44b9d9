import { decodeJwt, decodeProtectedHeader } from 'jose';
import type { Finding } from '../finding.js';
import { authFinding } from './rules.js';

/** A compact JWT split into its decoded (unverified) parts. */
export interface DecodedAssertion {
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;

function malformed(message: string): Finding {
  return authFinding('jwt-malformed', '', message);
}

/** Why the text is not shaped like a compact JWS, or undefined when it is. */
function shapeProblem(token: string): string | undefined {
  if (token.trim() !== token) return 'the assertion has leading or trailing whitespace: send the compact JWT alone.';
  const parts = token.split('.');
  if (parts.length === 5) return 'the assertion has five parts (an encrypted JWE): the service needs a signed JWS with three.';
  if (parts.length !== 3) {
    return `the assertion has ${parts.length} part${parts.length === 1 ? '' : 's'}: a compact JWT is header.payload.signature, three base64url parts separated by dots.`;
  }
  const names = ['header', 'payload', 'signature'];
  for (const [i, part] of parts.entries()) {
    if (!BASE64URL.test(part)) {
      return `the ${names[i]} part is not base64url (only A-Z, a-z, 0-9, - and _, no padding): encode each part with base64url.`;
    }
  }
  if (parts[0] === '') return 'the header part is empty: a compact JWT starts with the base64url JSON header.';
  if (parts[1] === '') return 'the payload part is empty: the claims iss, sub, aud, iat, exp and jti are required.';
  return undefined;
}

/**
 * Decodes a compact JWT without verifying it, with jose's decodeProtectedHeader and decodeJwt.
 * Returns a `jwt-malformed` finding (pointer "") instead of throwing. An empty signature is not
 * malformed here: it is what alg none produces, and jwt-alg explains that better.
 */
export function decodeAssertion(token: unknown): DecodedAssertion | Finding {
  if (typeof token !== 'string') return malformed(`the assertion must be a string (a compact JWT), not ${typeof token}.`);
  if (token === '') return malformed('the assertion is empty: pass the signed compact JWT.');
  const problem = shapeProblem(token);
  if (problem) return malformed(problem);
  let header: Record<string, unknown>;
  try {
    header = decodeProtectedHeader(token) as Record<string, unknown>;
  } catch {
    return malformed('the header part does not decode to a JSON object: it must be base64url of UTF-8 JSON such as {"alg":"ES384","typ":"JWT","kid":"…"}.');
  }
  let payload: Record<string, unknown>;
  try {
    payload = decodeJwt(token) as Record<string, unknown>;
  } catch {
    return malformed('the payload part does not decode to a JSON object: it must be base64url of the UTF-8 JSON claims.');
  }
  return { header, payload };
}

/** Narrows the result of {@link decodeAssertion}. */
export function isFinding(value: DecodedAssertion | Finding): value is Finding {
  return 'ruleId' in value;
}
