import type { Finding } from '../finding.js';
import { quote } from '../finding.js';
import { checkClaims } from './check-claims.js';
import { checkTokenForm, type TokenFormInput } from './check-form.js';
import { checkHeader } from './check-header.js';
import { checkSignature } from './check-signature.js';
import { decodeAssertion, isFinding } from './decode.js';
import { resolveCheckOptions, type CheckAssertionOptions, type ResolvedCheckOptions } from './options.js';
import { authFinding } from './rules.js';
import { isAllowedAlg } from './service.js';

async function explain(assertion: unknown, options: ResolvedCheckOptions): Promise<Finding[]> {
  const decoded = decodeAssertion(assertion);
  if (isFinding(decoded)) return [decoded];
  const { header, payload } = decoded;
  const findings = [...checkHeader(header, options.jku), ...checkClaims(payload, options)];

  // An alg outside the set, or a JWS extension, is already a finding; verifying could only add noise.
  if (options.source && isAllowedAlg(header.alg) && !findings.some((f) => f.ruleId === 'jwt-crit')) {
    findings.push(...(await checkSignature(assertion as string, header, options.source)));
  }

  // Remember the jti only for an assertion the service would otherwise accept, so rejected
  // tokens cannot burn jtis; keep it for the whole window in which the token could be accepted.
  // Never for an unverified one (skipSignature): anyone could otherwise use up a legitimate jti.
  const { jti, exp } = payload;
  if (options.replayStore && options.source && findings.length === 0 && typeof jti === 'string' && typeof exp === 'number') {
    const first = await options.replayStore.checkAndRemember(jti, (exp + options.toleranceSec) * 1000);
    if (!first) {
      findings.push(
        authFinding('jwt-jti', '/payload/jti', `claim "jti" ${quote(jti)} was already used by an assertion that is still within its lifetime: use a fresh jti (e.g. crypto.randomUUID()) for every assertion.`),
      );
    }
  }
  return findings;
}

/**
 * Explains a client assertion against the service's rules: every problem as a finding (rule id,
 * severity, message, pointer into `{ header, payload }`; `""` for the whole token). Resolves `[]`
 * for an assertion the service would accept. With a replay store, an accepted assertion's jti is
 * remembered, so checking the same assertion twice reports jwt-jti the second time.
 *
 * @throws {AuthOptionError} for unusable options (never for problems in the token).
 */
export async function checkClientAssertion(assertion: string, options: CheckAssertionOptions): Promise<Finding[]> {
  return explain(assertion, resolveCheckOptions(options));
}

/**
 * Explains a whole token request body: the form fields (rule token-form, pointers `/form/<field>`)
 * and, when client_assertion is present once, the assertion as {@link checkClientAssertion} does.
 *
 * @throws {AuthOptionError} for unusable options.
 */
export async function checkTokenRequest(form: TokenFormInput, options: CheckAssertionOptions): Promise<Finding[]> {
  const resolved = resolveCheckOptions(options);
  const { findings, assertion } = checkTokenForm(form);
  if (assertion !== undefined) findings.push(...(await explain(assertion, resolved)));
  return findings;
}
