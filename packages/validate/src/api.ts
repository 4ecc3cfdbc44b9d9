// What both entries export: the main one (src/index.ts, Node) and the browser one (src/browser.ts).
export { validate, UnknownKindError, type ValidationResult } from './validate.js';
export { detectKind } from './detect.js';
export { isKind, assertKind, PayloadError, type KindId } from './guards.js';
export { listKinds, getKind } from './registry.js';
export { RULES, type RegisteredRule, type RuleOptions } from './rules/index.js';
export { createRule, defineScope, findingOf, formatMessage, placeholders, RULE_DOCS_URL } from './rules/create-rule.js';
export { runRules, runRulesAsync, type RunOptions, type Settle } from './run-rules.js';
export type { Rule, RuleMeta, RuleDefinition, RuleTools, Report, Scope, OptionsSchema } from './rules/create-rule.js';
export { MAX_IDENTIFIER, type Finding, type Severity, type RenameFix } from './finding.js';
export { FindingCap, omittedFinding, RUNNER_MESSAGE_IDS, type HeldBack } from './findings-cap.js';
export {
  OptionsError,
  DEFAULT_MAX_FINDINGS_PER_RULE,
  type ValidateOptions,
  type BaseOptions,
  type RuleEntry,
  type RuleOptionsById,
  type RuleSetting,
  type RulesConfig,
  type UnknownParts,
} from './options.js';
export type { DeprecatedRuleOptions } from './generated/rule-config.js';
export type { KindInfo, KindFamily, HookInfo } from './kind-info.js';
export { checkSearchParams, searchParameterNames, type SearchParamsInput, type SearchParamsResult, type SearchResource } from './fhir/search-params.js';
