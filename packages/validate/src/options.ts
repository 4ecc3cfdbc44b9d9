import type { KindId } from '@cdx/types';
import modules from './modules.cjs';
import type { StandaloneValidator } from './registry.js';
import type { DeprecatedRuleOptions, RuleEntry, RuleSetting, RulesConfig } from './generated/rule-config.js';
import { RULES, type RuleOptions } from './rules/index.js';
import { formatMessage } from './rules/create-rule.js';
import { schemaRule } from './rules/schema.js';
import { describeError } from './schema-errors.js';
import { quote } from './finding.js';

export type { RuleEntry, RuleOptionsById, RuleSetting, RulesConfig } from './generated/rule-config.js';

/** What `validate()` is told besides the rules' own options. */
export interface BaseOptions {
  /**
   * Validate as this kind instead of detecting it (needed for auth bodies, which cannot be
   * detected). A kind id of this version: a misspelt literal does not compile.
   */
  kind?: KindId;
  /**
   * Per-rule settings, as ESLint's `rules`: a severity (`{ "unknown-field": "off" }`), or the
   * severity and the rule's options (`{ "attachment-size": ["error", { "attachmentLimit": 1000 }] }`),
   * checked against the rule's `meta.options` schema.
   */
  rules?: RulesConfig;
  /**
   * Most findings listed per rule (default 1,000); the rest become one finding per rule and
   * severity (messageId `omitted`) whose `omitted` holds their count. `Infinity` lists everything.
   * A whole number, 1 or more.
   */
  maxFindingsPerRule?: number;
  /**
   * Parts of the payload whose content is not known, for payloads read from code rather than JSON
   * (a TypeScript fixture's variables, calls and spreads). No finding is reported that an unknown
   * part could make false; see `UnknownParts`.
   */
  unknown?: UnknownParts;
}

/**
 * Options of `validate()`. Every field is optional; defaults follow the spec. A rule's options go
 * in `rules` beside its severity; each also still works by its own name at the top level
 * (`attachmentLimit`, deprecated: `DeprecatedRuleOptions`).
 */
export type ValidateOptions = BaseOptions & DeprecatedRuleOptions;

/**
 * Where a payload holds values that are not known. The payload passed to `validate()` holds some
 * placeholder at each of `values` (any value distinct from the others will do).
 */
export interface UnknownParts {
  /**
   * JSON Pointers of values that are not known (a variable, a call). Nothing at or inside them is
   * reported, except what is about the member's own name (`spelling-drift`, `unknown-field`).
   */
  values?: readonly string[];
  /**
   * JSON Pointers of objects and arrays that may hold more than is shown (a spread, a computed
   * name). No finding about a member they lack, nor about their own size or shape.
   */
  open?: readonly string[];
}

/** Options after defaults are applied and the rules' options are checked. */
export interface ResolvedOptions {
  readonly kind: KindId | undefined;
  readonly rules: Readonly<Record<string, RuleSetting>>;
  /** Every rule option, given or default: what `context.options` is for each rule. */
  readonly ruleOptions: Readonly<RuleOptions>;
  readonly maxFindingsPerRule: number;
  /** Undefined when everything is known (always, for JSON). */
  readonly unknown: { readonly values: readonly string[]; readonly open: readonly string[] } | undefined;
}

/** Thrown by validate() for options a rule's schema rejects: a programming error, never a payload's. */
export class OptionsError extends Error {
  override name = 'OptionsError';
}

/** Findings listed per rule unless `maxFindingsPerRule` says otherwise. */
export const DEFAULT_MAX_FINDINGS_PER_RULE = 1000;

function findingsLimit(value: unknown): number {
  if (value === undefined) return DEFAULT_MAX_FINDINGS_PER_RULE;
  if (value === Infinity || (Number.isInteger(value) && (value as number) >= 1)) return value as number;
  throw new OptionsError(
    `validate(): invalid options: maxFindingsPerRule must be a whole number, 1 or more (or Infinity); got ${typeof value === 'number' ? String(value) : typeof value}.`,
  );
}

/** Each option's rule. Option names are unique across rules (the generator refuses two alike). */
const OWNER = new Map(RULES.flatMap((rule) => Object.keys(rule.meta.options?.properties ?? {}).map((name) => [name, rule.meta.id] as const)));
const DEFAULTS = Object.freeze(Object.assign({}, ...RULES.map((rule) => rule.defaultOptions)) as RuleOptions);
const EMPTY: Readonly<Record<string, never>> = Object.freeze({});

let checker: StandaloneValidator | undefined;

/** The generated checker of the rule options, by its path under generated/validators/. */
export const RULE_OPTIONS_MODULE = 'rule-options.cjs';

/** Whether `options` gives any rule option (then validate() loads RULE_OPTIONS_MODULE to check them). */
export function givesRuleOptions(options: ValidateOptions): boolean {
  for (const name of OWNER.keys()) if ((options as Record<string, unknown>)[name] !== undefined) return true;
  for (const entry of Object.values(options.rules ?? {})) if (Array.isArray(entry) && entry.length > 1) return true;
  return false;
}

const SEVERITIES: ReadonlySet<unknown> = new Set(['off', 'warn', 'error']);
/** Rule tables already checked: a linter passes the same one for every file. */
const checkedRules = new WeakSet<object>();

/**
 * Every severity of `rules` is one validate() knows: `"warning"` or `1` (other tools' spellings)
 * would otherwise leave the rule at its default unnoticed. Rule ids are not checked: a linter hands
 * over its whole table, its own rules included.
 */
function checkSeverities(rules: unknown): void {
  if (typeof rules !== 'object' || rules === null || Array.isArray(rules)) {
    throw new OptionsError(`validate(): invalid options: rules must be an object of rule ids to "off", "warn" or "error"; got ${describeValue(rules)}.`);
  }
  if (checkedRules.has(rules)) return;
  for (const [id, entry] of Object.entries(rules as Record<string, unknown>)) {
    const severity: unknown = Array.isArray(entry) ? entry[0] : entry;
    if (severity === undefined || SEVERITIES.has(severity)) continue;
    const at = Array.isArray(entry) ? `rules[${JSON.stringify(id)}][0]` : `rules[${JSON.stringify(id)}]`;
    throw new OptionsError(`validate(): invalid options: ${at} is ${describeValue(severity)}; a rule's setting is "off", "warn" or "error".`);
  }
  checkedRules.add(rules);
}

/** A value an option was given, as an error message shows it (short: it may be anything). */
function describeValue(value: unknown): string {
  if (typeof value === 'string') return quote(value);
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : typeof value;
}

/**
 * `rules` split into severities (what the runner reads) and the options its `[severity, options]`
 * entries give, by option name; `rules` itself when it has no array entry (the usual call).
 */
function splitRules(rules: RulesConfig | undefined): { severities: Readonly<Record<string, RuleSetting>>; given: Record<string, unknown> | undefined } {
  if (rules === undefined) return { severities: EMPTY, given: undefined };
  checkSeverities(rules);
  if (!Object.values(rules).some(Array.isArray)) return { severities: rules as Readonly<Record<string, RuleSetting>>, given: undefined };
  const severities: Record<string, RuleSetting> = {};
  let given: Record<string, unknown> | undefined;
  for (const [id, entry] of Object.entries(rules) as [string, RuleEntry | undefined][]) {
    if (!Array.isArray(entry)) {
      if (entry !== undefined) severities[id] = entry as RuleSetting;
      continue;
    }
    const [severity, own] = entry as readonly [RuleSetting, unknown?];
    severities[id] = severity;
    if (own === undefined) continue;
    if (typeof own !== 'object' || own === null || Array.isArray(own))
      throw new OptionsError(`validate(): invalid options: rules["${id}"][1] must be an object of the rule's options.`);
    for (const [name, value] of Object.entries(own as Record<string, unknown>)) {
      if (OWNER.get(name) !== id) {
        const known = Object.keys(RULES.find((rule) => rule.meta.id === id)?.meta.options?.properties ?? {});
        throw new OptionsError(
          `validate(): invalid options: rules["${id}"][1].${name} is not an option of rule ${id} (${known.length > 0 ? `its options: ${known.join(', ')}` : 'it has none'}).`,
        );
      }
      if (value !== undefined) (given ??= {})[name] = value;
    }
  }
  return { severities, given };
}

/**
 * Checks the rule options given, against the union of the rules' option schemas (compiled by
 * `pnpm generate` into generated/validators/rule-options.cjs, so no schema is compiled at run time).
 */
function checkRuleOptions(given: Record<string, unknown>): void {
  checker ??= (modules.load(RULE_OPTIONS_MODULE) as { validate: StandaloneValidator }).validate;
  if (checker(given)) return;
  const [error] = checker.errors ?? [];
  const report = error && describeError(error, given);
  const message = report ? formatMessage(schemaRule.meta, report.messageId, report.data) : "they do not match the rules' option schemas.";
  const name = error?.instancePath.split('/')[1] ?? (error?.params.additionalProperty as string | undefined);
  const owner = name === undefined ? undefined : OWNER.get(name);
  throw new OptionsError(`validate(): invalid options: ${message}${owner ? ` (an option of rule ${owner})` : ''}`);
}

let defaults: ResolvedOptions | undefined;

export function resolveOptions(options?: ValidateOptions | null): ResolvedOptions {
  // Most calls pass no options: share one frozen object instead of building it per payload. `null`
  // (a JavaScript caller's "no options") is none too.
  if (options === undefined || options === null) return (defaults ??= Object.freeze(resolve({})));
  return resolve(options);
}

function resolve(options: ValidateOptions): ResolvedOptions {
  const { severities, given: perRule } = splitRules(options.rules);
  let given: Record<string, unknown> | undefined;
  for (const name of OWNER.keys()) {
    const value = (options as Record<string, unknown>)[name];
    if (value !== undefined) (given ??= {})[name] = value;
  }
  // A rule's own entry wins over the deprecated top-level name.
  if (perRule) given = { ...given, ...perRule };
  if (given) checkRuleOptions(given);
  return {
    kind: options.kind,
    rules: severities,
    ruleOptions: given ? { ...DEFAULTS, ...given } : DEFAULTS,
    maxFindingsPerRule: findingsLimit(options.maxFindingsPerRule),
    unknown: resolveUnknown(options.unknown),
  };
}

function resolveUnknown(unknown: UnknownParts | undefined): ResolvedOptions['unknown'] {
  const values = unknown?.values ?? [];
  const open = unknown?.open ?? [];
  return values.length === 0 && open.length === 0 ? undefined : { values, open };
}
