// The editor pane: CodeMirror 6 with JSON highlighting, and the findings as its diagnostics
// (squiggles, a gutter mark, the message on hover, a Fix action where cdx-lint has a rename).
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import { bracketMatching, defaultHighlightStyle, foldGutter, syntaxHighlighting } from '@codemirror/language';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { Compartment, EditorState } from '@codemirror/state';
import { EditorView, highlightActiveLine, keymap, lineNumbers } from '@codemirror/view';
import type { PlacedFinding } from './check.js';

export interface EditorHooks {
  /** The text changed; `pasted` when the change was a paste or a drop (checked at once). */
  onChange(pasted: boolean): void;
}

/**
 * Above this many characters the text is shown plain: no JSON highlighting, folding or bracket
 * matching. CodeMirror parses for them in slices of up to 100 ms of the page's main thread (its
 * parse worker's slice when the browser can tell it no input is pending), and a 2 MB payload needs
 * dozens of slices, each a pause a typist feels; a smaller text takes one or two short ones.
 */
export const LARGE_TEXT = 200_000;

/** JSON highlighting: while the text is JSON (a JWT's base64url is not) and not large. */
const language = new Compartment();
const jsonSupport = json();
let jsonMode = true;

/** The language change a new text of `length` characters needs, if any. */
function languageFor(state: EditorState, length: number) {
  const wanted = jsonMode && length <= LARGE_TEXT;
  return wanted === (language.get(state) === jsonSupport) ? undefined : language.reconfigure(wanted ? jsonSupport : []);
}

export function setJsonMode(view: EditorView, on: boolean): void {
  jsonMode = on;
  const effect = languageFor(view.state, view.state.doc.length);
  if (effect) view.dispatch({ effects: effect });
}

/** Whether the editor highlights its text as JSON (for tests driving the page). */
export function highlightsJson(view: EditorView): boolean {
  return language.get(view.state) === jsonSupport;
}

export function createEditor(parent: HTMLElement, hooks: EditorHooks): EditorView {
  return new EditorView({
    parent,
    state: EditorState.create({
      doc: '',
      extensions: [
        lineNumbers(),
        foldGutter(),
        lintGutter(),
        history(),
        bracketMatching(),
        highlightActiveLine(),
        syntaxHighlighting(defaultHighlightStyle),
        language.of(jsonSupport),
        // In the transaction that makes the text large (a paste), so that no parse of it starts.
        EditorState.transactionExtender.of((tr) => {
          const effect = tr.docChanged ? languageFor(tr.startState, tr.newDoc.length) : undefined;
          return effect ? { effects: effect } : null;
        }),
        keymap.of([...defaultKeymap, ...historyKeymap]),
        EditorView.lineWrapping,
        EditorView.contentAttributes.of({ 'aria-label': 'Payload: JSON or a client-assertion JWT' }),
        EditorView.updateListener.of((update) => {
          if (!update.docChanged) return;
          const pasted = update.transactions.some((t) => t.isUserEvent('input.paste') || t.isUserEvent('input.drop'));
          hooks.onChange(pasted);
        }),
      ],
    }),
  });
}

/** Replaces the whole text (an example, a link), as one undoable change. */
export function setText(view: EditorView, text: string): void {
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
}

/** Applies one rename: only [from, to) changes. */
export function applyFix(view: EditorView, fix: NonNullable<PlacedFinding['fix']>): void {
  view.dispatch({ changes: fix, userEvent: 'input.fix' });
}

/** Replaces the text by `next`, changing only the span between their common start and end. */
export function replaceChanged(view: EditorView, next: string): void {
  const current = view.state.doc.toString();
  let start = 0;
  while (start < current.length && start < next.length && current[start] === next[start]) start++;
  let end = 0;
  while (end < current.length - start && end < next.length - start && current[current.length - 1 - end] === next[next.length - 1 - end]) end++;
  view.dispatch({ changes: { from: start, to: current.length - end, insert: next.slice(start, next.length - end) }, userEvent: 'input.fix' });
}

/** Shows findings as diagnostics; each with a Fix action when it has a rename. */
export function showFindings(view: EditorView, findings: readonly PlacedFinding[], onFix: (finding: PlacedFinding) => void): void {
  const length = view.state.doc.length;
  const diagnostics: Diagnostic[] = findings.map((f) => ({
    from: Math.min(f.from, length),
    to: Math.min(Math.max(f.to, f.from), length),
    severity: f.severity,
    source: f.ruleId,
    message: f.message.replace(/`/g, ''),
    ...(f.fix
      ? {
          actions: [
            {
              name: `Fix: rename to ${f.fix.insert}`,
              apply: () => {
                onFix(f);
              },
            },
          ],
        }
      : {}),
  }));
  view.dispatch(setDiagnostics(view.state, diagnostics));
}
