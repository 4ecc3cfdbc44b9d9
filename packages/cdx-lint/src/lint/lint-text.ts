import { DEFAULT_MAX_FINDINGS_PER_RULE, formatMessage, RULES, validate, type KindId } from '@cdx/validate';
import { FileCap } from './cap.js';
import { LineIndex } from '../locate/text.js';
import { readerFor, type SourceDocument } from '../sources/index.js';
import { duplicateKeyRule } from '../rules/duplicate-key.js';
import { fhirIntegerLiteralRule } from '../rules/fhir-integer-literal.js';
import { parseErrorMessage, runDuplicateKey, runFhirIntegerLiteral } from '../rules/run.js';
import { byPosition, toMessages } from './messages.js';
import { settle, validateRules } from './severity.js';
import { resultOf } from './result.js';
import type { FileSettings, LintMessage, LintResult, PendingFinding } from './types.js';

/** unknown-kind's meta: a source may say one of its messages instead of the generic one (`kindHint`). */
const UNKNOWN_KIND = RULES.find((rule) => rule.meta.id === 'unknown-kind')!.meta;

/** Repeated member names, each settled and offered to the cap before its message is built. */
function duplicateFindings(document: SourceDocument, settings: FileSettings, lines: LineIndex, json: boolean, cap: FileCap, findings: PendingFinding[]): void {
  const { id, severity: ruleSeverity } = duplicateKeyRule.meta;
  runDuplicateKey(
    (visit) => {
      document.eachDuplicateKey(visit);
    },
    json,
    (d) => lines.position(d.firstOffset).line,
    (pointer, d) => {
      const severity = settle(settings, id, pointer, ruleSeverity);
      if (!severity) return undefined;
      return cap.admit(id, severity, { pointer, duplicate: { offset: d.offset, length: d.length, firstOffset: d.firstOffset } }) ? severity : undefined;
    },
    (finding, d) => {
      // The finding is this function's own: completed in place (a file can repeat names a million times).
      const pending: PendingFinding = finding;
      pending.duplicate = { offset: d.offset, length: d.length, firstOffset: d.firstOffset };
      findings.push(pending);
    },
  );
}

/** How lintSource lists findings beyond what the settings say. */
export interface ListingOptions {
  /**
   * List every finding that has a fix, past `maxFindingsPerRule` too (--fix: the cap shortens a
   * report, never the renames). Such a listing is for fixing, not for showing: counts are off.
   */
  everyFix?: boolean;
}

/** One payload's findings, placed in the file's text, and the kind it was checked as. */
function lintDocument(
  document: SourceDocument,
  settings: FileSettings,
  lines: LineIndex,
  json: boolean,
  cap: FileCap,
  everyFix: boolean,
): { kind: KindId | null; messages: LintMessage[] } {
  const kind = document.kind ?? settings.kind ?? document.fallbackKind;
  // validate() caps as it goes (bounded memory) unless a pointer override or --quiet may drop some
  // of what it would list, or every fix is wanted (validate() makes none for what it holds back):
  // then it lists everything and only the cap here decides.
  const exact = settings.pointerOverrides.length > 0 || settings.quiet === true || everyFix;
  const result = validate(document.value, {
    ...(kind !== undefined ? { kind } : {}),
    ...(settings.ruleOptions ?? {}),
    rules: validateRules(settings),
    maxFindingsPerRule: exact ? Infinity : cap.limit,
    ...(document.unknown ? { unknown: document.unknown } : {}),
  });
  const findings: PendingFinding[] = [];
  for (const finding of result.findings) {
    const severity = settle(settings, finding.ruleId, finding.pointer, finding.severity);
    if (!severity || (!(everyFix && finding.fix) && !cap.admit(finding.ruleId, severity, finding, finding.omitted))) continue;
    const settled = severity === finding.severity ? finding : { ...finding, severity };
    findings.push(
      finding.ruleId === 'unknown-kind' && document.kindHint
        ? { ...settled, messageId: document.kindHint, message: formatMessage(UNKNOWN_KIND, document.kindHint) }
        : settled,
    );
  }
  if (document.integerLiterals) {
    const { id, severity: ruleSeverity } = fhirIntegerLiteralRule.meta;
    runFhirIntegerLiteral(
      document.integerLiterals(result.kind),
      (pointer) => {
        const severity = settle(settings, id, pointer, ruleSeverity);
        return severity && cap.admit(id, severity, { pointer }) ? severity : undefined;
      },
      (finding) => findings.push(finding),
    );
  }
  const mayRepeat = document.mayHaveDuplicateKeys();
  if (mayRepeat) duplicateFindings(document, settings, lines, json, cap, findings);
  for (const summary of cap.takeSummaries()) findings.push(summary);
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
export function lintSource(
  raw: string,
  filePath: string,
  settings: FileSettings,
  { everyFix = false }: ListingOptions = {},
): { result: LintResult; text: string; prefix: string } {
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
  // One cap for the file, whatever number of payloads it holds.
  const cap = new FileCap(settings.maxFindingsPerRule ?? DEFAULT_MAX_FINDINGS_PER_RULE);
  for (const document of documents) {
    const linted = lintDocument(document, settings, lines, reader.id === 'json', cap, everyFix);
    kinds.add(linted.kind);
    for (const message of linted.messages) messages.push(message);
  }
  if (documents.length > 1) messages.sort(byPosition);
  const kind = kinds.size === 1 ? [...kinds][0]! : null;
  return { result: resultOf(filePath, kind, messages), text, prefix };
}
