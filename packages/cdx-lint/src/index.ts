import { resolve } from 'node:path';
import { loadConfig } from './config/load.js';
import { createResolver, type CliSettings } from './config/resolve.js';
import { fixRoots } from './fix/roots.js';
import { expandInputs } from './inputs/expand.js';
import { lintText as lintSourceText } from './lint/lint-text.js';
import { fixText } from './lint/process-file.js';
import type { LintResult } from './lint/types.js';
import { planThreads, runTasks, type Concurrency } from './workers/pool.js';

export type { AppliedRename, LintMessage, LintResult, MessageFix } from './lint/types.js';
export type { CdxLintConfig, ConfigOverride } from './config/types.js';
export { ConfigError } from './config/types.js';
export { loadFormatter, FORMAT_NAMES, type FormatName, type FormatContext, type Formatter } from './formatters/index.js';
export { allRules, type RuleInfo } from './rules.js';
export { run } from './cli/run.js';

/** Options of the programmatic API. */
export interface LintOptions extends CliSettings {
  /** Base for relative paths and where the config is searched from. Default `process.cwd()`. */
  cwd?: string;
  /** A config file to use, or false for none. Default: the nearest one from `cwd` upward. */
  config?: string | false;
  /** Rename misspelt members: `fix` writes files, `dry-run` only fills `output` and `fixes`. */
  fix?: 'off' | 'fix' | 'dry-run';
  concurrency?: Concurrency;
}

function setup(options: LintOptions) {
  const cwd = options.cwd ?? process.cwd();
  const loaded = loadConfig({ cwd, ...(options.config !== undefined ? { configPath: options.config } : {}) });
  return { cwd, resolver: createResolver(loaded, options) };
}

/**
 * Lints files, directories and globs as the CLI does and returns ESLint-shaped results (what
 * `--format json` prints). Throws ConfigError for a bad config.
 */
export async function lintFiles(patterns: readonly string[], options: LintOptions = {}): Promise<LintResult[]> {
  const { cwd, resolver } = setup(options);
  const { files, unreadable } = await expandInputs(patterns, cwd, resolver);
  if (unreadable.length > 0) throw new Error(`cannot read ${unreadable.join('; ')}`);
  const tasks = files.map((path) => ({ path, settings: resolver.settingsFor(path) }));
  const fix = options.fix ?? 'off';
  // --fix writes only inside the directories the patterns name (fix/safety.ts).
  const roots = fix === 'fix' ? { roots: fixRoots(patterns, cwd) } : {};
  const outcomes = await runTasks(tasks, { fix, hashing: false, ...roots }, planThreads(options.concurrency ?? 'auto', tasks.length));
  return outcomes.map((o) => {
    if ('error' in o) throw new Error(`cannot read ${o.error}`);
    return o.result;
  });
}

/**
 * Lints one text. `filePath` (relative to `cwd`) decides the reader, the config's kind mapping
 * and overrides, and is what the result reports. With `fix: 'dry-run'` the fixed text is in
 * `output`; nothing is written.
 */
export function lintText(text: string, options: LintOptions & { filePath?: string } = {}): LintResult {
  const { cwd, resolver } = setup(options);
  const filePath = resolve(cwd, options.filePath ?? 'stdin.json');
  const settings = resolver.settingsFor(filePath);
  if (options.fix === 'dry-run' || options.fix === 'fix') {
    const { result, output, fixes } = fixText(text, filePath, settings);
    return output === undefined ? result : { ...result, output, fixes };
  }
  return lintSourceText(text, filePath, settings);
}
