// How the native checks read a member the way FHIRPath does (native-typed.ts, native-resources.ts):
// a primitive is there when it has a value or only its extensions (`_name`), a list when it has items,
// a choice (`value[x]`) in any of its types.

export type Json = Readonly<Record<string, unknown>>;

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
