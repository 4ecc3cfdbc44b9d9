// What both entries export: the main one (src/index.ts, Node) and the browser one (src/browser.ts).
export { validate, UnknownKindError, type ValidationResult } from './validate.js';
export { detectKind } from './detect.js';
export { isKind, assertKind, PayloadError, type KindId } from './guards.js';
export { listKinds, getKind } from './registry.js';
export { RULE_META, type RuleMeta } from './rules/index.js';
export type { Finding, Severity, RenameFix } from './finding.js';
export type { ValidateOptions, RuleSetting } from './options.js';
export { DEFAULT_MAX_FINDINGS_PER_RULE } from './options.js';
export type { KindInfo, KindFamily, HookInfo } from './kind-info.js';
export { checkSearchParams, searchParameterNames, SEARCH_PARAM_RULE, type SearchParamsInput, type SearchParamsResult, type SearchResource } from './fhir/search-params.js';
