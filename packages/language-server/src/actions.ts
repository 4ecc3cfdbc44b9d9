import type { MessageFix } from 'cdx-lint';
import { CodeActionKind, type CodeAction, type Diagnostic, type TextEdit } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { bomLength, type DiagnosticData } from './diagnostics.js';

/** `source.fixAll.cdx`: for `editor.codeActionsOnSave`. */
export const FIX_ALL_KIND = `${CodeActionKind.SourceFixAll}.cdx`;

function editOf(document: TextDocument, fix: MessageFix): TextEdit {
  const bom = bomLength(document.getText());
  return { range: { start: document.positionAt(fix.range[0] + bom), end: document.positionAt(fix.range[1] + bom) }, newText: fix.text };
}

/** One quick fix per fixable finding (the rename cdx-lint --fix makes), and one per suggestion. */
export function quickFixes(document: TextDocument, diagnostics: readonly Diagnostic[]): CodeAction[] {
  const actions: CodeAction[] = [];
  for (const diagnostic of diagnostics) {
    if (diagnostic.source !== 'cdx-lint') continue;
    const data = diagnostic.data as DiagnosticData | undefined;
    if (data?.fix) {
      actions.push({
        title: `Rename \`${data.fix.from}\` to \`${data.fix.to}\` (${String(diagnostic.code)})`,
        kind: CodeActionKind.QuickFix,
        diagnostics: [diagnostic],
        isPreferred: true,
        edit: { changes: { [document.uri]: [editOf(document, data.fix)] } },
      });
    }
    for (const suggestion of data?.suggestions ?? []) {
      actions.push({
        title: suggestion.desc,
        kind: CodeActionKind.QuickFix,
        diagnostics: [diagnostic],
        edit: { changes: { [document.uri]: [editOf(document, suggestion.fix)] } },
      });
    }
  }
  return actions;
}

/**
 * The edit that turns `text` into `fixed`: one replacement of the span between their common start
 * and end (renames change names only, so this is where they are, and the rest of the document and
 * the cursor stay put).
 */
export function wholeEdit(document: TextDocument, fixed: string): TextEdit | undefined {
  const text = document.getText();
  if (text === fixed) return undefined;
  let start = 0;
  while (start < text.length && start < fixed.length && text.charCodeAt(start) === fixed.charCodeAt(start)) start++;
  let end = 0;
  while (end < text.length - start && end < fixed.length - start && text.charCodeAt(text.length - 1 - end) === fixed.charCodeAt(fixed.length - 1 - end)) end++;
  return { range: { start: document.positionAt(start), end: document.positionAt(text.length - end) }, newText: fixed.slice(start, fixed.length - end) };
}

/** "Fix all": every rename `cdx-lint --fix` would make in the document, as a quick fix or a source action. */
export function fixAll(document: TextDocument, fixed: string | undefined, kind: string): CodeAction | undefined {
  const edit = fixed === undefined ? undefined : wholeEdit(document, fixed);
  if (!edit) return undefined;
  return { title: 'Fix all cdx-lint problems that have a fix', kind, edit: { changes: { [document.uri]: [edit] } } };
}
