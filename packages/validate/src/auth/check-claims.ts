import type { Finding } from '../finding.js';
import { quote } from '../finding.js';
import { authFinding, mismatch } from './rules.js';
import { MAX_ASSERTION_LIFETIME_SEC, MAX_JTI_LENGTH } from './service.js';

/** What the claims are checked against. */
export interface ClaimContext {
  /** Client ID of the OAuth API key: iss and sub must equal it. */
  clientId: string;
  /** `{base_url}/v2/auth/token`: aud must equal it exactly. */
  audience: string;
  /** Current time, seconds since the epoch (may be fractional). */
  nowSec: number;
  /** Allowed clock skew in seconds, applied to "expired", "too far in the future" and an iat ahead of now. */
  toleranceSec: number;
}

const MAX = MAX_ASSERTION_LIFETIME_SEC;

function isoTime(sec: number): string {
  const date = new Date(sec * 1000);
  return Number.isNaN(date.getTime()) ? 'an impossible time' : date.toISOString();
}

/** Why a time claim is not a NumericDate in whole seconds, or undefined when it is. */
function numericDateProblem(name: string, value: unknown): string | undefined {
  if (value === undefined) return `claim "${name}" is missing`;
  if (typeof value !== 'number' || !Number.isFinite(value)) return `claim "${name}" is ${quote(value)}, not a number of seconds since the epoch`;
  if (value > 1e11) return `claim "${name}" is ${value}, which looks like milliseconds: divide by 1000`;
  if (!Number.isInteger(value) || value < 0) return `claim "${name}" is ${value}: it must be a whole number of seconds since the epoch`;
  return undefined;
}

function identity(payload: Record<string, unknown>, clientId: string): Finding[] {
  const findings: Finding[] = [];
  for (const name of ['iss', 'sub'] as const) {
    const value = payload[name];
    const pointer = `/payload/${name}`;
    if (value === undefined) {
      findings.push(authFinding('jwt-iss-sub', pointer, `claim "${name}" is missing: set both iss and sub to the client ID of the OAuth API key.`));
    } else if (value !== clientId) {
      const also = name === 'sub' && payload.iss === clientId ? ' (sub must be the same value as iss)' : '';
      findings.push(
        authFinding('jwt-iss-sub', pointer, `claim "${name}" is ${mismatch(value, clientId, 'the client ID')}${also}: set both iss and sub to the client ID.`),
      );
    }
  }
  return findings;
}

function audience(aud: unknown, expected: string): Finding[] {
  const at = (message: string) => [authFinding('jwt-aud', '/payload/aud', message)];
  if (aud === undefined) return at(`claim "aud" is missing: set it to ${JSON.stringify(expected)} exactly.`);
  if (Array.isArray(aud)) return at(`claim "aud" is an array: the service needs the single string ${JSON.stringify(expected)}.`);
  if (aud === expected) return [];
  if (aud === `${expected}/`) return at(`claim "aud" has a trailing slash: remove it; the service requires ${JSON.stringify(expected)} exactly.`);
  return at(`claim "aud" is ${mismatch(aud, expected)} ({base_url}/v2/auth/token exactly).`);
}

function times(payload: Record<string, unknown>, ctx: ClaimContext): Finding[] {
  const findings: Finding[] = [];
  const { exp, iat } = payload;
  const expProblem = numericDateProblem('exp', exp);
  const iatProblem = numericDateProblem('iat', iat);
  if (expProblem) {
    findings.push(authFinding('jwt-exp', '/payload/exp', `${expProblem}; exp must be at most ${MAX} s after iat and after now.`));
  } else if (typeof exp === 'number') {
    const ahead = exp - ctx.nowSec;
    if (ahead <= -ctx.toleranceSec) {
      findings.push(
        authFinding('jwt-exp', '/payload/exp', `the JWT expired at ${isoTime(exp)} (${Math.round(-ahead)} s ago): build a fresh assertion for each token request.`),
      );
    } else if (ahead > MAX + ctx.toleranceSec) {
      findings.push(
        authFinding('jwt-exp', '/payload/exp', `claim "exp" is ${Math.round(ahead)} s in the future; the service allows at most ${MAX} s: set exp to iat + ${MAX} or less.`),
      );
    }
  }
  if (iatProblem) {
    findings.push(authFinding('jwt-iat', '/payload/iat', `${iatProblem}; iat is the creation time, at most ${MAX} s before exp.`));
  } else if (typeof iat === 'number' && iat > ctx.nowSec + ctx.toleranceSec) {
    // A creation time cannot be ahead of the clock; beyond the tolerance, one of the clocks is wrong.
    findings.push(
      authFinding('jwt-iat', '/payload/iat', `claim "iat" is ${isoTime(iat)}, ${Math.round(iat - ctx.nowSec)} s in the future: iat is the creation time; set it to the current time (check the signer's clock).`),
    );
  } else if (typeof iat === 'number' && !expProblem && typeof exp === 'number') {
    if (iat > exp) {
      findings.push(authFinding('jwt-iat', '/payload/iat', `claim "iat" is after "exp" by ${iat - exp} s: iat is the creation time and must come first.`));
    } else if (exp - iat > MAX) {
      findings.push(
        authFinding('jwt-iat', '/payload/iat', `claim "iat" is ${exp - iat} s before "exp"; the service allows at most ${MAX} s: shorten the lifetime to ${MAX} s or less.`),
      );
    }
  }
  return findings;
}

/** Findings of the claims: jwt-iss-sub, jwt-aud, jwt-exp, jwt-iat and the presence part of jwt-jti. */
export function checkClaims(payload: Record<string, unknown>, ctx: ClaimContext): Finding[] {
  const findings = [...identity(payload, ctx.clientId), ...audience(payload.aud, ctx.audience), ...times(payload, ctx)];
  const { jti } = payload;
  if (typeof jti !== 'string' || jti === '') {
    const what = jti === undefined ? 'is missing' : `is ${quote(jti)}`;
    findings.push(authFinding('jwt-jti', '/payload/jti', `claim "jti" ${what}: set a nonce unique per JWT, e.g. crypto.randomUUID().`));
  } else if (jti.length > MAX_JTI_LENGTH) {
    findings.push(authFinding('jwt-jti', '/payload/jti', `claim "jti" is ${jti.length} characters long; at most ${MAX_JTI_LENGTH} are accepted: use a short nonce, e.g. crypto.randomUUID().`));
  }
  return findings;
}
