// Shared by the property tests: run counts and seed from the environment, arbitraries for JSON
// texts with hostile member names and numbers, mutations of the valid examples, and the oracles
// (does a pointer resolve, which members does a schema require unconditionally).
import fc from 'fast-check';
import { join } from 'node:path';
import { dereference } from '../../../../scripts/lib/resolve.mjs';
import { loadSchemas } from '../../../../scripts/lib/schemas.mjs';
import { listKinds, type KindId } from '../../src/index.js';
import { examplesDir, kindFile, kindsWithExamples, readJson, repoRoot } from './cases.js';
import { parsePointer } from '../../src/finding.js';

/**
 * Runs per property. The default keeps `pnpm test` fast; `pnpm fuzz` raises it (CDX_FUZZ_RUNS).
 * The seed is fixed so a run is reproducible; fast-check prints seed and path of any failure,
 * and CDX_FUZZ_SEED replays it.
 */
export const FUZZ_RUNS = Number(process.env.CDX_FUZZ_RUNS ?? 300);
export const FUZZ_SEED = Number(process.env.CDX_FUZZ_SEED ?? 20260301);

export function fuzzParameters<T>(offset = 0): fc.Parameters<T> {
  return { numRuns: FUZZ_RUNS, seed: FUZZ_SEED + offset, endOnFailure: true };
}

/** A hang guard only, never a budget: 50 times a case's usual cost, and never under the suites' 10 minutes. */
export function fuzzTimeout(msPerRun = 2): number {
  return Math.max(600_000, FUZZ_RUNS * msPerRun * 50);
}

// --- JSON texts -------------------------------------------------------------------------------

/** Member names that have broken JavaScript code before, and the names rules look at. */
const SPECIAL_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'Meta',
  'DataModel',
  'EventType',
  'resourceType',
  'entry',
  'resource',
  'fullUrl',
  'reference',
  '',
  '/',
  '~',
  'a/b~c',
];
/** Number spellings JSON.parse reads lossily: out of range, negative zero, beyond 2^53. */
const SPECIAL_NUMBERS = ['1e400', '-1e400', '-0', '0.0', '12345678901234567890', '-98765432109876543210', '1e-400', '5e-324'];

export const keyArbitrary = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  { weight: 1, arbitrary: fc.constantFrom(...SPECIAL_KEYS) },
);

const scalarText = fc.oneof(
  fc.constant('null'),
  fc.constant('true'),
  fc.constant('false'),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => JSON.stringify(n)),
  fc.constantFrom(...SPECIAL_NUMBERS),
  // `binary` strings include lone surrogates and control characters; JSON.stringify escapes them.
  fc.string({ unit: 'binary', maxLength: 30 }).map((s) => JSON.stringify(s)),
);

/**
 * JSON text of an arbitrary value whose objects may repeat a member name and use `__proto__`
 * and friends as names: text, so that JSON.parse makes them own members as a real payload has.
 */
export const jsonTextArbitrary: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalarText,
    fc.array(tie('value'), { maxLength: 5 }).map((items) => `[${items.join(',')}]`),
    fc.array(fc.tuple(keyArbitrary, tie('value')), { maxLength: 6 }).map((members) => `{${members.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`),
  ),
})).value;

// --- Pointers ---------------------------------------------------------------------------------

export function pointerOf(tokens: readonly (string | number)[]): string {
  return tokens.map((t) => `/${String(t).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/**
 * Whether a finding's pointer is usable: it names a value in the payload, or a member missing
 * from an object that is there (a required member, say). Own members only.
 */
export function resolvesInPayload(payload: unknown, pointer: string): boolean {
  const tokens = parsePointer(pointer);
  let node: unknown = payload;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (Array.isArray(node)) {
      if (!/^(0|[1-9]\d*)$/.test(token) || Number(token) >= node.length) return false;
      node = node[Number(token)];
    } else if (typeof node === 'object' && node !== null) {
      if (!Object.hasOwn(node, token)) return i === tokens.length - 1;
      node = (node as Record<string, unknown>)[token];
    } else return false;
  }
  return true;
}

/** Every value's path in a payload, root first (paths as token lists). */
export function pathsOf(value: unknown): (string | number)[][] {
  const out: (string | number)[][] = [];
  const stack: [unknown, (string | number)[]][] = [[value, []]];
  while (stack.length > 0) {
    const [node, path] = stack.pop()!;
    out.push(path);
    if (Array.isArray(node)) node.forEach((child, i) => stack.push([child, [...path, i]]));
    else if (typeof node === 'object' && node !== null) for (const [k, child] of Object.entries(node)) stack.push([child, [...path, k]]);
  }
  return out;
}

export function valueAt(root: unknown, path: readonly (string | number)[]): unknown {
  let node = root;
  for (const t of path) node = (node as Record<string | number, unknown>)[t];
  return node;
}

// --- The valid examples and their mutations -----------------------------------------------------

export interface Example {
  kind: KindId;
  payload: unknown;
}

export const examples: Example[] = kindsWithExamples(listKinds()).map((k) => ({
  kind: k.id,
  payload: readJson(join(examplesDir, 'valid', `${kindFile(k.id)}.json`)),
}));

export type MutationOp = 'delete' | 'rename' | 'retype' | 'duplicate' | 'reference' | 'graft';

export interface Mutation {
  example: Example;
  op: MutationOp;
  /** The path the mutation is about (for `rename`, the member's old name). */
  path: (string | number)[];
  payload: unknown;
}

/** Values of another JSON type than the one at hand. */
const RETYPED: Record<string, unknown[]> = {
  string: [1.5, true, null, {}, []],
  number: ['x', true, null, {}, []],
  boolean: ['x', 1.5, null, {}, []],
  null: ['x', 1.5, true, {}, []],
  object: ['x', 1.5, true, null, []],
  array: ['x', 1.5, true, null, {}],
};

export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** One edit of a name: insert, delete or replace one character. */
function editName(name: string, n: number, char: string): string {
  const at = name.length === 0 ? 0 : n % (name.length + 1);
  switch (n % 3) {
    case 0:
      return name.slice(0, at) + char + name.slice(at);
    case 1:
      return name.length > 0 ? name.slice(0, Math.min(at, name.length - 1)) + name.slice(Math.min(at, name.length - 1) + 1) : char;
    default:
      return name.length > 0 ? name.slice(0, Math.min(at, name.length - 1)) + char + name.slice(Math.min(at, name.length - 1) + 1) : char;
  }
}

/** Renames a member in place, keeping member order (JSON.parse order, as a file has it). */
function renameMember(object: Record<string, unknown>, from: string, to: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(object))
    Object.defineProperty(out, k === from ? to : k, { value: v, enumerable: true, writable: true, configurable: true });
  return out;
}

function setAt(root: unknown, path: readonly (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const parent = valueAt(root, path.slice(0, -1)) as Record<string | number, unknown>;
  parent[path.at(-1)!] = value;
  return root;
}

const isReference = (path: readonly (string | number)[], value: unknown) =>
  typeof value === 'string' && (path.at(-1) === 'reference' || path.at(-1) === 'fullUrl' || value.startsWith('urn:uuid:'));

/** One edit, decided by a few numbers so fast-check can shrink it. */
interface Edit {
  op: MutationOp | 'inherit';
  p: number;
  n: number;
  char: string;
  graft: string;
}

const editArbitrary = (ops: readonly (MutationOp | 'inherit')[]): fc.Arbitrary<Edit> =>
  fc.record({
    op: fc.constantFrom(...ops),
    p: fc.nat(),
    n: fc.nat(),
    char: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }),
    graft: jsonTextArbitrary,
  });

/**
 * Applies one edit to a payload (in place where it can): returns the payload and the path edited.
 * `inherit` moves one member of an object onto that object's prototype: a hand-built object
 * JSON.parse never makes, which a strict twin must not accept where the schema would not.
 */
function applyEdit(payload: unknown, { op, p, n, char, graft }: Edit): { path: (string | number)[]; payload: unknown } {
  const paths = pathsOf(payload);
  const members = paths.filter((path) => path.length > 0 && typeof path.at(-1) === 'string');
  const items = paths.filter((path) => typeof path.at(-1) === 'number');
  const references = paths.filter((path) => isReference(path, valueAt(payload, path)));
  const pick = <T>(list: T[], fallback: T) => (list.length > 0 ? list[p % list.length]! : fallback);
  switch (op) {
    case 'delete': {
      const path = pick(members, []);
      if (path.length > 0) delete (valueAt(payload, path.slice(0, -1)) as Record<string, unknown>)[path.at(-1) as string];
      return { path, payload };
    }
    case 'rename': {
      const path = pick(members, []);
      if (path.length === 0) return { path, payload };
      const from = path.at(-1) as string;
      const parent = valueAt(payload, path.slice(0, -1)) as Record<string, unknown>;
      return { path, payload: setAt(payload, path.slice(0, -1), renameMember(parent, from, editName(from, n, char))) };
    }
    case 'retype': {
      const path = pick(paths, []);
      const choices = RETYPED[jsonType(valueAt(payload, path))]!;
      return { path, payload: setAt(payload, path, structuredClone(choices[n % choices.length])) };
    }
    case 'duplicate': {
      const path = pick(items, []);
      if (path.length > 0) (valueAt(payload, path.slice(0, -1)) as unknown[]).push(structuredClone(valueAt(payload, path)));
      return { path, payload };
    }
    case 'reference': {
      const path = pick(references, []);
      if (path.length === 0) return { path, payload };
      const value = valueAt(payload, path) as string;
      const broken = n % 2 === 0 ? 'urn:uuid:00000000-0000-4000-8000-000000000000' : editName(value, n, char);
      return { path, payload: setAt(payload, path, broken) };
    }
    case 'graft': {
      const path = pick(paths, []);
      return { path, payload: setAt(payload, path, JSON.parse(graft)) };
    }
    case 'inherit': {
      const objects = paths.filter((path) => jsonType(valueAt(payload, path)) === 'object');
      if (objects.length === 0) return { path: [], payload };
      const path = pick(objects, []);
      const object = valueAt(payload, path) as Record<string, unknown>;
      const names = Object.keys(object);
      if (names.length === 0) return { path, payload };
      const moved = names[n % names.length]!;
      const { [moved]: value, ...rest } = object;
      return { path, payload: setAt(payload, path, Object.assign(Object.create({ [moved]: value }), rest)) };
    }
  }
}

/** A mutation of one valid example, decided by a few numbers so fast-check can shrink it. */
export const mutationArbitrary: fc.Arbitrary<Mutation> = fc
  .record({ example: fc.nat(), edit: editArbitrary(['delete', 'rename', 'retype', 'duplicate', 'reference', 'graft']) })
  .map(({ example: e, edit }) => {
    const example = examples[e % examples.length]!;
    const { path, payload } = applyEdit(structuredClone(example.payload), edit);
    return { example, op: edit.op as MutationOp, path, payload };
  });

/**
 * One to three edits of one of `bases`, objects moved onto prototypes among them: what the strict
 * twins' differential test feeds to a twin and its canonical validator.
 */
export function editsOf(bases: readonly Example[]): fc.Arbitrary<{ example: Example; payload: unknown }> {
  return fc
    .record({
      base: fc.nat(),
      edits: fc.array(editArbitrary(['delete', 'rename', 'retype', 'duplicate', 'reference', 'graft', 'inherit']), { minLength: 1, maxLength: 3 }),
    })
    .map(({ base, edits }) => {
      const example = bases[base % bases.length]!;
      let payload: unknown = structuredClone(example.payload);
      for (const edit of edits) payload = applyEdit(payload, edit).payload;
      return { example, payload };
    });
}

// --- What the schemas require ------------------------------------------------------------------

type Schema = Record<string, unknown>;

/** A schema and its allOf parts, recursively: what applies unconditionally at one place. */
function unconditional(schema: unknown, out: Schema[] = [], seen = new Set<unknown>()): Schema[] {
  if (typeof schema !== 'object' || schema === null || seen.has(schema)) return out;
  seen.add(schema);
  out.push(schema as Schema);
  for (const part of ((schema as Schema).allOf as unknown[] | undefined) ?? []) unconditional(part, out, seen);
  return out;
}

export interface Requirement {
  /** The member must be present whatever else the payload holds. */
  required: boolean;
  /** The `type` of each schema that applies to it unconditionally (all must hold). */
  typeSets: Set<string>[];
}

const dereferenced = new Map<string, Promise<unknown>>();
const entries = loadSchemas(join(repoRoot, 'schemas'));

/** The kind's schema with every $ref resolved (circular ones stay shared objects). */
export function schemaOf(kindId: string): Promise<unknown> {
  let schema = dereferenced.get(kindId);
  if (!schema) {
    const kind = listKinds().find((k) => k.id === kindId)!;
    const entry = entries.find((e) => e.id === kind.schemaId)!;
    schema = dereference(entry, entries);
    dereferenced.set(kindId, schema);
  }
  return schema;
}

/**
 * What the schema requires of the member or item at `path`, following only properties, items
 * and allOf: a member required inside anyOf, oneOf or if/then is not required as such.
 */
export function requirementAt(schema: unknown, path: readonly (string | number)[]): Requirement | undefined {
  let parts = unconditional(schema);
  for (let i = 0; i < path.length; i++) {
    const token = path[i]!;
    const next =
      typeof token === 'number'
        ? parts.map((s) => s.items).filter((s) => typeof s === 'object' && s !== null)
        : parts.map((s) => (s.properties as Record<string, unknown> | undefined)?.[token]).filter((s) => s !== undefined);
    if (next.length === 0) return undefined;
    const childParts = next.flatMap((s) => unconditional(s));
    if (i === path.length - 1) {
      const required = typeof token === 'string' && parts.some((s) => Array.isArray(s.required) && s.required.includes(token));
      const typeSets = childParts.filter((s) => s.type !== undefined).map((s) => new Set(([] as unknown[]).concat(s.type).map(String)));
      return { required, typeSets };
    }
    parts = childParts;
  }
  return undefined;
}

/** Whether every unconditional `type` admits the value (undefined when the schema names none). */
export function typeAllowed(requirement: Requirement, value: unknown): boolean | undefined {
  if (requirement.typeSets.length === 0) return undefined;
  const type = jsonType(value);
  return requirement.typeSets.every((set) => set.has(type) || (type === 'number' && Number.isInteger(value) && set.has('integer')));
}
