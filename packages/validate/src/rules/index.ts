import { cdsHooksActionTargetRule } from './cdshooks/action-target.js';
import { cdsHooksAppContextRule } from './cdshooks/app-context.js';
import { cdsHooksDeprecatedContextRule } from './cdshooks/deprecated-context.js';
import { cdsHooksDuplicateUuidRule } from './cdshooks/duplicate-uuid.js';
import { cdsHooksEmptyValueRule } from './cdshooks/empty-value.js';
import { cdsHooksFeedbackOutcomeRule } from './cdshooks/feedback-outcome.js';
import { cdsHooksPrefetchTokenRule } from './cdshooks/prefetch-token.js';
import { cdsHooksRecommendedRule } from './cdshooks/recommended.js';
import { cdsHooksSelectionBehaviorRule } from './cdshooks/selection-behavior.js';
import { cdsHooksSelectionsRule } from './cdshooks/selections.js';
import { cdsHooksUnknownHookRule } from './cdshooks/unknown-hook.js';
import { cdsHooksUserIdRule } from './cdshooks/user-id.js';
import { dataOnDemandRule } from './data-on-demand.js';
import { destinationsRule } from './destinations.js';
import { attachmentSizeRule } from './fhir/attachment-size.js';
import { bundleEventUriRule } from './fhir/bundle-event-uri.js';
import { bundleFocusRule } from './fhir/bundle-focus.js';
import { bundleMessageHeaderRule } from './fhir/bundle-message-header.js';
import { bundleReferenceRule } from './fhir/bundle-reference.js';
import { bundleRequiredEntryRule } from './fhir/bundle-required-entry.js';
import { referenceTargetRule } from './fhir/reference-target.js';
import { searchParamRule } from './fhir/search-param.js';
import { serviceResourceTypeRule } from './fhir/service-resource-type.js';
import { nestingDepthMeta } from './nesting-depth.js';
import type { Rule } from './rule.js';
import { schemaRule } from './schema.js';
import { serviceProfileRule } from './service-profile.js';
import { sourceIdRule } from './source-id.js';
import { spellingDriftRule } from './spelling-drift.js';
import { unknownFieldRule } from './unknown-field.js';
import { unknownKindMeta } from './unknown-kind.js';
import { unpublishedPayloadRule } from './unpublished-payload.js';

/** Checks run on a payload of a known kind, in this order (schema first). Alphabetical after it. */
export const RULES: readonly Rule[] = [
  schemaRule,
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
  cdsHooksUnknownHookRule,
  cdsHooksUserIdRule,
  dataOnDemandRule,
  destinationsRule,
  referenceTargetRule,
  searchParamRule,
  serviceProfileRule,
  serviceResourceTypeRule,
  sourceIdRule,
  spellingDriftRule,
  unknownFieldRule,
  unpublishedPayloadRule,
];

/** Id, default severity and description of every rule @cdx/validate can report. */
export interface RuleMeta {
  readonly id: string;
  readonly defaultSeverity: 'error' | 'warning';
  readonly description: string;
}

/** Every rule id @cdx/validate reports, including those raised before any check runs. */
export const RULE_META: readonly RuleMeta[] = [
  ...RULES.map(({ id, defaultSeverity, description }) => ({ id, defaultSeverity, description })),
  nestingDepthMeta,
  unknownKindMeta,
].sort((a, b) => (a.id < b.id ? -1 : 1)); // not localeCompare: loading Intl costs ~15 ms at start-up
