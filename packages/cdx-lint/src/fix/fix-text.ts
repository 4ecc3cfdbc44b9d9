import { lintSource } from '../lint/lint-text.js';
import type { AppliedRename, FileSettings, LintMessage, LintResult, MessageFix } from '../lint/types.js';
import { applyEdits, planRenames } from './plan.js';

/**
 * Passes of lint → rename → lint. Each pass makes every certain rename in the file, so a further
 * pass only makes those an earlier one exposed: a misspelt member hides the misspellings inside it
 * (`Demographic` hides `FirstNmae`). The passes are as many as misspelt members nested in each
 * other, which no real file takes past a few; the bound keeps a hostile one linear. Past it, the
 * result lists what is still fixable, and another run goes on.
 */
const MAX_FIX_PASSES = 10;

/** Whether a listing holds findings back (maxFindingsPerRule): some of them may have fixes. */
const holdsBack = (result: LintResult) => result.messages.some((m) => m.omitted !== undefined);

/**
 * The renames of one pass. Pointers are per payload, so a file of several payloads (a TypeScript
 * fixture) is planned payload by payload: the same misspelling in two of them is no collision.
 */
function renamesOf(messages: readonly LintMessage[]): MessageFix[] {
  const byPayload = new Map<string | undefined, LintMessage[]>();
  for (const m of messages) {
    if (!m.fix) continue;
    const group = byPayload.get(m.payload);
    if (group) group.push(m);
    else byPayload.set(m.payload, [m]);
  }
  return [...byPayload.values()].flatMap((group) => planRenames(group).edits);
}

/**
 * Applies renames until none is left (so a second run changes nothing), re-linting after each
 * pass so the result describes the fixed text. The renames are taken from every finding, not
 * only from those the findings cap lists.
 */
export function fixText(raw: string, filePath: string, settings: FileSettings): { result: LintResult; output?: string; fixes: AppliedRename[] } {
  let current = lintSource(raw, filePath, settings);
  const fixes: AppliedRename[] = [];
  for (let pass = 0; pass < MAX_FIX_PASSES; pass++) {
    // A capped listing may hold renames back: the text is linted again listing every fix.
    const fixing = holdsBack(current.result) ? lintSource(current.prefix + current.text, filePath, settings, { everyFix: true }) : current;
    const edits = renamesOf(fixing.result.messages);
    if (edits.length === 0) break;
    const text = applyEdits(fixing.text, edits);
    const next = lintSource(fixing.prefix + text, filePath, settings);
    // A rename can never break the syntax; if it somehow did, keep the last good text.
    if (next.result.fatalErrorCount > 0) break;
    const messageOf = new Map(fixing.result.messages.flatMap((m) => (m.fix ? [[m.fix, m] as const] : [])));
    for (const edit of edits) {
      const message = messageOf.get(edit)!;
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
