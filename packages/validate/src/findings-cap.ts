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

/** What a cap held back of one rule at one severity: how many, and where the first of them stands. */
export interface HeldBack<P> {
  ruleId: string;
  severity: Severity;
  count: number;
  first: P;
}

/**
 * At most `limit` findings per rule; past that, findings are only counted, per rule and severity,
 * and each count becomes one summary finding at the first held-back finding's place. A payload
 * with a million failing items then costs a thousand findings, not a million messages. Asked before
 * a finding is built. `P` is what a runner keeps of the first finding held back: validate() its
 * pointer, cdx-lint also the text span of a duplicate key.
 */
export class FindingCap<P extends { readonly pointer: string } = { readonly pointer: string }> {
  readonly #kept = new Map<string, number>();
  readonly #held = new Map<string, HeldBack<P>>();

  readonly #warningKeys = new Map<string, string>();

  constructor(readonly limit: number) {}

  #warningKey(ruleId: string): string {
    const key = `${ruleId}\u0000warning`;
    this.#warningKeys.set(ruleId, key);
    return key;
  }

  /**
   * Whether to keep the finding; when not, it is counted. A summary (`omitted`: the count it holds)
   * is never kept as it is: it counts as what it holds.
   */
  admit(ruleId: string, severity: Severity, first: P, omitted?: number): boolean {
    const kept = this.#kept.get(ruleId) ?? 0;
    if (kept < this.limit && omitted === undefined) {
      this.#kept.set(ruleId, kept + 1);
      return true;
    }
    // No key string per call: a finding past the cap costs a lookup and an increment.
    const key = severity === 'error' ? ruleId : (this.#warningKeys.get(ruleId) ?? this.#warningKey(ruleId));
    const held = this.#held.get(key);
    if (held) held.count += omitted ?? 1;
    else this.#held.set(key, { ruleId, severity, count: omitted ?? 1, first });
    return false;
  }

  /** What was held back since the last call, one entry per rule and severity. */
  takeHeld(): HeldBack<P>[] {
    const held = [...this.#held.values()];
    this.#held.clear();
    return held;
  }

  /** One summary finding per rule and severity for what was held back since the last call. */
  summaries(): Finding[] {
    return this.takeHeld().map(({ ruleId, severity, count, first }) => omittedFinding(ruleId, severity, first.pointer, count, this.limit));
  }
}

/** `findings` with at most `limit` per rule, the rest summarised. */
export function capFindings(findings: readonly Finding[], limit: number): Finding[] {
  const cap = new FindingCap(limit);
  const out = findings.filter((f) => cap.admit(f.ruleId, f.severity, f, f.omitted));
  for (const summary of cap.summaries()) out.push(summary);
  return out;
}
