// The order a scope's rules run in, from their metas: registry order, except that a rule runs after
// the rules its `meta.after` names (`'*'`: every other rule of its scope that does not say `'*'`
// itself). No runner keeps a list of rule ids.
import type { RuleMeta } from './rules/create-rule.js';

/** The rules in the order they run. Throws for an `after` naming no rule of the list, or a cycle. */
export function inRunOrder<R extends { readonly meta: RuleMeta }>(rules: readonly R[]): R[] {
  const byId = new Map(rules.map((rule) => [rule.meta.id, rule]));
  const last = (rule: R) => rule.meta.after.includes('*');
  const before = (rule: R): readonly R[] =>
    last(rule)
      ? rules.filter((other) => !last(other))
      : rule.meta.after.map((id) => {
          const found = byId.get(id);
          if (!found) throw new Error(`${rule.meta.id}: meta.after names ${id}, which is no rule of its scope`);
          return found;
        });
  const out: R[] = [];
  const placed = new Set<R>();
  const visiting = new Set<R>();
  const visit = (rule: R) => {
    if (placed.has(rule)) return;
    if (visiting.has(rule)) throw new Error(`meta.after makes a cycle through ${rule.meta.id}`);
    visiting.add(rule);
    for (const other of before(rule)) visit(other);
    visiting.delete(rule);
    placed.add(rule);
    out.push(rule);
  };
  for (const rule of rules) visit(rule);
  return out;
}
