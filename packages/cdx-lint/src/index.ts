import { resolve } from 'node:path';
import { loadConfig } from './config/load.js';
import { createResolver } from './config/resolve.js';
import { expandInputs } from './inputs/expand.js';
import { createLinter, type LintOptions } from './linter.js';
import { lintExpandedFiles } from './lint/lint-files.js';
import type { LintResult } from './lint/types.js';

export type { AppliedRename, LintMessage, LintResult, MessageFix } from './lint/types.js';
export type { CdxLintConfig, ConfigOverride } from './config/types.js';
export type { IgnoredBy } from './config/resolve.js';
export { DEFAULT_IGNORES } from './config/resolve.js';
export { ConfigError } from './config/types.js';
export { CONFIG_FILE } from './config/find.js';
export { MissingTypescriptError } from './sources/ts/load.js';
export { loadFormatter, FORMAT_NAMES, type FormatName, type FormatContext, type Formatter } from './formatters/index.js';
export { allRules, docsUrl, type RuleInfo } from './rules/index.js';
export { run } from './cli/run.js';
export { createLinter, type FileConfig, type Linter, type LintOptions } from './linter.js';
export type { PayloadPosition } from './position/types.js';

/**
 * Lints files, directories and globs as the CLI does and returns ESLint-shaped results (what
 * `--format json` prints). Throws ConfigError for a bad config.
 */
export async function lintFiles(patterns: readonly string[], options: LintOptions = {}): Promise<LintResult[]> {
  const cwd = options.cwd ?? process.cwd();
  const resolver = createResolver(loadConfig({ cwd, ...(options.config !== undefined ? { configPath: options.config } : {}) }), options);
  const { files, unreadable } = await expandInputs(patterns, cwd, resolver);
  if (unreadable.length > 0) throw new Error(`cannot read ${unreadable.join('; ')}`);
  const { results, ioErrors } = await lintExpandedFiles(files, resolver, {
    fix: options.fix ?? 'off',
    patterns,
    cwd,
    concurrency: options.concurrency ?? 'auto',
  });
  if (ioErrors.length > 0) throw new Error(`cannot read ${ioErrors[0]!}`);
  return results;
}

/**
 * Lints one text. `filePath` (relative to `cwd`) decides the reader, the config's kind mapping
 * and overrides, and is what the result reports. With `fix: 'dry-run'` the fixed text is in
 * `output`; nothing is written. To lint many texts with one config, use `createLinter`.
 */
export function lintText(text: string, options: LintOptions & { filePath?: string } = {}): LintResult {
  const linter = createLinter(options);
  const filePath = resolve(options.cwd ?? process.cwd(), options.filePath ?? 'stdin.json');
  return linter.lintText(text, filePath, options.fix === 'dry-run' || options.fix === 'fix' ? { fix: 'dry-run' } : {});
}
