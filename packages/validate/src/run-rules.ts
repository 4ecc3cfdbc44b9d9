// The loop every runner of a scope's rules shares (the assertion and token-form checkers here,
// cdx-lint's own rules): each rule, in the order its meta declares (`meta.after`), gets the context,
// its options and a `report` that makes findings. What differs between runners is data: the
// context, and how a report's severity is settled.
import type { Finding, Severity } from './finding.js';
import { findingOf, type Report, type RuleMeta, type Scope } from './rules/create-rule.js';
import { inRunOrder } from './run-order.js';

/** A report's severity, or undefined to drop it before its message is built. Default: the rule's. */
export type Settle = (meta: RuleMeta, report: Report) => Severity | undefined;

const bySeverity: Settle = (meta, report) => report.severity ?? meta.severity;

export interface RunOptions {
  settle?: Settle;
  /** Each finding made (default: appended to the returned list). */
  take?: (finding: Finding) => void;
}

/** What the runner needs of a rule: any rule, whatever its messages and options. */
interface Runnable {
  readonly meta: RuleMeta;
  readonly defaultOptions: unknown;
  readonly scope: Scope<unknown>;
  readonly check: (context: never) => void | Promise<void>;
}

/** The context a rule's scope gives it. */
export type ContextOf<R extends Runnable> = R['scope'] extends Scope<infer C> ? C : never;

function prepare<R extends Runnable>(rules: readonly R[], options: RunOptions) {
  const findings: Finding[] = [];
  const settle = options.settle ?? bySeverity;
  const take = options.take ?? ((finding: Finding) => findings.push(finding));
  const run = (rule: R, context: unknown) =>
    // The context is the rule's scope's (ContextOf), with the tools every rule gets.
    (rule.check as (context: unknown) => void | Promise<void>)({
      ...(context as object),
      options: rule.defaultOptions,
      report: (report: Report) => {
        const severity = settle(rule.meta, report);
        if (severity) take(findingOf(rule.meta, report, severity));
      },
    });
  return { findings, ordered: inRunOrder(rules), run };
}

/** Runs rules whose checks are synchronous; returns their findings. */
export function runRules<R extends Runnable>(rules: readonly R[], context: ContextOf<R>, options: RunOptions = {}): Finding[] {
  const { findings, ordered, run } = prepare(rules, options);
  for (const rule of ordered) void run(rule, context);
  return findings;
}

/** Runs rules whose checks may wait (a signature, a replay store), one after another. */
export async function runRulesAsync<R extends Runnable>(rules: readonly R[], context: ContextOf<R>, options: RunOptions = {}): Promise<Finding[]> {
  const { findings, ordered, run } = prepare(rules, options);
  for (const rule of ordered) await run(rule, context);
  return findings;
}
