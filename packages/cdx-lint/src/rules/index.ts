// Every rule cdx-lint can report: @cdx/validate's registry (read at run time, so a rule added there
// appears here with no change to the CLI) and the CLI's own rules, about a file's text. --list-rules,
// SARIF, the config check and docs/rules all read this one list.
import { RULE_DOCS_URL, RULES, type RegisteredRule, type Rule, type RuleMeta } from '@cdx/validate';
import { duplicateKeyRule } from './duplicate-key.js';
import { fhirIntegerLiteralRule } from './fhir-integer-literal.js';
import { ignoredFileRule } from './ignored-file.js';
import { parseErrorRule } from './parse-error.js';

export type Severity = 'error' | 'warning';

/** The CLI's own rules, sorted by id. */
export const CLI_RULES = [duplicateKeyRule, fhirIntegerLiteralRule, ignoredFileRule, parseErrorRule] as const;

/** Scopes whose rules a lint run reports, so that a config may set their severity. */
const LINTED_SCOPES = new Set(['payload', 'undetected', 'too-deep', 'payload-text', 'integer-text']);

/** What every output format needs to know about a rule. */
export interface RuleInfo {
  readonly id: string;
  readonly defaultSeverity: Severity;
  readonly description: string;
  /** Where its docs/rules/<id>.md is published. */
  readonly docsUrl: string;
  /**
   * Whether the config may change its severity: a rule of a lint run whose meta allows it (a file
   * that cannot be parsed is always fatal; the assertion and token-form rules have no config).
   */
  readonly configurable: boolean;
  /** What the rule looks at (its scope's name): `payload`, `assertion`, `payload-text`… */
  readonly scope: string;
  readonly meta: RuleMeta;
  /** Its options' defaults (`meta.options` is their schema). */
  readonly defaultOptions: Readonly<Record<string, unknown>>;
}

let all: RuleInfo[] | undefined;

/** Every rule, sorted by id. */
export function allRules(): readonly RuleInfo[] {
  all ??= ([...RULES, ...CLI_RULES] as readonly (RegisteredRule | Rule<never>)[])
    .map((rule) => ({
      id: rule.meta.id,
      defaultSeverity: rule.meta.severity,
      description: rule.meta.description,
      docsUrl: rule.meta.docsUrl,
      configurable: rule.meta.configurable && LINTED_SCOPES.has(rule.scope.name),
      scope: rule.scope.name,
      meta: rule.meta,
      defaultOptions: rule.defaultOptions as Readonly<Record<string, unknown>>,
    }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)); // not localeCompare: its first call loads ICU (~15 ms)
  return all;
}

/** Where a rule's docs/rules/<id>.md is published (the same address as its meta's `docsUrl`). */
export function docsUrl(ruleId: string): string {
  return `${RULE_DOCS_URL}${ruleId}.md`;
}
