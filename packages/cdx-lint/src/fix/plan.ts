import { parentPointer, pointerToken } from '../locate/pointer.js';
import type { LintMessage, MessageFix } from '../lint/types.js';

/** The renames of one pass, and those held back. */
export interface RenamePlan {
  edits: MessageFix[];
  /** Renames not applied because two of them would give one object the same member twice. */
  refused: MessageFix[];
}

/**
 * Chooses the renames to apply from a file's messages. @cdx/validate already offers no fix when
 * the canonical name is present beside the misspelt one; this adds the case it cannot see: two
 * misspellings in one object that both become the same name (`FristName` and `FirstNmae`).
 * Neither is applied, since keeping either value would be a guess.
 */
export function planRenames(messages: readonly LintMessage[]): RenamePlan {
  const fixes = messages.flatMap((m) => (m.fix ? [m.fix] : []));
  const byTarget = new Map<string, MessageFix[]>();
  for (const fix of fixes) {
    const target = `${parentPointer(fix.pointer) ?? ''}/${pointerToken(fix.to)}`;
    byTarget.set(target, [...(byTarget.get(target) ?? []), fix]);
  }
  const edits: MessageFix[] = [];
  const refused: MessageFix[] = [];
  for (const group of byTarget.values()) for (const fix of group) (group.length === 1 ? edits : refused).push(fix);
  edits.sort((a, b) => a.range[0] - b.range[0]);
  return { edits, refused };
}

/** Applies non-overlapping edits; every byte outside them stays as it was. */
export function applyEdits(text: string, edits: readonly MessageFix[]): string {
  let out = '';
  let at = 0;
  for (const edit of [...edits].sort((a, b) => a.range[0] - b.range[0])) {
    const [start, end] = edit.range;
    if (start < at) continue; // overlapping: left for the next pass
    out += text.slice(at, start) + edit.text;
    at = end;
  }
  return out + text.slice(at);
}
