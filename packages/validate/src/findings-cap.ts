import type { Finding, Severity } from './finding.js';

/**
 * Message ids the runners give to findings they make for any rule, beside the rule's own messages
 * (`meta.messages`): a summary of findings not listed, and a check that could not finish.
 * createRule refuses a rule whose own messages use one of them.
 */
export const RUNNER_MESSAGE_IDS = ['omitted', 'unfinished'] as const;

/** The count a finding stands for: itself, or the findings a summary holds back. */
export const weight = (finding: Pick<Finding, 'omitted'>): number => finding.omitted ?? 1;

/**
 * The summary of `count` findings of a rule not listed (messageId `omitted`), at the first of them.
 * `where` and `setting` let cdx-lint say "in this file" and name its config key.
 */
export function omittedFinding(
  ruleId: string,
  severity: Severity,
  pointer: string,
  count: number,
  limit: number,
  where = '',
  setting = 'option maxFindingsPerRule',
): Finding {
  return {
    ruleId,
    messageId: 'omitted',
    severity,
    pointer,
    message: `${count} more \`${ruleId}\` findings${where} (the first here) are not listed: at most ${limit} per rule are (${setting}).`,
    omitted: count,
  };
}

interface Held {
  ruleId: string;
  severity: Severity;
  pointer: string;
  count: number;
}

/**
 * At most `limit` findings per rule; past that, findings are only counted, per rule and severity,
 * and each count becomes one summary finding at the first held-back finding's place. A payload
 * with a million failing items then costs a thousand findings, not a million messages.
 */
export class FindingCap {
  readonly #kept = new Map<string, number>();
  readonly #held = new Map<string, Held>();

  constructor(readonly limit: number) {}

  /** Whether to keep the finding; when not, it is counted (a summary counts as what it holds). */
  admit(finding: Pick<Finding, 'ruleId' | 'severity' | 'pointer' | 'omitted'>): boolean {
    const kept = this.#kept.get(finding.ruleId) ?? 0;
    if (kept < this.limit && finding.omitted === undefined) {
      this.#kept.set(finding.ruleId, kept + 1);
      return true;
    }
    const key = `${finding.ruleId}\u0000${finding.severity}`;
    const held = this.#held.get(key);
    if (held) held.count += weight(finding);
    else this.#held.set(key, { ruleId: finding.ruleId, severity: finding.severity, pointer: finding.pointer, count: weight(finding) });
    return false;
  }

  /** One finding per rule and severity for what was held back. */
  summaries(): Finding[] {
    return [...this.#held.values()].map(({ ruleId, severity, pointer, count }) => omittedFinding(ruleId, severity, pointer, count, this.limit));
  }
}

/** `findings` with at most `limit` per rule, the rest summarised. */
export function capFindings(findings: readonly Finding[], limit: number): Finding[] {
  const cap = new FindingCap(limit);
  const out = findings.filter((f) => cap.admit(f));
  for (const summary of cap.summaries()) out.push(summary);
  return out;
}
