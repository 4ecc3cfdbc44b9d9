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
  /** The caller's `at` for the first: where it came among the findings kept (validate() merges two caps' counts in order). */
  at: number;
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
   * is never kept as it is: it counts as what it holds. `at` is kept with the first held back.
   */
  admit(ruleId: string, severity: Severity, first: P, omitted?: number, at = 0): boolean {
    const kept = this.#kept.get(ruleId) ?? 0;
    if (kept < this.limit && omitted === undefined) {
      this.#kept.set(ruleId, kept + 1);
      return true;
    }
    // No key string per call: a finding past the cap costs a lookup and an increment.
    const key = severity === 'error' ? ruleId : (this.#warningKeys.get(ruleId) ?? this.#warningKey(ruleId));
    const held = this.#held.get(key);
    if (held) held.count += omitted ?? 1;
    else this.#held.set(key, { ruleId, severity, count: omitted ?? 1, first, at });
    return false;
  }

  /** Whether anything was held back since the last takeHeld(). */
  get holding(): boolean {
    return this.#held.size > 0;
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

/** What the cap reads of a rule's meta: the findings of other rules its findings stand for (RuleMeta.supersedes). */
interface SupersedingMeta {
  readonly id: string;
  readonly supersedes: readonly { readonly by?: readonly string[]; readonly rule: string; readonly messages?: readonly string[]; readonly at: unknown }[];
}

/** Messages by rule id (`true`: all of the rule's). */
type Messages = Map<string, Set<string> | true>;

function add(into: Messages, ruleId: string, messages: readonly string[] | undefined): void {
  const known = into.get(ruleId);
  if (known !== true) into.set(ruleId, messages ? new Set([...(known ?? []), ...messages]) : true);
}

const has = (messages: Messages, ruleId: string, messageId: string) => {
  const of = messages.get(ruleId);
  return of === true || of?.has(messageId) === true;
};

/**
 * Which findings superseding decides about among a set of rules (those that can run on a payload):
 * the supersessions whose two rules are both in the set, each side with its messages.
 */
export class Superseding {
  readonly #dropped: Messages = new Map();
  readonly #drops: Messages = new Map();
  readonly #renaming: Messages = new Map();

  constructor(metas: Iterable<SupersedingMeta>) {
    const all = [...metas];
    const ids = new Set(all.map((meta) => meta.id));
    for (const meta of all) {
      for (const s of meta.supersedes) {
        if (!ids.has(s.rule)) continue;
        add(this.#dropped, s.rule, s.messages);
        add(this.#drops, meta.id, s.by);
        if (s.at === 'renamed') add(this.#renaming, meta.id, s.by);
      }
    }
  }

  /** Whether superseding may drop a finding of this rule and message. */
  mayDrop(ruleId: string, messageId: string): boolean {
    return has(this.#dropped, ruleId, messageId);
  }

  /** Whether superseding drops others for a finding of this rule and message. */
  dropsFor(ruleId: string, messageId: string): boolean {
    return has(this.#drops, ruleId, messageId);
  }

  /** Whether what such a finding stands for is where its rename lands: superseding reads its fix. */
  renames(ruleId: string, messageId: string): boolean {
    return has(this.#renaming, ruleId, messageId);
  }
}

/**
 * The listing once a later step (superseding) has dropped some findings: `kept` is what `cap` let
 * through as the findings came, past its limit too for those that step may drop; `survivors` is
 * what is left of `kept` (in its order; findings not in `kept` are ignored). The first `limit`
 * survivors of each rule are listed; the rest, with what `cap` held back as they came (each where
 * its `at`, the length of `kept` then, puts it), become one summary per rule and severity at the
 * first of them. So a dropped finding is neither listed nor counted, as without the cap.
 */
export function listSurvivors(kept: readonly Finding[], survivors: readonly Finding[], cap: FindingCap): Finding[] {
  if (kept.length === 0 && !cap.holding) return []; // a valid payload: nothing to list
  const held = cap.takeHeld().sort((a, b) => a.at - b.at);
  const alive = survivors === kept ? undefined : new Set(survivors);
  const listing = new FindingCap(cap.limit);
  const out: Finding[] = [];
  let next = 0;
  for (let i = 0; i <= kept.length; i++) {
    // What was held back before this finding came counts first: a summary stands at the first of its findings.
    for (let h = held[next]; h !== undefined && h.at <= i; h = held[++next]) listing.admit(h.ruleId, h.severity, h.first, h.count);
    const finding = kept[i];
    if (finding && (!alive || alive.has(finding)) && listing.admit(finding.ruleId, finding.severity, finding, finding.omitted)) out.push(finding);
  }
  for (const summary of listing.summaries()) out.push(summary);
  return out;
}

/** `findings` with at most `limit` per rule, the rest summarised. */
export function capFindings(findings: readonly Finding[], limit: number): Finding[] {
  const cap = new FindingCap(limit);
  const out = findings.filter((f) => cap.admit(f.ruleId, f.severity, f, f.omitted));
  for (const summary of cap.summaries()) out.push(summary);
  return out;
}
