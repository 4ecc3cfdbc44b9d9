// How the native checks (native-typed.ts, native-resources.ts, native-datatypes.ts,
// native-workflow.ts) read a member the way FHIRPath does: a primitive is there when it has a value or
// only its extensions (`_name`), a list when it has items, a choice (`value[x]`) in any of its types.
import { isObject } from '../../json.js';

export type Json = Readonly<Record<string, unknown>>;

/**
 * A native check of a constraint on an element (an object, or a primitive's value); `resource` is
 * FHIRPath's `%resource`. False where the constraint fails, true where it holds (or FHIRPath gives
 * empty), undefined where the code cannot tell and FHIRPath evaluates the expression.
 */
export type NativeCheck = (node: unknown, resource: Json) => boolean | undefined;

/** Whether a member is there: its value or, for a primitive, its `_name` (FHIRPath's exists()). */
export const has = (node: Json, name: string): boolean => node[name] !== undefined || node[`_${name}`] !== undefined;

/** A member's items, a single value as one. */
export const items = (value: unknown): readonly unknown[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** FHIRPath's exists() of a member: a value (a non-empty list), or a primitive's `_name`. */
export const exists = (node: Json, name: string): boolean => {
  const value = node[name];
  return (Array.isArray(value) ? value.length > 0 : value !== undefined) || node[`_${name}`] !== undefined;
};

/** A choice member (`defaultValue[x]`) is there in any of its types. */
export function hasChoice(node: Json, name: string): boolean {
  for (const key in node) {
    const bare = key.charCodeAt(0) === 95 ? key.slice(1) : key;
    if (bare.length > name.length && bare.startsWith(name)) {
      const c = bare.charCodeAt(name.length);
      if (c >= 65 && c <= 90) return true;
    }
  }
  return false;
}

/**
 * A primitive member's string value, as FHIRPath compares it: null when the member is absent
 * altogether (a comparison with it is empty), undefined when it has only its extensions or is no
 * string (the caller leaves the expression to FHIRPath).
 */
export function text(node: Json, name: string): string | null | undefined {
  const value = node[name];
  if (typeof value === 'string') return value;
  return value === undefined && node[`_${name}`] === undefined ? null : undefined;
}

/**
 * A code member compared with literals where the rest of the expression could not decide (`kind != 'x' or …`,
 * `mode = 'fixed' implies …`): `holds(code)` for a string; true for an absent member, whose comparison is
 * empty and fails nothing; undefined for one given only as extensions or of another type (FHIRPath's).
 */
export function codeHolds(node: unknown, name: string, holds: (code: string) => boolean): boolean | undefined {
  const code = text(node as Json, name);
  return typeof code === 'string' ? holds(code) : code === null ? true : undefined;
}

/** A JSON object (not an array). */
export { isObject };

/** A list member's count, as FHIRPath's count(): undefined for a list of anything but objects. */
export function count(node: Json, name: string): number | undefined {
  const value = node[name];
  if (value === undefined) return 0;
  return Array.isArray(value) && value.every(isObject) ? value.length : undefined;
}

/** A CodeableConcept's codings (none when it or its `coding` is absent); undefined when either is of another shape. */
export function codingsOf(concept: unknown): readonly Json[] | undefined {
  if (concept === undefined) return [];
  if (!isObject(concept)) return undefined;
  const list = concept.coding;
  if (list === undefined) return [];
  return Array.isArray(list) && list.every(isObject) ? list : undefined;
}

/** `concept.coding.where(system = … and code in codes).exists()`: a coding with both, as strings. */
export function hasCoding(concept: unknown, system: string, codes: readonly string[]): boolean | undefined {
  return codingsOf(concept)?.some((c) => c.system === system && typeof c.code === 'string' && codes.includes(c.code));
}

/**
 * The objects a path of list members reaches (`group.stratifier`), as FHIRPath collects them;
 * undefined when a step holds anything but objects (FHIRPath's to read).
 */
export function objectsAt(node: Json, path: readonly string[]): readonly Json[] | undefined {
  let level: readonly Json[] = [node];
  for (const name of path) {
    const next: Json[] = [];
    for (const at of level) {
      for (const item of items(at[name])) {
        if (!isObject(item)) return undefined;
        next.push(item);
      }
    }
    level = next;
  }
  return level;
}

/** An R4 date or a dateTime to the second with an offset, without fractional seconds. */
const DATE_OR_SECONDS = /^\d{4}(?:-\d{2}(?:-\d{2}(?:T\d{2}:\d{2}:\d{2}(?:Z|[+-]\d{2}:\d{2}))?)?)?$/;

/**
 * FHIRPath's `earlier <= later` of two dates or dateTimes where the texts decide it: two values of
 * one precision and one offset compare as their characters do. Other pairs (precisions or offsets
 * that differ, fractions of a second) are FHIRPath's to compare: undefined.
 */
export function notAfter(earlier: string, later: string): boolean | undefined {
  if (earlier.length !== later.length || !DATE_OR_SECONDS.test(earlier) || !DATE_OR_SECONDS.test(later)) return undefined;
  if (earlier.length > 19 && earlier.slice(19) !== later.slice(19)) return undefined;
  return earlier <= later;
}

/** `a or b` of two members' exists(). */
export const either =
  (a: string, b: string): NativeCheck =>
  (node) =>
    exists(node as Json, a) || exists(node as Json, b);

/** `a.empty() or b.exists()` (also `a.exists() implies b.exists()`). */
export const needs =
  (a: string, b: string): NativeCheck =>
  (node) =>
    !exists(node as Json, a) || exists(node as Json, b);

/** `a.empty() or b.empty()`: not both. */
export const notBoth =
  (a: string, b: string): NativeCheck =>
  (node) =>
    !exists(node as Json, a) || !exists(node as Json, b);

/** `a.exists() xor b.exists()` (also `a.exists() != b.exists()`). */
export const oneOf =
  (a: string, b: string): NativeCheck =>
  (node) =>
    exists(node as Json, a) !== exists(node as Json, b);
