import { omittedFinding, type Severity } from '@cdx/validate';
import type { PendingFinding } from './types.js';

interface Held {
  ruleId: string;
  severity: Severity;
  count: number;
  /** Where the summary stands: the first finding held back. */
  first: Pick<PendingFinding, 'pointer' | 'duplicate'>;
}

/**
 * At most `limit` findings per rule in one file; past that, findings are only counted (per rule
 * and severity, a summary counting as the findings it holds back), and each count becomes one
 * finding at the first one held back. Asked before a finding is built, so a file that repeats a
 * name a million times costs a thousand messages, not a million.
 */
export class FileCap {
  readonly #kept = new Map<string, number>();
  readonly #held = new Map<string, Held>();

  constructor(readonly limit: number) {}

  /** Whether to list the finding; when not, it is counted. */
  admit(ruleId: string, severity: Severity, first: Held['first'], omitted?: number): boolean {
    const kept = this.#kept.get(ruleId) ?? 0;
    if (kept < this.limit && omitted === undefined) {
      this.#kept.set(ruleId, kept + 1);
      return true;
    }
    const key = `${ruleId}\u0000${severity}`;
    const held = this.#held.get(key);
    if (held) held.count += omitted ?? 1;
    else
      this.#held.set(key, {
        ruleId,
        severity,
        count: omitted ?? 1,
        first: { pointer: first.pointer, ...(first.duplicate ? { duplicate: first.duplicate } : {}) },
      });
    return false;
  }

  /**
   * One finding per rule and severity for what was held back since the last call: a file of
   * several payloads (a TypeScript fixture) gets each summary in the payload it is about.
   */
  takeSummaries(): PendingFinding[] {
    const held = [...this.#held.values()];
    this.#held.clear();
    return held.map(({ ruleId, severity, count, first }) => ({
      ...omittedFinding(ruleId, severity, first.pointer, count, this.limit, ' in this file', 'maxFindingsPerRule in the config'),
      ...(first.duplicate ? { duplicate: first.duplicate } : {}),
    }));
  }
}
