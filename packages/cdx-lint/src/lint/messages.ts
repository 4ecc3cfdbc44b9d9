import type { RenameFix } from '@cdx/validate';
import { spanOf, type NodeLocation } from '../locate/locate.js';
import { lastToken } from '../locate/pointer.js';
import type { LineIndex } from '../locate/text.js';
import type { SourceDocument } from '../sources/index.js';
import type { LintMessage, MessageFix, PendingFinding } from './types.js';

/**
 * A rename as an edit of the name token, or undefined when it cannot be applied safely: the
 * member is not where the pointer says, or its name repeats in the object (which occurrence
 * would be renamed is then a guess).
 */
function editFor(fix: RenameFix, document: SourceDocument, found: ReadonlyMap<string, NodeLocation>, repeated: ReadonlySet<string>): MessageFix | undefined {
  const location = found.get(fix.pointer);
  if (!location || location.keyOffset < 0 || repeated.has(fix.pointer) || lastToken(fix.pointer) !== fix.from) return undefined;
  const text = document.renameText(location, fix.to);
  if (text === undefined) return undefined;
  return {
    range: [location.keyOffset, location.keyOffset + location.keyLength],
    text,
    kind: 'rename-member',
    pointer: fix.pointer,
    from: fix.from,
    to: fix.to,
  };
}

/**
 * A schema message quotes the value as JSON.parse read it; an integer past 2^53 reads rounded
 * (`9007199254740993` → 9007199254740992), a number the file does not hold. With the text at
 * hand, the message quotes the literal as written instead.
 */
function asWritten(finding: PendingFinding, location: NodeLocation | undefined, lines: LineIndex): string {
  if (finding.ruleId !== 'schema' || !location || location.end - location.offset > 400) return finding.message;
  const raw = lines.slice(location.offset, location.end);
  if (!/^-?\d{16,}$/.test(raw)) return finding.message;
  const read = String(Number(raw));
  return read === raw ? finding.message : finding.message.replace(`got ${read}`, `got ${raw}`);
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Text order; `payload` breaks the tie between two payloads' findings at one place. */
export function byPosition(a: LintMessage, b: LintMessage): number {
  return a.line - b.line || a.column - b.column || compare(a.ruleId, b.ruleId) || compare(a.pointer, b.pointer) || compare(a.payload ?? '', b.payload ?? '');
}

/**
 * Places one payload's findings in the text: one walk locates every pointer they mention. A
 * payload with a label (one of several in a TypeScript file) names itself in each message.
 */
export function toMessages(findings: readonly PendingFinding[], document: SourceDocument, lines: LineIndex, hasDuplicates: boolean): LintMessage[] {
  const pointers = new Set<string>();
  for (const f of findings) {
    pointers.add(f.pointer);
    if (f.fix) pointers.add(f.fix.pointer);
    for (const s of f.suggestions ?? []) pointers.add(s.pointer);
  }
  const found = document.locate(pointers, hasDuplicates);
  const repeated = new Set(findings.filter((f) => f.duplicate).map((f) => f.pointer));
  const messages = findings.map((f): LintMessage => {
    const span = f.duplicate ? lines.span(f.duplicate.offset, f.duplicate.offset + f.duplicate.length) : spanOf(f.pointer, found, lines);
    const said = asWritten(f, found.get(f.pointer), lines);
    const text = document.label === undefined ? said : `${document.label}: ${said}`;
    const message: LintMessage = {
      ruleId: f.ruleId,
      messageId: f.messageId,
      severity: f.severity === 'error' ? 2 : 1,
      message: text,
      ...span,
      pointer: f.pointer,
    };
    if (document.label !== undefined) message.payload = document.label;
    if (f.omitted !== undefined) message.omitted = f.omitted;
    const fix = f.fix && editFor(f.fix, document, found, repeated);
    if (fix) message.fix = fix;
    const suggestions = (f.suggestions ?? []).flatMap((s) => {
      const edit = editFor(s, document, found, repeated);
      return edit ? [{ desc: `Rename \`${s.from}\` to \`${s.to}\`.`, fix: edit }] : [];
    });
    if (suggestions.length > 0) message.suggestions = suggestions;
    return message;
  });
  return messages.sort(byPosition);
}
