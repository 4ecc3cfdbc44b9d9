import type { LintMessage, LintResult } from './types.js';

/**
 * A file's result with ESLint's counts filled in. A summary message counts as the findings it
 * holds back (`omitted`), so the exit status and --max-warnings see every finding.
 */
export function resultOf(filePath: string, kind: string | null, messages: LintMessage[]): LintResult {
  let errorCount = 0;
  let warningCount = 0;
  let fatalErrorCount = 0;
  let fixableErrorCount = 0;
  let fixableWarningCount = 0;
  for (const m of messages) {
    if (m.severity === 2) {
      errorCount += m.omitted ?? 1;
      if (m.fatal) fatalErrorCount++;
      if (m.fix) fixableErrorCount++;
    } else {
      warningCount += m.omitted ?? 1;
      if (m.fix) fixableWarningCount++;
    }
  }
  return {
    filePath,
    kind,
    messages,
    suppressedMessages: [],
    errorCount,
    warningCount,
    fatalErrorCount,
    fixableErrorCount,
    fixableWarningCount,
    usedDeprecatedRules: [],
  };
}
