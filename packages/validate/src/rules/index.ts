// The registry: every rule @cdx/validate reports, in one list sorted by id. The runners take their
// rules from it by scope (validate() its payload rules, the assertion checker its own…), and every
// listing, docs page, SARIF table and config check reads its metas. test/rules/registry.test.ts
// checks that the rule files, this list, docs/rules and the option schemas agree.
import { assertionClaimsRule } from './auth/assertion-claims.js';
import { jwtAlgRule } from './auth/jwt-alg.js';
import { jwtAudRule } from './auth/jwt-aud.js';
import { jwtCritRule } from './auth/jwt-crit.js';
import { jwtExpRule } from './auth/jwt-exp.js';
import { jwtIatRule } from './auth/jwt-iat.js';
import { jwtIssSubRule } from './auth/jwt-iss-sub.js';
import { jwtJkuRule } from './auth/jwt-jku.js';
import { jwtJtiRule } from './auth/jwt-jti.js';
import { jwtKidRule } from './auth/jwt-kid.js';
import { jwtMalformedRule } from './auth/jwt-malformed.js';
import { jwtSignatureRule } from './auth/jwt-signature.js';
import { jwtTypRule } from './auth/jwt-typ.js';
import { tokenFormRule } from './auth/token-form.js';
import { cdsHooksActionTargetRule } from './cdshooks/cds-hooks-action-target.js';
import { cdsHooksAppContextRule } from './cdshooks/cds-hooks-app-context.js';
import { cdsHooksDeprecatedContextRule } from './cdshooks/cds-hooks-deprecated-context.js';
import { cdsHooksDuplicateUuidRule } from './cdshooks/cds-hooks-duplicate-uuid.js';
import { cdsHooksEmptyValueRule } from './cdshooks/cds-hooks-empty-value.js';
import { cdsHooksFeedbackOutcomeRule } from './cdshooks/cds-hooks-feedback-outcome.js';
import { cdsHooksPrefetchTokenRule } from './cdshooks/cds-hooks-prefetch-token.js';
import { cdsHooksRecommendedRule } from './cdshooks/cds-hooks-recommended.js';
import { cdsHooksSelectionBehaviorRule } from './cdshooks/cds-hooks-selection-behavior.js';
import { cdsHooksSelectionsRule } from './cdshooks/cds-hooks-selections.js';
import { cdsHooksStandardRule } from './cdshooks/cds-hooks-standard.js';
import { cdsHooksUnknownHookRule } from './cdshooks/cds-hooks-unknown-hook.js';
import { cdsHooksUserIdRule } from './cdshooks/cds-hooks-user-id.js';
import { dataOnDemandRule } from './data-on-demand.js';
import { dateRangeRule } from './date-range.js';
import { destinationsRule } from './destinations.js';
import { attachmentSizeRule } from './fhir/attachment-size.js';
import { bundleEventUriRule } from './fhir/bundle-event-uri.js';
import { bundleFocusRule } from './fhir/bundle-focus.js';
import { bundleMessageHeaderRule } from './fhir/bundle-message-header.js';
import { bundleReferenceRule } from './fhir/bundle-reference.js';
import { bundleRequiredEntryRule } from './fhir/bundle-required-entry.js';
import { fhirBundleRule } from './fhir/fhir-bundle.js';
import { fhirInvariantRule } from './fhir/fhir-invariant.js';
import { fhirReferenceRule } from './fhir/fhir-reference.js';
import { referenceTargetRule } from './fhir/reference-target.js';
import { searchParamRule } from './fhir/search-param.js';
import { serviceResourceTypeRule } from './fhir/service-resource-type.js';
import { nestingDepthRule } from './nesting-depth.js';
import type { Rule, Scope } from './create-rule.js';
import { schemaRule } from './schema.js';
import { serviceProfileRule } from './service-profile.js';
import { sourceIdRule } from './source-id.js';
import { spellingDriftRule } from './spelling-drift.js';
import { unknownFieldRule } from './unknown-field.js';
import { unknownKindRule } from './unknown-kind.js';
import { unpublishedPayloadRule } from './unpublished-payload.js';

/** Every rule of @cdx/validate, sorted by id. */
export const RULES = [
  assertionClaimsRule,
  attachmentSizeRule,
  bundleEventUriRule,
  bundleFocusRule,
  bundleMessageHeaderRule,
  bundleReferenceRule,
  bundleRequiredEntryRule,
  cdsHooksActionTargetRule,
  cdsHooksAppContextRule,
  cdsHooksDeprecatedContextRule,
  cdsHooksDuplicateUuidRule,
  cdsHooksEmptyValueRule,
  cdsHooksFeedbackOutcomeRule,
  cdsHooksPrefetchTokenRule,
  cdsHooksRecommendedRule,
  cdsHooksSelectionBehaviorRule,
  cdsHooksSelectionsRule,
  cdsHooksStandardRule,
  cdsHooksUnknownHookRule,
  cdsHooksUserIdRule,
  dataOnDemandRule,
  dateRangeRule,
  destinationsRule,
  fhirBundleRule,
  fhirInvariantRule,
  fhirReferenceRule,
  jwtAlgRule,
  jwtAudRule,
  jwtCritRule,
  jwtExpRule,
  jwtIatRule,
  jwtIssSubRule,
  jwtJkuRule,
  jwtJtiRule,
  jwtKidRule,
  jwtMalformedRule,
  jwtSignatureRule,
  jwtTypRule,
  nestingDepthRule,
  referenceTargetRule,
  schemaRule,
  searchParamRule,
  serviceProfileRule,
  serviceResourceTypeRule,
  sourceIdRule,
  spellingDriftRule,
  tokenFormRule,
  unknownFieldRule,
  unknownKindRule,
  unpublishedPayloadRule,
] as const;

/** Any registered rule. */
export type RegisteredRule = (typeof RULES)[number];

type OptionsOf<R> = R extends { readonly defaultOptions: infer O } ? O : never;
type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** Every rule option, by name: validate()'s options besides `kind`, `rules` and `unknown`. */
export type RuleOptions = Intersection<OptionsOf<RegisteredRule>>;

/** The registered rules of one scope, in registry order. */
export function rulesOf<C>(scope: Scope<C>): readonly Rule<C>[] {
  return RULES.filter((rule) => (rule.scope as Scope<unknown>) === scope) as unknown as readonly Rule<C>[];
}
