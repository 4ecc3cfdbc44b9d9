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
 * A branch for another JSON type than the value's: its only error is `type` at the combinator's own
 * instance (`anyOf: [resource, { type: string }]` given an object with a wrong member), reported
 * once for each schema that applies the same definition there.
 */
function isOtherTypeBranch(errors: AjvError[], instancePath: string): boolean {
  return errors.every((e) => e.keyword === 'type' && e.instancePath === instancePath);
}

/** The instance path and each of its ancestors, itself first (`/a/b`, `/a`, ``). */
function* selfAndAncestors(instancePath: string): Generator<string> {
  for (let at = instancePath; ; at = at.slice(0, at.lastIndexOf('/'))) {
    yield at;
    if (at === '') return;
  }
}

const keyOf = (schemaPath: string, instancePath: string) => `${schemaPath}\u0000${instancePath}`;

/**
 * The errors that may belong to each failed combinator: under its schema path, at its instance
 * or inside it. Built in one pass over the errors; matching every combinator against every error
 * was quadratic (4,000 cards each failing one anyOf took 20 s), and comparing instance paths as
 * strings put the errors of `/cards/10` under the combinator at `/cards/1`.
 */
function membersByCombinator(errors: readonly AjvError[], combinators: readonly AjvError[]): Map<string, AjvError[]> {
  const instancesBySchemaPath = new Map<string, Set<string>>();
  for (const c of combinators) {
    const instances = instancesBySchemaPath.get(c.schemaPath) ?? new Set<string>();
    instances.add(c.instancePath);
    instancesBySchemaPath.set(c.schemaPath, instances);
  }
  const members = new Map<string, AjvError[]>();
  for (const error of errors) {
    for (const [schemaPath, instances] of instancesBySchemaPath) {
      if (!error.schemaPath.startsWith(`${schemaPath}/`)) continue;
      for (const at of selfAndAncestors(error.instancePath)) {
        if (!instances.has(at)) continue;
        const key = keyOf(schemaPath, at);
        const list = members.get(key);
        if (list) list.push(error);
        else members.set(key, [error]);
      }
    }
  }
  return members;
}

/** Keywords that fail only an object: where one is reported, the value is an object. */
const OBJECT_KEYWORDS = new Set(['required', 'dependentRequired', 'additionalProperties', 'minProperties', 'maxProperties', 'cdxResourceType']);

/**
 * The instance paths of values that are evidently objects or arrays: some error is reported inside
 * them, or one only an object can fail.
 */
function containersOf(errors: readonly AjvError[]): Set<string> {
  const out = new Set<string>();
  for (const error of errors) {
    if (OBJECT_KEYWORDS.has(error.keyword)) out.add(error.instancePath);
    for (let at = error.instancePath; at !== '';) {
      at = at.slice(0, at.lastIndexOf('/'));
      if (out.has(at)) break;
      out.add(at);
    }
  }
  return out;
}

/**
 * ajv reports every failing branch of an anyOf/oneOf plus the combinator itself. A user wants
 * the branch they evidently meant: keep the branch with the fewest errors (ignoring a bare
 * null branch, and a branch of another JSON type when one of the value's own type failed deeper),
 * and drop the rest. When every branch only misses a member, one `requiredOneOf` error names them
 * all (an attachment's `data` or `url`), or one `required` error when they miss the same member.
 */
export function untangle(errors: readonly AjvError[]): AjvError[] {
  const combinators = errors.filter((e) => COMBINATORS.has(e.keyword) && !e.params.passingSchemas).sort((a, b) => b.schemaPath.length - a.schemaPath.length);
  if (combinators.length === 0) return [...errors];
  const members = membersByCombinator(errors, combinators);
  const containers = containersOf(errors);
  const dropped = new Set<AjvError>();
  const added: AjvError[] = [];
  const handled = new Set<string>();
  for (const combinator of combinators) {
    const prefix = combinator.schemaPath;
    // The same combinator at the same place again (one definition applied twice, through a base and
    // an extension of it): its branches were weighed with the first.
    const here = keyOf(prefix, combinator.instancePath);
    if (handled.has(here)) {
      dropped.add(combinator);
      continue;
    }
    handled.add(here);
    const branches = new Map<string, AjvError[]>();
    for (const error of members.get(keyOf(prefix, combinator.instancePath)) ?? []) {
      if (dropped.has(error)) continue;
      const branch = branchOf(error, prefix)!;
      if (!branches.has(branch)) branches.set(branch, []);
      branches.get(branch)!.push(error);
    }
    if (branches.size === 0) continue;
    const typed = [...branches.values()].filter((b) => !isNullBranch(b));
    // The branches for the value's own type say what is wrong with it; the others only that it is not
    // theirs. A branch that calls a validator of another module (a FHIR resource slot) reports under
    // that validator's schema paths, so its errors belong to no branch here: they are what is wrong
    // when the value is an object and only a branch of another type is left.
    const ownType = typed.filter((b) => !isOtherTypeBranch(b, combinator.instancePath));
    if (ownType.length === 0 && !containers.has(combinator.instancePath)) {
      // The value has none of the types the branches admit: one error naming every one of them.
      const merged = mergedTypes(errors, combinator, [...branches.values()].flat(), dropped);
      if (merged) {
        dropped.add(combinator);
        added.push(merged);
        continue;
      }
    }
    const candidates = ownType.length > 0 ? ownType : containers.has(combinator.instancePath) ? [] : typed;
    const allRequired = candidates.every((b) => b.length === 1 && b[0]!.keyword === 'required');
    const missing = allRequired ? [...new Set(candidates.map((b) => String(b[0]!.params.missingProperty)))] : [];
    if (missing.length > 1) {
      // Any one of several members would do (an attachment's data or url): one error naming them all.
      dropped.add(combinator);
      for (const branch of branches.values()) for (const error of branch) dropped.add(error);
      added.push({ ...candidates[0]![0]!, keyword: 'requiredOneOf', schemaPath: prefix, params: { missingProperties: missing } });
      continue;
    }
    const chosen = allRequired ? candidates.slice(0, 1) : [candidates.reduce((best, b) => (b.length < best.length ? b : best), candidates[0] ?? [])];
    const keep = new Set(chosen.flat());
    dropped.add(combinator);
    for (const branch of branches.values()) for (const error of branch) if (!keep.has(error)) dropped.add(error);
  }
  return [...errors.filter((e) => !dropped.has(e)), ...added];
}

/**
 * One `type` error for a value that fits no branch of a combinator by its JSON type: the types of
 * every branch, in schema order, including a FHIR resource slot's (its validator reports under its own
 * module's schema paths, outside the combinator's parent), and drops the errors it stands for.
 * Undefined when a branch failed otherwise.
 */
function mergedTypes(errors: readonly AjvError[], combinator: AjvError, members: readonly AjvError[], dropped: Set<AjvError>): AjvError | undefined {
  const at = combinator.instancePath;
  if (members.length === 0 || !members.every((e) => e.keyword === 'type' && e.instancePath === at)) return undefined;
  const parent = combinator.schemaPath.slice(0, combinator.schemaPath.lastIndexOf('/'));
  const slots = errors.filter(
    (e) =>
      e.keyword === 'type' &&
      e.instancePath === at &&
      !dropped.has(e) &&
      !members.includes(e) &&
      !e.schemaPath.startsWith(`${parent}/`) &&
      e.schemaPath !== parent,
  );
  const types = new Set<string>();
  for (const e of [...members, ...slots]) for (const type of String(e.params.type).split(',')) types.add(type);
  for (const e of [...members, ...slots]) dropped.add(e);
  return { ...members[0]!, schemaPath: combinator.schemaPath, params: { type: [...types] } };
}
