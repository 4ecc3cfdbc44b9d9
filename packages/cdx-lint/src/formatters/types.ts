import type { FixMode } from '../lint/process-file.js';
import type { LintResult } from '../lint/types.js';
import type { RuleInfo } from '../rules/index.js';

/** What a formatter may know beyond the results. Formatters are pure: no I/O, no globals. */
export interface FormatContext {
  /** For paths in human output. */
  cwd: string;
  /** For repository-relative paths (SARIF, GitHub annotations): the nearest directory holding .git, else cwd. */
  repoRoot: string;
  color: boolean;
  /** Every rule the run could report (the CLI's own and @cdx/validate's). */
  rules: readonly RuleInfo[];
  version: string;
  fix: FixMode;
}

/** `(results, context) => text`; the CLI writes the text to stdout or `--output-file`. */
export type Formatter = (results: readonly LintResult[], context: FormatContext) => string;
/** A custom formatter that cannot be found or loaded, or that fails: a usage error (exit status 2). */
export class FormatterError extends Error {
  override name = 'FormatterError';
}
