// Whether a message's place lies inside its file: shared by the hostile-input and property tests.
import type { LintMessage } from '../../src/lint/types.js';

/** Lines as positions count them: after a BOM, split at CRLF, LF and a lone CR. */
export function linesOf(text: string): string[] {
  return text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
}

/**
 * Why a message's span is not inside the file (1-based, end after start, columns at most one past
 * the end of their line), or undefined. Plain code, not expect(): a file can have 200,000 findings.
 */
export function outside(message: LintMessage, lines: readonly string[]): string | undefined {
  const { line, column, endLine, endColumn } = message;
  const ok =
    Number.isInteger(line) &&
    Number.isInteger(column) &&
    line >= 1 &&
    endLine <= lines.length &&
    column >= 1 &&
    column <= lines[line - 1]!.length + 1 &&
    endColumn <= lines[endLine - 1]!.length + 1 &&
    (endLine > line || (endLine === line && endColumn >= column));
  return ok ? undefined : `${message.ruleId} at ${line}:${column}-${endLine}:${endColumn} (${lines.length} lines)`;
}
