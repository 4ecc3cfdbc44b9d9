import { FindingCap, omittedFinding } from '@cdx/validate';
import type { PendingFinding } from './types.js';

/** What the file's cap keeps of the first finding it holds back of a rule: the summary stands there. */
type First = Pick<PendingFinding, 'pointer' | 'duplicate'>;

/**
 * validate()'s cap, per file: at most `limit` findings per rule in one file, counted across the
 * file's payloads. Asked before a finding is built, so a file that repeats a name a million times
 * costs a thousand messages, not a million.
 */
export class FileCap extends FindingCap<First> {
  /**
   * One finding per rule and severity for what was held back since the last call: a file of
   * several payloads (a TypeScript fixture) gets each summary in the payload it is about.
   */
  takeSummaries(): PendingFinding[] {
    return this.takeHeld().map(({ ruleId, severity, count, first }) => ({
      ...omittedFinding(ruleId, severity, first.pointer, count, this.limit, ' in this file', 'maxFindingsPerRule in the config'),
      ...(first.duplicate ? { duplicate: first.duplicate } : {}),
    }));
  }
}
