import { quote, type Finding, type Severity } from '../finding.js';

/** What the registry records of one auth rule. Every rule has a page at docs/rules/<id>.md. */
export interface AuthRule {
  readonly id: string;
  readonly severity: Severity;
  readonly description: string;
}

/**
 * Every rule the client-assertion checker reports, by stable id. Pointers address a virtual
 * document `{ header, payload, form }`: `/header/alg`, `/payload/exp`, `/form/grant_type`;
 * `""` is the whole token.
 */
export const AUTH_RULES = {
  'jwt-malformed': {
    id: 'jwt-malformed',
    severity: 'error',
    description: 'The assertion is not a compact JWS: three base64url parts whose first two decode to JSON objects.',
  },
  'jwt-alg': {
    id: 'jwt-alg',
    severity: 'error',
    description: 'Header alg must be RS384, RS512, ES384 or ES512 (no HMAC such as HS256, never none).',
  },
  'jwt-kid': {
    id: 'jwt-kid',
    severity: 'error',
    description: 'Header kid is required: it names the key pair that signed the JWT.',
  },
  'jwt-typ': {
    id: 'jwt-typ',
    severity: 'error',
    description: 'Header typ is required and must be JWT.',
  },
  'jwt-crit': {
    id: 'jwt-crit',
    severity: 'error',
    description: 'Header crit and b64 are refused: the service processes no JWS extension (RFC 7515 crit, RFC 7797 unencoded payload).',
  },
  'jwt-jku': {
    id: 'jwt-jku',
    severity: 'error',
    description: 'Header jku, when present, must equal the JWKS URL saved in the dashboard.',
  },
  'jwt-iss-sub': {
    id: 'jwt-iss-sub',
    severity: 'error',
    description: 'Claims iss and sub are both required and both equal the client ID of the OAuth API key.',
  },
  'jwt-aud': {
    id: 'jwt-aud',
    severity: 'error',
    description: 'Claim aud must be exactly {base_url}/v2/auth/token: one string, no trailing slash.',
  },
  'jwt-exp': {
    id: 'jwt-exp',
    severity: 'error',
    description: 'Claim exp is required, a whole number of seconds, not in the past and at most 5 minutes in the future.',
  },
  'jwt-iat': {
    id: 'jwt-iat',
    severity: 'error',
    description: 'Claim iat is required, a whole number of seconds, not in the future, not after exp and at most 5 minutes before it.',
  },
  'jwt-jti': {
    id: 'jwt-jti',
    severity: 'error',
    description: 'Claim jti is required, at most 255 characters, and must not be reused within the lifetime of the JWT.',
  },
  'jwt-signature': {
    id: 'jwt-signature',
    severity: 'error',
    description: 'The signature must verify with the public key named by kid.',
  },
  'token-form': {
    id: 'token-form',
    severity: 'error',
    description:
      'The token request form needs grant_type=client_credentials, the jwt-bearer client_assertion_type and a client_assertion, each once.',
  },
} as const satisfies Record<string, AuthRule>;

/** A stable auth rule id. */
export type AuthRuleId = keyof typeof AUTH_RULES;

/** A finding of an auth rule, with the rule's registered severity. */
export function authFinding(ruleId: AuthRuleId, pointer: string, message: string): Finding {
  return { ruleId, severity: AUTH_RULES[ruleId].severity, message, pointer };
}

/**
 * `"actual" but must be <label> "expected"`, plus where they first differ when quote() shortens the
 * actual value (it never prints more than 40 characters of a value). `expected` comes from the
 * caller's configuration, never from the payload, so it is printed whole.
 */
export function mismatch(actual: unknown, expected: string, label = ''): string {
  const text = `${quote(actual)} but must be ${label ? `${label} ` : ''}${JSON.stringify(expected)}`;
  if (typeof actual !== 'string' || actual.length <= 40) return text;
  let i = 0;
  while (i < actual.length && i < expected.length && actual[i] === expected[i]) i++;
  return `${text} (first difference at character ${i + 1})`;
}
