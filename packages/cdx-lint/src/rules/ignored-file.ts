import { createRule } from '@cdx/validate';
import { IGNORED_FILE } from './scopes.js';

/**
 * A file named on the command line that is ignored: reported in the results as a warning, as
 * ESLint does, so that `--format json` shows it and `--max-warnings` counts it; a directory or a
 * glob skips ignored files silently.
 */
export const ignoredFileRule = createRule({
  scope: IGNORED_FILE,
  meta: {
    id: 'ignored-file',
    severity: 'warning',
    description: 'A file named on the command line is ignored (by default, by the config or by --ignore-pattern), so it was not linted.',
    messages: {
      default: 'File ignored by default ({{pattern}}: never a payload); use --no-ignore to lint it, or --no-warn-ignored to hide this warning.',
      config: "File ignored by {{pattern}} in the config's ignores; use --no-ignore to lint it, or --no-warn-ignored to hide this warning.",
      commandLine: 'File ignored by --ignore-pattern {{pattern}}; use --no-ignore to lint it, or --no-warn-ignored to hide this warning.',
    },
    configurable: false,
  },
  check({ pattern, source, report }) {
    // Globs are bounded in length (config/glob.ts), so the whole pattern is shown.
    report({ pointer: '', messageId: source === 'command-line' ? 'commandLine' : source, data: { pattern: JSON.stringify(pattern) } });
  },
});
