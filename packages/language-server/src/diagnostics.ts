import type { LintMessage, LintResult, MessageFix, RuleInfo } from 'cdx-lint';
import { DiagnosticSeverity, type Diagnostic, type Range } from 'vscode-languageserver';

/** What a diagnostic carries for its code actions: the renames cdx-lint offers, for the version linted. */
export interface DiagnosticData {
  /** The document's version the offsets of the renames are in. */
  version: number;
  fix?: MessageFix;
  suggestions?: { desc: string; fix: MessageFix }[];
}

/**
 * Offsets of a fix or a position in cdx-lint's terms (the text after a byte order mark) into the
 * document's: an editor may keep the BOM as the first character of the text it sends.
 */
export const bomLength = (text: string): number => (text.charCodeAt(0) === 0xfeff ? 1 : 0);

/** A message's place: cdx-lint's 1-based line and column (end exclusive) as an LSP range. */
export function rangeOf(m: Pick<LintMessage, 'line' | 'column' | 'endLine' | 'endColumn'>, bom: number): Range {
  const shift = (line: number) => (line === 1 ? bom : 0);
  return {
    start: { line: m.line - 1, character: m.column - 1 + shift(m.line) },
    end: { line: m.endLine - 1, character: m.endColumn - 1 + shift(m.endLine) },
  };
}

/**
 * cdx-lint's result for a document as LSP diagnostics: the same rule ids (the code, linked to the
 * rule's docs), severities, messages and places as the CLI prints.
 */
export function toDiagnostics(result: LintResult, text: string, rules: ReadonlyMap<string, RuleInfo>, version: number): Diagnostic[] {
  const bom = bomLength(text);
  return result.messages.map((m) => {
    const diagnostic: Diagnostic = {
      range: rangeOf(m, bom),
      severity: m.severity === 2 ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning,
      code: m.ruleId,
      source: 'cdx-lint',
      message: m.message,
    };
    const docs = rules.get(m.ruleId)?.docsUrl;
    if (docs) diagnostic.codeDescription = { href: docs };
    const data: DiagnosticData = { version };
    if (m.fix) data.fix = m.fix;
    if (m.suggestions) data.suggestions = m.suggestions;
    if (data.fix || data.suggestions) diagnostic.data = data;
    return diagnostic;
  });
}
