import type { At, Schema, SchemaStore } from './store.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const asSchema = (v: unknown): Schema | undefined => (isObject(v) ? v : undefined);

/** Whether `value` satisfies an `if` of the schemas' dispatch form: required members and `const`s. */
function matchesIf(condition: Schema, value: unknown): boolean {
  if (!isObject(value)) return false;
  for (const name of (condition.required as string[] | undefined) ?? []) if (!(name in value)) return false;
  for (const [name, sub] of Object.entries(asSchema(condition.properties) ?? {})) {
    const constant = asSchema(sub)?.const;
    if (constant !== undefined && name in value && value[name] !== constant) return false;
  }
  return true;
}

/**
 * The schemas that apply to `value` at a place, with every indirection followed: `$ref`, `allOf`,
 * `anyOf`/`oneOf` (all alternatives: hover and completion offer what any of them allows), an
 * `if`/`then`/`else` decided on the value (the FHIR resource dispatch), and a place that holds any
 * FHIR resource (`cdxResource`) as the R4 definition of the value's resourceType. The node itself
 * comes first, so its own description wins over that of what it refers to.
 */
export function expand(store: SchemaStore, at: At, value: unknown, seen = new Set<Schema>()): At[] {
  if (seen.has(at.schema)) return [];
  seen.add(at.schema);
  const out: At[] = [at];
  const { schema, base } = at;
  const follow = (next: At | undefined) => {
    if (next) for (const found of expand(store, next, value, seen)) out.push(found);
  };
  if (typeof schema.$ref === 'string') follow(store.ref(schema.$ref, base));
  for (const keyword of ['allOf', 'anyOf', 'oneOf']) {
    for (const sub of (schema[keyword] as unknown[] | undefined) ?? []) if (isObject(sub)) follow({ schema: sub, base });
  }
  const condition = asSchema(schema.if);
  if (condition) {
    const branch = asSchema(matchesIf(condition, value) ? schema.then : schema.else);
    if (branch) follow({ schema: branch, base });
  }
  if (schema.cdxResource === true && isObject(value) && typeof value.resourceType === 'string') follow(store.resource(value.resourceType));
  return out;
}

/** A patternProperties pattern against a member name; a pattern JavaScript cannot compile matches nothing. */
function matches(pattern: string, name: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(name);
  } catch {
    return false;
  }
}

/** The schemas of a member or item of a value whose schemas are `parents`. */
export function child(store: SchemaStore, parents: readonly At[], key: string | number, value: unknown): At[] {
  const out: At[] = [];
  for (const { schema, base } of parents) {
    const index = typeof key === 'number' ? key : /^\d+$/.test(key) ? Number(key) : undefined;
    if (index !== undefined) {
      const prefix = schema.prefixItems as unknown[] | undefined;
      const item = asSchema(prefix?.[index]) ?? asSchema(schema.items);
      if (item) out.push(...expand(store, { schema: item, base }, value));
      continue;
    }
    const named = asSchema(asSchema(schema.properties)?.[String(key)]);
    if (named) out.push(...expand(store, { schema: named, base }, value));
    for (const [pattern, sub] of Object.entries(asSchema(schema.patternProperties) ?? {})) {
      if (isObject(sub) && matches(pattern, String(key))) out.push(...expand(store, { schema: sub, base }, value));
    }
  }
  return out;
}

/** The schemas at `path` in a payload of the kind whose root schema is `root`. */
export function schemasAt(store: SchemaStore, root: At, payload: unknown, path: readonly (string | number)[]): At[] {
  let value = payload;
  let ats = expand(store, root, value);
  for (const key of path) {
    value = isObject(value) || Array.isArray(value) ? (value as Record<string | number, unknown>)[key] : undefined;
    ats = child(store, ats, key, value);
    if (ats.length === 0) break;
  }
  return ats;
}

/** A member an object's schemas define, with the schemas of its value and whether one of them requires it. */
export interface Member {
  name: string;
  ats: At[];
  required: boolean;
}

/** Every member the schemas of an object define, in the order the schemas list them. */
export function membersOf(store: SchemaStore, ats: readonly At[], value: unknown): Member[] {
  const members = new Map<string, Member>();
  for (const { schema, base } of ats) {
    const required = new Set((schema.required as string[] | undefined) ?? []);
    for (const [name, sub] of Object.entries(asSchema(schema.properties) ?? {})) {
      if (!isObject(sub)) continue;
      const member = members.get(name) ?? { name, ats: [], required: false };
      const memberValue = isObject(value) ? value[name] : undefined;
      member.ats.push(...expand(store, { schema: sub, base }, memberValue));
      member.required ||= required.has(name);
      members.set(name, member);
    }
    for (const name of required) if (members.has(name)) members.get(name)!.required = true;
  }
  return [...members.values()];
}

/** What the schemas say about a value, gathered from all of them: the first of each note wins. */
export interface Notes {
  description?: string;
  title?: string;
  types: string[];
  /** `enum` and `const` values: what may be written. */
  values: unknown[];
  format?: string;
  label?: string;
  beta: boolean;
  noDataOnDemand: boolean;
  variantOf?: string;
}

export function notesOf(ats: readonly At[]): Notes {
  const notes: Notes = { types: [], values: [], beta: false, noDataOnDemand: false };
  const seen = new Set<string>();
  for (const { schema } of ats) {
    if (notes.description === undefined && typeof schema.description === 'string') notes.description = schema.description;
    if (notes.title === undefined && typeof schema.title === 'string') notes.title = schema.title;
    if (notes.format === undefined && typeof schema.format === 'string') notes.format = schema.format;
    if (notes.label === undefined && typeof schema.cdxLabel === 'string') notes.label = schema.cdxLabel;
    if (notes.variantOf === undefined && typeof schema.cdxVariantOf === 'string') notes.variantOf = schema.cdxVariantOf;
    notes.beta ||= schema.cdxBeta === true;
    notes.noDataOnDemand ||= schema.cdxNoDataOnDemand === true;
    for (const type of ([] as unknown[]).concat(schema.type ?? [])) if (typeof type === 'string' && !notes.types.includes(type)) notes.types.push(type);
    const values = 'const' in schema ? [schema.const] : Array.isArray(schema.enum) ? schema.enum : [];
    for (const v of values) {
      const key = JSON.stringify(v);
      if (seen.has(key)) continue;
      seen.add(key);
      notes.values.push(v);
    }
  }
  return notes;
}
