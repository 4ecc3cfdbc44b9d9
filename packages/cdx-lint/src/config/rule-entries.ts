// `rules` entries as ESLint takes them (a severity, or `[severity, options]`), split into what the
// linter runs on: severities by rule id, and options by rule id. Pure, so that the text API (no
// Node built-ins) shares it with the config resolver.
import type { RuleEntry, RuleSetting, RulesConfig } from '@cdx/validate';

/** Options by rule id. */
export type OptionsByRule = Record<string, Readonly<Record<string, unknown>>>;

/** Every rule's options as validate() names them (an option name belongs to one rule). */
export function flatten(options: OptionsByRule): Record<string, unknown> {
  return Object.assign({}, ...Object.values(options)) as Record<string, unknown>;
}

/**
 * `rules` entries applied in order onto severities and options by rule id, as ESLint merges
 * them: a severity keeps the rule's options, `[severity, options]` replaces them.
 */
export function applyRules(entries: RulesConfig | undefined, rules: Record<string, RuleSetting>, options: OptionsByRule): void {
  for (const [id, entry] of Object.entries(entries ?? {}) as [string, RuleEntry | undefined][]) {
    if (entry === undefined) continue;
    if (!Array.isArray(entry)) {
      rules[id] = entry as RuleSetting;
      continue;
    }
    const [severity, own] = entry as readonly [RuleSetting, Readonly<Record<string, unknown>>?];
    rules[id] = severity;
    if (own) options[id] = own;
  }
}
