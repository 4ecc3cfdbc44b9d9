import { lintSource } from '../lint/lint-text.js';
import type { AppliedRename, FileSettings, LintMessage, LintResult, MessageFix } from '../lint/types.js';
import { applyEdits, planRenames } from './plan.js';

/** Passes of lint → rename → lint. A renamed parent can expose misspellings inside it. */
const MAX_FIX_PASSES = 10;

/**
 * The renames of one pass. Pointers are per payload, so a file of several payloads (a TypeScript
 * fixture) is planned payload by payload: the same misspelling in two of them is no collision.
 */
function renamesOf(messages: readonly LintMessage[]): MessageFix[] {
  const byPayload = new Map<string | undefined, LintMessage[]>();
  for (const m of messages) if (m.fix) byPayload.set(m.payload, [...(byPayload.get(m.payload) ?? []), m]);
  return [...byPayload.values()].flatMap((group) => planRenames(group).edits);
}

/**
 * Applies renames until none is left (so a second run changes nothing), re-linting after each
 * pass so the result describes the fixed text.
 */
export function fixText(raw: string, filePath: string, settings: FileSettings): { result: LintResult; output?: string; fixes: AppliedRename[] } {
  let current = lintSource(raw, filePath, settings);
  const fixes: AppliedRename[] = [];
  for (let pass = 0; pass < MAX_FIX_PASSES; pass++) {
    const edits = renamesOf(current.result.messages);
    if (edits.length === 0) break;
    const text = applyEdits(current.text, edits);
    const next = lintSource(current.prefix + text, filePath, settings);
    // A rename can never break the syntax; if it somehow did, keep the last good text.
    if (next.result.fatalErrorCount > 0) break;
    for (const edit of edits) {
      const message = current.result.messages.find((m) => m.fix === edit)!;
      fixes.push({
        pointer: edit.pointer,
        ...(message.payload !== undefined ? { payload: message.payload } : {}),
        from: edit.from,
        to: edit.to,
        line: message.line,
        column: message.column,
      });
    }
    current = next;
  }
  if (fixes.length === 0) return { result: current.result, fixes };
  return { result: current.result, output: current.prefix + current.text, fixes };
}
