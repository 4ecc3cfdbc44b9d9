import { formatMessage, RULES, validate, type KindId } from '@cdx/validate';
import { LineIndex } from '../locate/text.js';
import { readerFor, type SourceDocument } from '../sources/index.js';
import { duplicateKeyFindings, parseErrorMessage } from '../rules/run.js';
import { byPosition, toMessages } from './messages.js';
import { settle, validateRules } from './severity.js';
import { resultOf } from './result.js';
import type { FileSettings, LintMessage, LintResult, PendingFinding } from './types.js';

/** unknown-kind's meta: a source may say one of its messages instead of the generic one (`kindHint`). */
const UNKNOWN_KIND = RULES.find((rule) => rule.meta.id === 'unknown-kind')!.meta;

function duplicateFindings(document: SourceDocument, settings: FileSettings, lines: LineIndex, json: boolean): PendingFinding[] {
  const findings: PendingFinding[] = [];
  // JSON.parse and a JavaScript object literal both keep the last value, without a word.
  for (const { finding, duplicate } of duplicateKeyFindings(document.duplicateKeys(), json, (d) => lines.position(d.firstOffset).line)) {
    const severity = settle(settings, finding.ruleId, finding.pointer, finding.severity);
    if (!severity) continue;
    // The finding is this function's own: completed in place (a file can repeat names 200,000 times).
    const pending: PendingFinding = finding;
    pending.severity = severity;
    pending.duplicate = { offset: duplicate.offset, length: duplicate.length, firstOffset: duplicate.firstOffset };
    findings.push(pending);
  }
  return findings;
}

/** One payload's findings, placed in the file's text, and the kind it was checked as. */
function lintDocument(document: SourceDocument, settings: FileSettings, lines: LineIndex, json: boolean): { kind: KindId | null; messages: LintMessage[] } {
  const kind = document.kind ?? settings.kind ?? document.fallbackKind;
  const result = validate(document.value, {
    ...(kind !== undefined ? { kind } : {}),
    ...(settings.ruleOptions ?? {}),
    rules: validateRules(settings),
    ...(document.unknown ? { unknown: document.unknown } : {}),
  });
  const findings: PendingFinding[] = [];
  for (const finding of result.findings) {
    const severity = settle(settings, finding.ruleId, finding.pointer, finding.severity);
    if (!severity) continue;
    const settled = severity === finding.severity ? finding : { ...finding, severity };
    findings.push(finding.ruleId === 'unknown-kind' && document.kindHint ? { ...settled, messageId: document.kindHint, message: formatMessage(UNKNOWN_KIND, document.kindHint) } : settled);
  }
  const mayRepeat = document.mayHaveDuplicateKeys();
  // A loop, not push(...): a file can repeat a name 200,000 times, past the arguments a call takes.
  if (mayRepeat) for (const finding of duplicateFindings(document, settings, lines, json)) findings.push(finding);
  return { kind: result.kind, messages: findings.length === 0 ? [] : toMessages(findings, document, lines, mayRepeat) };
}

/**
 * Lints the text of one file. The clean path is `JSON.parse` plus the precompiled validators
 * and a cheap duplicate-key count; token positions are computed only when there is something to
 * report. Never throws for any text.
 */
export function lintText(raw: string, filePath: string, settings: FileSettings): LintResult {
  return lintSource(raw, filePath, settings).result;
}

/**
 * `lintText` plus what a fix needs: the text the ranges refer to and what precedes it (a BOM).
 * A TypeScript or JavaScript fixture may hold several payloads: one result holds them all, each
 * message naming its payload (`payload`) and giving its pointer within it.
 */
export function lintSource(raw: string, filePath: string, settings: FileSettings): { result: LintResult; text: string; prefix: string } {
  const reader = readerFor(filePath);
  const outcome = reader.read(raw);
  if (!outcome.ok) {
    const { problem, text } = outcome;
    const span = new LineIndex(text).span(problem.offset, problem.offset + problem.length);
    const message = parseErrorMessage({ kind: 'syntax', message: problem.message }, span);
    return { result: resultOf(filePath, null, [message]), text, prefix: raw.slice(0, raw.length - text.length) };
  }
  const { text, prefix, documents } = outcome;
  const lines = new LineIndex(text);
  const kinds = new Set<string | null>();
  const messages: LintMessage[] = [];
  for (const document of documents) {
    const linted = lintDocument(document, settings, lines, reader.id === 'json');
    kinds.add(linted.kind);
    for (const message of linted.messages) messages.push(message);
  }
  if (documents.length > 1) messages.sort(byPosition);
  const kind = kinds.size === 1 ? [...kinds][0]! : null;
  return { result: resultOf(filePath, kind, messages), text, prefix };
}
