// The loop every runner of a scope's rules shares (the assertion and token-form checkers here,
// cdx-lint's own rules): each rule, in the order its meta declares (`meta.after`), gets the context,
// its options and a `report` that makes findings. What differs between runners is data: the
// context, and how a report's severity is settled.
import type { Finding, Severity } from './finding.js';
import { findingOf, type Report, type Rule, type RuleMeta } from './rules/create-rule.js';
import { inRunOrder } from './run-order.js';

/** A report's severity, or undefined to drop it before its message is built. Default: the rule's. */
export type Settle = (meta: RuleMeta, report: Report) => Severity | undefined;

const bySeverity: Settle = (meta, report) => report.severity ?? meta.severity;

interface RunOptions {
  settle?: Settle;
  /** Each finding made (default: appended to the returned list). */
  take?: (finding: Finding) => void;
}

function prepare<C>(rules: readonly Rule<C>[], options: RunOptions) {
  const findings: Finding[] = [];
  const settle = options.settle ?? bySeverity;
  const take = options.take ?? ((finding: Finding) => findings.push(finding));
  const tools = (rule: Rule<C>) => ({
    options: rule.defaultOptions,
    report: (report: Report) => {
      const severity = settle(rule.meta, report);
      if (severity) take(findingOf(rule.meta, report, severity));
    },
  });
  return { findings, ordered: inRunOrder(rules), tools };
}

/** Runs rules whose checks are synchronous; returns their findings. */
export function runRules<C>(rules: readonly Rule<C>[], context: C, options: RunOptions = {}): Finding[] {
  const { findings, ordered, tools } = prepare(rules, options);
  for (const rule of ordered) void rule.check({ ...context, ...tools(rule) });
  return findings;
}

/** Runs rules whose checks may wait (a signature, a replay store), one after another. */
export async function runRulesAsync<C>(rules: readonly Rule<C>[], context: C, options: RunOptions = {}): Promise<Finding[]> {
  const { findings, ordered, tools } = prepare(rules, options);
  for (const rule of ordered) await rule.check({ ...context, ...tools(rule) });
  return findings;
}
