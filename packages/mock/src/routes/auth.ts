import { randomBytes } from 'node:crypto';
import { validate, type Finding } from '@cdx/validate';
import { checkClientAssertion, checkTokenForm } from '@cdx/validate/auth';
import { errorAnswer, hasError, publicFinding, type Handled } from '../answer.js';
import type { MockContext } from '../context.js';

/** The `iss` of an assertion, read without verifying anything (it names the key to verify with). */
function issuerOf(assertion: string): string | undefined {
  const payload = assertion.split('.')[1];
  if (payload === undefined) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
    const iss = typeof claims === 'object' && claims !== null ? (claims as Record<string, unknown>).iss : undefined;
    return typeof iss === 'string' ? iss : undefined;
  } catch {
    return undefined;
  }
}

function oauthError(status: 400 | 401, error: 'invalid_request' | 'invalid_client', description: string, findings: readonly Finding[]): Handled {
  return {
    kind: 'auth/TokenRequest',
    findings,
    answer: { status, body: { error, error_description: description, findings: findings.map(publicFinding) }, headers: { 'cache-control': 'no-store' } },
  };
}

/**
 * POST /v2/auth/token: the form checked by the token-form rule, then the client assertion by
 * `checkClientAssertion` against the public keys registered for its `iss`, with the mock's replay store
 * (a jti is accepted once). A bad form is `invalid_request`; a bad assertion or an unknown client is
 * `invalid_client` (RFC 6749 §5.2), each with the findings.
 */
export async function tokenRoute(form: string, context: MockContext): Promise<Handled> {
  const { findings: formFindings, assertion } = checkTokenForm(form);
  if (hasError(formFindings) || assertion === undefined) {
    return oauthError(400, 'invalid_request', 'The token request form is not what the service accepts.', formFindings);
  }
  const clientId = issuerOf(assertion);
  const jwks = clientId === undefined ? undefined : context.clients.get(clientId);
  if (clientId === undefined || jwks === undefined) {
    // Still explain the token (without a key, so without using up its jti).
    const findings =
      clientId === undefined || clientId === ''
        ? []
        : await checkClientAssertion(assertion, { clientId, baseUrl: context.baseUrl(), skipSignature: true, now: context.now });
    const who =
      clientId === undefined ? 'The assertion names no client (`iss`).' : `No client is registered with client ID ${JSON.stringify(clientId).slice(0, 200)}.`;
    return oauthError(401, 'invalid_client', who, findings);
  }
  const findings = await checkClientAssertion(assertion, { clientId, baseUrl: context.baseUrl(), jwks, replayStore: context.replayStore, now: context.now });
  if (hasError(findings)) return oauthError(401, 'invalid_client', 'The client assertion is not one the service accepts.', findings);
  const { token } = context.tokens.issue(clientId, context.tokenLifetimeSec);
  return {
    kind: 'auth/TokenRequest',
    findings,
    answer: {
      status: 200,
      kind: 'auth/TokenResponse',
      headers: { 'cache-control': 'no-store' },
      body: { access_token: token, token_type: 'Bearer', expires_in: context.tokenLifetimeSec },
    },
  };
}

function legacyGrant(apiKey: string, context: MockContext): Handled {
  const { token, expiresAtMs } = context.tokens.issue(apiKey, 24 * 60 * 60);
  const refreshToken = randomBytes(32).toString('base64url');
  context.refreshTokens.set(apiKey, refreshToken);
  const expires = new Date(expiresAtMs).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return { answer: { status: 200, kind: 'auth/AuthenticateResponse', body: { accessToken: token, expires, refreshToken } } };
}

/**
 * POST /auth/authenticate {apiKey, secret} and POST /auth/refreshToken {apiKey, refreshToken}: the body
 * validated as its auth kind, then the key checked against the configured API keys (a refresh must
 * bring the latest refresh token of that key). Tokens last 24 hours, as the spec says.
 */
export function legacyRoute(which: 'authenticate' | 'refresh', body: unknown, context: MockContext): Handled {
  const kind = which === 'authenticate' ? 'auth/AuthenticateRequest' : 'auth/RefreshTokenRequest';
  const result = validate(body, { kind });
  if (!result.valid) {
    return {
      kind,
      findings: result.findings,
      answer: errorAnswer(400, 'invalid_request', `The body is not a valid ${kind}.`, { findings: result.findings.map(publicFinding) }),
    };
  }
  const { apiKey, secret, refreshToken } = body as { apiKey: string; secret?: string; refreshToken?: string };
  const known = context.apiKeys.get(apiKey);
  const accepted = known !== undefined && (which === 'authenticate' ? secret === known : refreshToken === context.refreshTokens.get(apiKey));
  if (!accepted) {
    const what = which === 'authenticate' ? 'API key and secret' : 'API key and refresh token';
    return { kind, findings: result.findings, answer: errorAnswer(401, 'invalid_client', `The ${what} do not match a configured legacy API key.`) };
  }
  return { kind, findings: result.findings, ...legacyGrant(apiKey, context) };
}
