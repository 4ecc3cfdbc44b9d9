import type { KindId } from '@cdx/types';
import modules from './modules.cjs';
import type { StandaloneValidator } from './registry.js';
import { RULES, type RuleOptions } from './rules/index.js';
import { formatMessage } from './rules/create-rule.js';
import { schemaRule } from './rules/schema.js';
import { describeError } from './schema-errors.js';

/** A user's say over a rule: turn it off, or force its severity. */
export type RuleSetting = 'off' | 'warn' | 'error';

/** What `validate()` is told besides the rules' own options. */
export interface BaseOptions {
  /**
   * Validate as this kind instead of detecting it (needed for auth bodies, which cannot be
   * detected). A kind id of this version: a misspelt literal does not compile.
   */
  kind?: KindId;
  /** Per-rule severity overrides, e.g. `{ "unknown-field": "off" }`. */
  rules?: Readonly<Record<string, RuleSetting>>;
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
 * Options of `validate()`. Every field is optional; defaults follow the spec. Besides `kind`,
 * `rules` and `unknown`, each option belongs to the rule that reads it (its `meta.options`
 * schema, which validate() checks them against): `attachmentLimit` (attachment-size),
 * `fhirDefsUrl` and `operation` (bundle-event-uri), `knownVariants` (spelling-drift),
 * `multipleApiKeys` (source-id).
 */
export type ValidateOptions = BaseOptions & Partial<RuleOptions>;

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

/** Each option's rule. */
const OWNER = new Map(RULES.flatMap((rule) => Object.keys(rule.meta.options?.properties ?? {}).map((name) => [name, rule.meta.id] as const)));
const DEFAULTS = Object.freeze(Object.assign({}, ...RULES.map((rule) => rule.defaultOptions)) as RuleOptions);
const EMPTY = Object.freeze({});

let checker: StandaloneValidator | undefined;

/** The generated checker of the rule options, by its path under generated/validators/. */
export const RULE_OPTIONS_MODULE = 'rule-options.cjs';

/** Whether `options` gives any rule option (then validate() loads RULE_OPTIONS_MODULE to check them). */
export function givesRuleOptions(options: ValidateOptions): boolean {
  for (const name of OWNER.keys()) if ((options as Record<string, unknown>)[name] !== undefined) return true;
  return false;
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

export function resolveOptions(options?: ValidateOptions): ResolvedOptions {
  // Most calls pass no options: share one frozen object instead of building it per payload.
  if (options === undefined) return (defaults ??= Object.freeze(resolve({})));
  return resolve(options);
}

function resolve(options: ValidateOptions): ResolvedOptions {
  let given: Record<string, unknown> | undefined;
  for (const name of OWNER.keys()) {
    const value = (options as Record<string, unknown>)[name];
    if (value !== undefined) (given ??= {})[name] = value;
  }
  if (given) checkRuleOptions(given);
  return {
    kind: options.kind,
    rules: options.rules ?? EMPTY,
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
