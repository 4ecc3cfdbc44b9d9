// Runs the CLI's own rules with their contexts, through @cdx/validate's one runner (`runRules`).
import { runRules, type Finding, type Report, type Severity } from '@cdx/validate';
import type { DuplicateKey } from '../locate/duplicates.js';
import type { LintMessage } from '../lint/types.js';
import { duplicateKeyRule } from './duplicate-key.js';
import { fhirIntegerLiteralRule } from './fhir-integer-literal.js';
import { ignoredFileRule } from './ignored-file.js';
import { parseErrorRule } from './parse-error.js';
import type { IgnoredFileContext, ParseProblem } from './scopes.js';

/** Where a message sits in the text. */
export interface Span {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/** The fatal message of a file that cannot be read as a payload. */
export function parseErrorMessage(problem: ParseProblem, span: Span): LintMessage {
  // Always fatal: an error whatever the report says.
  const [finding] = runRules([parseErrorRule], { problem }, { settle: () => 'error' });
  if (!finding) throw new Error('parse-error reported nothing for a file that cannot be parsed');
  return { ruleId: finding.ruleId, messageId: finding.messageId, severity: 2, fatal: true, message: finding.message, pointer: '', ...span };
}

/** The warning of a file named on the command line that is ignored (at 1:1 of a file not read). */
export function ignoredFileMessage(ignored: IgnoredFileContext): LintMessage {
  const [finding] = runRules([ignoredFileRule], ignored, { settle: () => 'warning' });
  if (!finding) throw new Error('ignored-file reported nothing for an ignored file');
  return {
    ruleId: finding.ruleId,
    messageId: finding.messageId,
    severity: 1,
    message: finding.message,
    pointer: '',
    line: 1,
    column: 1,
    endLine: 1,
    endColumn: 1,
  };
}

/**
 * Runs duplicate-key over one payload's repeated names, handed over one at a time by
 * `eachDuplicate`. `keep` settles the severity of each report before its message is built
 * (undefined: not listed, and nothing is built for it); `take` gets each finding listed with the
 * duplicate it is about. A file can repeat a name a million times: only what is listed is kept.
 */
export function runDuplicateKey(
  eachDuplicate: (visit: (duplicate: DuplicateKey) => void) => void,
  json: boolean,
  firstLine: (duplicate: DuplicateKey) => number,
  keep: (pointer: string, duplicate: DuplicateKey) => Severity | undefined,
  take: (finding: Finding, duplicate: DuplicateKey) => void,
): void {
  // The rule reports from inside `visit`, about the duplicate it was just handed.
  let current: DuplicateKey | undefined;
  const settle = (_meta: unknown, r: Report) => {
    if (current?.pointer !== r.pointer) throw new Error(`duplicate-key reported ${r.pointer}, which is not the duplicate it was handed`);
    return keep(r.pointer, current);
  };
  const each = (visit: (duplicate: DuplicateKey) => void) => {
    eachDuplicate((duplicate) => {
      current = duplicate;
      visit(duplicate);
      current = undefined;
    });
  };
  runRules(
    [duplicateKeyRule],
    { eachDuplicate: each, json, firstLine },
    {
      settle,
      take: (finding) => {
        if (current) take(finding, current);
      },
    },
  );
}

/** A FHIR integer written with a fraction or exponent: where, as written, and the digits to write. */
export interface IntegerLiteral {
  readonly pointer: string;
  readonly literal: string;
  readonly write: string;
}

/**
 * Runs fhir-integer-literal over a payload's integers written with a fraction or exponent. `keep`
 * settles each report's severity before its message is built (undefined: not listed).
 */
export function runFhirIntegerLiteral(
  literals: readonly IntegerLiteral[],
  keep: (pointer: string) => Severity | undefined,
  take: (finding: Finding) => void,
): void {
  if (literals.length === 0) return;
  runRules(
    [fhirIntegerLiteralRule],
    {
      eachIntegerLiteral: (visit: (literal: IntegerLiteral) => void) => {
        for (const literal of literals) visit(literal);
      },
    },
    { settle: (_meta: unknown, r: Report) => keep(r.pointer), take },
  );
}
