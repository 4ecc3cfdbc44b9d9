import { parsePointer, renamedPointer, type Finding, type RenameFix } from './finding.js';
import { weight } from './findings-cap.js';

type Json = Record<string, unknown>;

const isContainer = (value: unknown): value is Json | unknown[] => typeof value === 'object' && value !== null;

/**
 * The payload with the renames applied, sharing everything they do not touch: only the objects and
 * arrays on a renamed member's path are copied. Undefined when a rename does not apply as written
 * (its member is gone, or its new name is taken).
 */
export function applyRenames(payload: unknown, fixes: readonly RenameFix[]): unknown {
  const copies = new Map<unknown, Json | unknown[]>();
  const copy = (value: Json | unknown[]): Json | unknown[] => {
    let out = copies.get(value);
    if (!out) {
      out = Array.isArray(value) ? [...value] : { ...value };
      // A copy is its own copy: the next rename through it finds it, not an original to copy
      // again (1,000 renames below one 40,000-item array copied the array 1,000 times).
      copies.set(value, out).set(out, out);
    }
    return out;
  };
  if (!isContainer(payload)) return undefined;
  const root = copy(payload);
  for (const fix of fixes) {
    const tokens = parsePointer(fix.pointer);
    const name = tokens.pop();
    if (name !== fix.from) return undefined;
    let holder: Json | unknown[] = root;
    for (const token of tokens) {
      const child: unknown = (holder as Json)[token];
      if (!isContainer(child)) return undefined;
      const mine = copy(child);
      (holder as Json)[token] = mine;
      holder = mine;
    }
    if (Array.isArray(holder) || !Object.hasOwn(holder, fix.from) || Object.hasOwn(holder, fix.to)) return undefined;
    // Same member order, the one name changed.
    const renamed = Object.fromEntries(Object.entries(holder).map(([k, v]) => [k === fix.from ? fix.to : k, v]));
    for (const key of Object.keys(holder)) delete holder[key];
    Object.assign(holder, renamed);
  }
  return root;
}

const isError = (f: Finding) => f.severity === 'error';

/** Whether `pointer` is strictly inside one of `places` (a place is never the root, ``). */
function insideAny(pointer: string, places: ReadonlySet<string>): boolean {
  for (let end = pointer.lastIndexOf('/'); end > 0; end = pointer.lastIndexOf('/', end - 1)) if (places.has(pointer.slice(0, end))) return true;
  return false;
}

/** A finding whose fix is not certain keeps it as a suggestion for a human to weigh. */
function asSuggestion(finding: Finding): Finding {
  const { fix, ...rest } = finding;
  return fix ? { ...rest, suggestions: [...(rest.suggestions ?? []), fix] } : finding;
}

/**
 * A fix is offered only when it is certainly right: the member it renames is not defined where it
 * is and the new name is (members.ts, per object), and the payload with every fix applied validates
 * no worse, which this checks with one more validation, only for payloads that have fixes.
 *
 * No worse: the renamed value fits its new name (no error at the renamed member itself: renaming
 * `intent: "order"` to an array member would be a second mistake), and no more errors outside the
 * renamed members than before. What a rename reveals inside the member it renames (a misspelt
 * parent hid its children from every check) is the payload's own, not the fix's. A fix that fails
 * the check, or every fix when the failure cannot be pinned on one, becomes a suggestion.
 */
export function verifiedFixes(payload: unknown, findings: readonly Finding[], revalidate: (payload: unknown) => readonly Finding[]): Finding[] {
  const fixes = findings.flatMap((f) => (f.fix ? [f.fix] : []));
  const fixed = applyRenames(payload, fixes);
  if (fixed === undefined) return findings.map(asSuggestion);
  const after = revalidate(fixed).filter(isError);
  const landings = fixes.map((fix) => renamedPointer(fix.pointer, fix.to));
  // Sets, not a scan of one list per item of the other: a thousand fixes and a thousand findings
  // after them made a million comparisons (and as many strings) per validation.
  const errorAt = new Set(after.map((f) => f.pointer));
  const failed = new Set(fixes.filter((_, i) => errorAt.has(landings[i]!)));
  const landed = new Set(landings);
  const outside = after.filter((f) => !insideAny(f.pointer, landed));
  // Counted with what summaries hold back, so capped lists compare as the full ones would.
  const errors = (list: readonly Finding[]) => list.reduce((n, f) => n + (isError(f) ? weight(f) : 0), 0);
  const worse = errors(outside) > errors(findings);
  if (worse && failed.size === 0) return findings.map(asSuggestion);
  return findings.map((f) => (f.fix && failed.has(f.fix) ? asSuggestion(f) : f));
}
