/**
 * `@cdx/validate/auth`: build and check the service's authentication artefacts.
 *
 * - {@link buildClientAssertion} signs a client assertion for POST {base_url}/v2/auth/token.
 * - {@link checkClientAssertion} and {@link checkTokenRequest} explain an assertion (and form)
 *   against the service's rules as findings with stable rule ids (the rules of scope `assertion`
 *   and `token-form` in `@cdx/validate`'s `RULES`).
 * - {@link MemoryReplayStore} remembers jtis; implement {@link ReplayStore} for a shared store.
 * - {@link legacyTokenExpiry} and {@link needsRefresh} help with the legacy API key flow.
 *
 * A separate subpath so that importing `@cdx/validate` does not load jose. All crypto is jose's;
 * nothing here touches the network (a header jku is compared, never fetched).
 *
 * @module
 */
export { buildClientAssertion } from './build.js';
export type { BuildAssertionOptions, ClientAssertion } from './build.js';
export { checkClientAssertion, checkTokenRequest } from './check.js';
export type { CheckAssertionOptions } from './options.js';
export { checkTokenForm } from './check-form.js';
export type { TokenFormInput, TokenFormResult } from './check-form.js';
export type { KeyResolver, PublicKeyInput } from './check-signature.js';
export { MemoryReplayStore } from './replay-store.js';
export type { MemoryReplayStoreOptions, ReplayStore } from './replay-store.js';
export { legacyTokenExpiry, needsRefresh } from './legacy.js';
export type { NeedsRefreshOptions, RetrievedAt } from './legacy.js';
export { AuthOptionError } from './errors.js';
export type { AuthOptionErrorCode } from './errors.js';
export {
  ALLOWED_ALGS,
  CLIENT_ASSERTION_TYPE,
  GRANT_TYPE,
  LEGACY_TOKEN_LIFETIME_MS,
  MAX_ASSERTION_LIFETIME_SEC,
  MAX_JTI_LENGTH,
  TOKEN_PATH,
  tokenUrlProblem,
} from './service.js';
export type { AssertionAlg } from './service.js';
export type { AuthenticateResponseLike, ClientAssertionClaims, ClientAssertionHeader, TokenRequestForm } from './types.js';
