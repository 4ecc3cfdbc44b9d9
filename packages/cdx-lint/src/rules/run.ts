// Runs the CLI's own rules with their contexts, as @cdx/validate's runners run its rules.
import { findingOf, type Finding, type Report } from '@cdx/validate';
import type { DuplicateKey } from '../locate/duplicates.js';
import type { LintMessage } from '../lint/types.js';
import { duplicateKeyRule } from './duplicate-key.js';
import { parseErrorRule } from './parse-error.js';
import type { ParseProblem } from './scopes.js';

/** Where a message sits in the text. */
export interface Span {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/** The fatal message of a file that cannot be read as a payload. */
export function parseErrorMessage(problem: ParseProblem, span: Span): LintMessage {
  const findings: Finding[] = [];
  void parseErrorRule.check({ problem, options: parseErrorRule.defaultOptions, report: (report) => findings.push(findingOf(parseErrorRule.meta, report, 'error')) });
  const [finding] = findings;
  if (!finding) throw new Error('parse-error reported nothing for a file that cannot be parsed');
  return { ruleId: finding.ruleId, messageId: finding.messageId, severity: 2, fatal: true, message: finding.message, pointer: '', ...span };
}

/** A duplicate-key finding with the duplicate it is about (to place it on the repeated name). */
export interface DuplicateFinding {
  finding: Finding;
  duplicate: DuplicateKey;
}

/**
 * The duplicate-key reports of one payload, each with its duplicate. The rule reports the
 * duplicates in order, so the n-th report at a pointer is about the n-th duplicate there.
 */
export function duplicateKeyFindings(duplicates: readonly DuplicateKey[], json: boolean, firstLine: (duplicate: DuplicateKey) => number): DuplicateFinding[] {
  // Each pointer's duplicates, and how many have been reported (not shift(): it moves the rest of
  // the queue, so one name repeated 200,000 times took 12 s).
  const queues = new Map<string, { items: DuplicateKey[]; next: number }>();
  for (const duplicate of duplicates) {
    const queue = queues.get(duplicate.pointer);
    if (queue) queue.items.push(duplicate);
    else queues.set(duplicate.pointer, { items: [duplicate], next: 0 });
  }
  const out: DuplicateFinding[] = [];
  const report = (r: Report) => {
    const queue = queues.get(r.pointer);
    const duplicate = queue?.items[queue.next++];
    if (!duplicate) throw new Error(`duplicate-key reported ${r.pointer}, which is not a duplicate`);
    out.push({ finding: findingOf(duplicateKeyRule.meta, r, duplicateKeyRule.meta.severity), duplicate });
  };
  void duplicateKeyRule.check({ duplicates, json, firstLine, options: duplicateKeyRule.defaultOptions, report });
  return out;
}
