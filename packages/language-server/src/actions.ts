import type { MessageFix } from 'cdx-lint';
import { CodeActionKind, type CodeAction, type Diagnostic, type TextEdit, type WorkspaceEdit } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { bomLength, type DiagnosticData } from './diagnostics.js';
import type { Span } from './span.js';

/** `source.fixAll.cdx`: for `editor.codeActionsOnSave`. */
export const FIX_ALL_KIND = `${CodeActionKind.SourceFixAll}.cdx`;

/** How the client takes edits: `versioned`, edits name the document's version, and a client refuses them once it changed. */
export interface EditOptions {
  versioned: boolean;
}

/** The edits as a workspace edit of the document's current version. */
function workspaceEdit(document: TextDocument, edits: TextEdit[], options: EditOptions): WorkspaceEdit {
  if (!options.versioned) return { changes: { [document.uri]: edits } };
  return { documentChanges: [{ textDocument: { uri: document.uri, version: document.version }, edits }] };
}

/**
 * A rename as an edit of the document, or undefined when it no longer applies: the finding's
 * offsets are those of the version linted, so the fix is offered only for that version, and only
 * while the text it replaces is the name it renames (no fix rather than a wrong one).
 */
function editOf(document: TextDocument, data: DiagnosticData, fix: MessageFix): TextEdit | undefined {
  if (data.version !== document.version) return undefined;
  const text = document.getText();
  const bom = bomLength(text);
  const [start, end] = [fix.range[0] + bom, fix.range[1] + bom];
  if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end > text.length || start > end) return undefined;
  if (!namesMember(text.slice(start, end), fix.from)) return undefined;
  return { range: { start: document.positionAt(start), end: document.positionAt(end) }, newText: fix.text };
}

/** Whether `written` is a member name `name` as JSON or code writes it (bare, or quoted). */
function namesMember(written: string, name: string): boolean {
  if (written === name) return true;
  const quote = written[0];
  if ((quote !== '"' && quote !== "'") || written.at(-1) !== quote || written.length < 2) return false;
  const inner = written.slice(1, -1);
  if (inner === name) return true;
  try {
    return quote === '"' && JSON.parse(written) === name;
  } catch {
    return false;
  }
}

/** One quick fix per fixable finding (the rename cdx-lint --fix makes), and one per suggestion. */
export function quickFixes(document: TextDocument, diagnostics: readonly Diagnostic[], options: EditOptions): CodeAction[] {
  const actions: CodeAction[] = [];
  for (const diagnostic of diagnostics) {
    if (diagnostic.source !== 'cdx-lint') continue;
    const data = diagnostic.data as DiagnosticData | undefined;
    if (!data) continue;
    const rename = data.fix && editOf(document, data, data.fix);
    if (data.fix && rename) {
      actions.push({
        title: `Rename \`${data.fix.from}\` to \`${data.fix.to}\` (${String(diagnostic.code)})`,
        kind: CodeActionKind.QuickFix,
        diagnostics: [diagnostic],
        isPreferred: true,
        edit: workspaceEdit(document, [rename], options),
      });
    }
    for (const suggestion of data.suggestions ?? []) {
      const edit = editOf(document, data, suggestion.fix);
      if (!edit) continue;
      actions.push({ title: suggestion.desc, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], edit: workspaceEdit(document, [edit], options) });
    }
  }
  return actions;
}

/** A span of the document's text (see `changedSpan`) as an edit. */
export function spanEdit(document: TextDocument, span: Span): TextEdit {
  return { range: { start: document.positionAt(span.start), end: document.positionAt(span.end) }, newText: span.text };
}

/** "Fix all": every rename `cdx-lint --fix` would make in the document, as a quick fix or a source action. */
export function fixAll(document: TextDocument, edit: TextEdit | undefined, kind: string, options: EditOptions): CodeAction | undefined {
  if (!edit) return undefined;
  return { title: 'Fix all cdx-lint problems that have a fix', kind, edit: workspaceEdit(document, [edit], options) };
}
