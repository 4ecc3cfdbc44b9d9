import { decodeJwt, decodeProtectedHeader } from 'jose';
import type { MalformedProblem } from '../rules/scopes.js';

/** A compact JWT split into its decoded (unverified) parts. */
export interface DecodedAssertion {
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;
const PART_NAMES = ['header', 'payload', 'signature'];

/** Why the text is not shaped like a compact JWS (a jwt-malformed message), or undefined when it is. */
function shapeProblem(token: string): MalformedProblem | undefined {
  if (token.trim() !== token) return { messageId: 'whitespace' };
  const parts = token.split('.');
  if (parts.length === 5) return { messageId: 'jwe' };
  if (parts.length !== 3) return { messageId: 'parts', data: { count: `${parts.length} part${parts.length === 1 ? '' : 's'}` } };
  const bad = parts.findIndex((part) => !BASE64URL.test(part));
  if (bad >= 0) return { messageId: 'notBase64url', data: { part: PART_NAMES[bad]! } };
  if (parts[0] === '') return { messageId: 'emptyHeader' };
  if (parts[1] === '') return { messageId: 'emptyPayload' };
  return undefined;
}

/**
 * Decodes a compact JWT without verifying it, with jose's decodeProtectedHeader and decodeJwt, or
 * says why it cannot (one of jwt-malformed's messages). Never throws. An empty signature is not
 * malformed here: it is what alg none produces, and jwt-alg explains that better.
 */
export function decodeAssertion(token: unknown): DecodedAssertion | { problem: MalformedProblem } {
  if (typeof token !== 'string') return { problem: { messageId: 'notString', data: { type: typeof token } } };
  if (token === '') return { problem: { messageId: 'empty' } };
  const problem = shapeProblem(token);
  if (problem) return { problem };
  let header: Record<string, unknown>;
  try {
    header = decodeProtectedHeader(token);
  } catch {
    return { problem: { messageId: 'header' } };
  }
  let payload: Record<string, unknown>;
  try {
    payload = decodeJwt(token);
  } catch {
    return { problem: { messageId: 'payload' } };
  }
  return { header, payload };
}
