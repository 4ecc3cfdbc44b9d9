/**
 * `cdx-lint/text`: lint and fix one JSON text in memory, as the CLI lints and fixes a file (the
 * same findings, positions, fix ranges and renames), with no file system, no config file and no
 * Node built-in: for editors, playgrounds and other hosts, in Node or in a browser.
 *
 * In a browser, `@cdx/validate` resolves to its browser build, which validates only what has been
 * loaded: `await prepare(JSON.parse(text), { kind })` from `@cdx/validate/browser` first, or run
 * the call inside its `runPrepared()`.
 *
 * @module
 */
import { OptionsError, type DeprecatedRuleOptions, type KindId, type RuleSetting, type RulesConfig } from '@cdx/validate';
import { createScanner } from 'jsonc-parser';
import { fixText as fixFileText } from './fix/fix-text.js';
import { lintSource } from './lint/lint-text.js';
import type { AppliedRename, FileSettings, LintResult } from './lint/types.js';
import { provideScanner } from './locate/scanner.js';
import { applyRules, flatten, type OptionsByRule } from './config/rule-entries.js';
import { allRules } from './rules/index.js';

export type { AppliedRename, LintMessage, LintResult, MessageFix } from './lint/types.js';
export { allRules, docsUrl, type RuleInfo } from './rules/index.js';

provideScanner(createScanner);

/**
 * What a config file would say about the text (see docs/cli.md); every member optional. A rule's
 * options go in `rules` (`{ "spelling-drift": ["warn", { "knownVariants": { … } }] }`, typed from
 * the rules' option schemas); by their own names at the top level they still work, deprecated.
 */
export interface TextOptions extends DeprecatedRuleOptions {
  /** The kind to check the payload as; detected when absent. */
  kind?: KindId;
  /** Rule settings by rule id: `off`, `warn` or `error`, or `[severity, options]`. */
  rules?: RulesConfig;
}

/** What the result reports as the file, as ESLint does for a text without a name; read as JSON. */
const TEXT_PATH = '<text>';

function settingsOf(options: TextOptions): FileSettings {
  const { kind, rules: entries, ...deprecated } = options;
  const rules: Record<string, RuleSetting> = {};
  const byRule: OptionsByRule = {};
  applyRules(entries, rules, byRule);
  for (const [id, own] of Object.entries(byRule)) {
    const known = Object.keys(allRules().find((rule) => rule.id === id)?.meta.options?.properties ?? {});
    const stray = Object.keys(own).find((name) => !known.includes(name));
    if (stray !== undefined) {
      throw new OptionsError(
        `invalid options: rules["${id}"][1].${stray} is not an option of rule ${id} (${known.length > 0 ? `its options: ${known.join(', ')}` : 'it has none'}).`,
      );
    }
  }
  // validate() checks the values against each rule's schema.
  return { ...(kind !== undefined ? { kind } : {}), rules, pointerOverrides: [], ruleOptions: { ...deprecated, ...flatten(byRule) } };
}

/**
 * Lints one JSON text: `messages` carry line, column, pointer and, when fixable, the fix's range.
 * The same name as `cdx-lint`'s `lintText`, which lints a text with a config file and a path.
 */
export function lintText(text: string, options: TextOptions = {}): LintResult {
  return lintSource(text, TEXT_PATH, settingsOf(options)).result;
}

/** @deprecated Renamed `lintText`, as in `cdx-lint`; this name stays until the next major version. */
export const lintJson = lintText;

/**
 * Applies every certain rename, as `cdx-lint --fix` does (passes until none is left; renames that
 * would collide are refused): `output` is the fixed text, absent when nothing changed; `result`
 * describes the text after the fixes.
 */
export function fixText(text: string, options: TextOptions = {}): { result: LintResult; output?: string; fixes: AppliedRename[] } {
  return fixFileText(text, TEXT_PATH, settingsOf(options));
}

/** @deprecated Renamed `fixText`; this name stays until the next major version. */
export const fixJson = fixText;
