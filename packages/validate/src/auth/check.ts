import type { Finding } from '../finding.js';
import type { Rule } from '../rules/create-rule.js';
import { rulesOf } from '../rules/index.js';
import { inRunOrder } from '../run-order.js';
import { runRulesAsync } from '../run-rules.js';
import { ASSERTION, type AssertionContext } from '../rules/scopes.js';
import { checkTokenForm, type TokenFormInput } from './check-form.js';
import { verifySignature, type Verification } from './check-signature.js';
import { decodeAssertion } from './decode.js';
import { resolveCheckOptions, type CheckAssertionOptions, type ResolvedCheckOptions } from './options.js';
import { declaresExtension, isAllowedAlg } from './service.js';

let ordered: readonly Rule<AssertionContext>[] | undefined;

/**
 * The registry's assertion rules in the order they run, which is the order of their findings, as
 * their metas declare it (`meta.after`): the token's form first, then the header, the claims and
 * the signature; jwt-jti last, since it remembers a jti only when no other rule reported.
 */
export function assertionRules(): readonly Rule<AssertionContext>[] {
  return (ordered ??= inRunOrder(rulesOf(ASSERTION)));
}

async function explain(assertion: unknown, settings: ResolvedCheckOptions): Promise<Finding[]> {
  const decoded = decodeAssertion(assertion);
  const ok = !('problem' in decoded);
  let verification: Promise<Verification | undefined> | undefined;
  const findings: Finding[] = [];
  const context = {
    token: typeof assertion === 'string' ? assertion : '',
    decoded: ok ? decoded : undefined,
    problem: ok ? undefined : decoded.problem,
    settings,
    // An alg outside the set, or a JWS extension, is already a finding (jwt-alg, jwt-crit);
    // verifying could only add noise.
    verification: () =>
      (verification ??=
        ok && settings.source && isAllowedAlg(decoded.header.alg) && !declaresExtension(decoded.header)
          ? verifySignature(assertion as string, settings.source)
          : Promise.resolve(undefined)),
    reported: () => findings.length,
  };
  await runRulesAsync(assertionRules(), context, { take: (finding) => findings.push(finding) });
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
