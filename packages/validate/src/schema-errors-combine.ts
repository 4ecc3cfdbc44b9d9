import type { AjvError } from './registry.js';

const COMBINATORS = new Set(['anyOf', 'oneOf']);

/** The branch index an error belongs to under a combinator at `prefix`, e.g. `#/anyOf` → `1`. */
function branchOf(error: AjvError, prefix: string): string | undefined {
  if (!error.schemaPath.startsWith(`${prefix}/`)) return undefined;
  return error.schemaPath.slice(prefix.length + 1).split('/')[0];
}

/** A branch that only admits null: `{ "type": "null" }` used to make a $ref nullable. */
function isNullBranch(errors: AjvError[]): boolean {
  return errors.length === 1 && errors[0]!.keyword === 'type' && errors[0]!.params.type === 'null';
}

/**
 * ajv reports every failing branch of an anyOf/oneOf plus the combinator itself. A user wants
 * the branch they evidently meant: keep the branch with the fewest errors (ignoring a bare
 * null branch), and drop the rest. When every branch only misses a member, one `required`
 * error for the first branch's member stands for all of them (e.g. either spelling of a field).
 */
export function untangle(errors: readonly AjvError[]): AjvError[] {
  let remaining = [...errors];
  const combinators = remaining
    .filter((e) => COMBINATORS.has(e.keyword) && !e.params.passingSchemas)
    .sort((a, b) => b.schemaPath.length - a.schemaPath.length);
  for (const combinator of combinators) {
    const prefix = combinator.schemaPath;
    const branches = new Map<string, AjvError[]>();
    for (const error of remaining) {
      const branch = branchOf(error, prefix);
      if (branch === undefined || !error.instancePath.startsWith(combinator.instancePath)) continue;
      if (!branches.has(branch)) branches.set(branch, []);
      branches.get(branch)!.push(error);
    }
    if (branches.size === 0) continue;
    const candidates = [...branches.values()].filter((b) => !isNullBranch(b));
    const allRequired = candidates.every((b) => b.length === 1 && b[0]!.keyword === 'required');
    const chosen = allRequired
      ? candidates.slice(0, 1)
      : [candidates.reduce((best, b) => (b.length < best.length ? b : best), candidates[0] ?? [])];
    const drop = new Set([combinator, ...[...branches.values()].flat()]);
    for (const error of chosen.flat()) drop.delete(error);
    remaining = remaining.filter((e) => !drop.has(e));
  }
  return remaining;
}
