// The seeded mutation test: realistic mistakes planted in copies of official R4 examples (one of each
// of at least 30 resource types), each of which a FHIR server refuses. Every mistake must be caught as
// an error, by the rule that owns it, at the pointer of the mistake. The detection rate per class is
// printed. The examples are chosen deterministically: per resource type, the first valid example
// (sorted by file name) with a top-level Reference whose element R4 restricts to some types.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validate } from '../../src/index.js';
import { R4_REFERENCES } from '../../src/generated/r4-references.js';
import { INVALID_R4, NOT_ON_VALID_R4 } from './invalid-r4.js';
import { r4Examples, readR4Example, repoRoot } from './support.js';

/** The members R4 requires of a resource type (its derived schema's `required`). */
const requiredOf = (type: string): string[] =>
  ((JSON.parse(readFileSync(join(repoRoot, `schemas/fhir/r4/${type}.schema.json`), 'utf8')) as { required?: string[] }).required ?? []).filter(
    (m) => m !== 'resourceType',
  );

type Json = Record<string, unknown>;
const clone = <T>(value: T): T => structuredClone(value);
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A resource's first top-level Reference (one object, or the first of an array) whose element R4 restricts. */
interface Site {
  readonly member: string;
  /** Pointer of the Reference object. */
  readonly at: string;
  readonly targets: readonly string[];
  get(resource: Json): Json;
}

function referenceSite(resource: Json): Site | undefined {
  const table = R4_REFERENCES[String(resource.resourceType)] ?? {};
  for (const member of Object.keys(resource).sort()) {
    const targets = table[member];
    if (!Array.isArray(targets) || targets.length === 0 || targets.length > 20) continue;
    const value = resource[member];
    const first = Array.isArray(value) ? (value[0] as unknown) : value;
    if (!isObject(first) || typeof first.reference !== 'string' || first.reference.startsWith('#')) continue;
    const many = Array.isArray(value);
    return {
      member,
      at: many ? `/${member}/0` : `/${member}`,
      targets,
      get: (r) => (many ? (r[member] as Json[])[0]! : (r[member] as Json)),
    };
  }
  return undefined;
}

/** A member name with two adjacent letters swapped that R4 does not define for this resource (`status` → `sattus`). */
function swapped(resource: Json): { from: string; to: string } | undefined {
  const defined = new Set(Object.keys(resource));
  for (const from of Object.keys(resource).sort()) {
    if (from === 'resourceType' || from.startsWith('_') || from.length < 4) continue;
    const to = from.slice(0, 1) + from.charAt(2) + from.charAt(1) + from.slice(3);
    if (to !== from && !defined.has(to)) return { from, to };
  }
  return undefined;
}

const renamed = (resource: Json, from: string, to: string): Json => Object.fromEntries(Object.entries(resource).map(([k, v]) => [k === from ? to : k, v]));
const FULL = 'urn:uuid:3f1a3c4d-5e6f-4a7b-8c8d-1e2f3a4b5c01';

/** A mistake: the payload with it, and where and by which rule it must be reported. */
interface Planted {
  readonly payload: unknown;
  readonly pointer: string;
  readonly ruleId: string;
}

/** The mistake classes. Each returns undefined when the example has nothing to plant it in. */
const CLASSES: Readonly<Record<string, (resource: Json, site: Site) => Planted | undefined>> = {
  'misspelt member (two letters swapped)': (r) => {
    const swap = swapped(r);
    return swap && { payload: renamed(r, swap.from, swap.to), pointer: `/${swap.to}`, ruleId: 'spelling-drift' };
  },
  'unknown member': (r) => ({ payload: { ...r, favouriteColour: 'blue' }, pointer: '/favouriteColour', ruleId: 'unknown-field' }),
  'unknown member inside a data type': (r, s) => {
    const copy = clone(r);
    s.get(copy).extra = 'x';
    return { payload: copy, pointer: `${s.at}/extra`, ruleId: 'unknown-field' };
  },
  'reference with a space (Patient 123)': (r, s) => {
    const copy = clone(r);
    s.get(copy).reference = `${s.targets[0]} 123`;
    return { payload: copy, pointer: `${s.at}/reference`, ruleId: 'fhir-reference' };
  },
  'reference with a lower-case type (patient/1)': (r, s) => {
    const copy = clone(r);
    s.get(copy).reference = `${s.targets[0]!.toLowerCase()}/1`;
    return { payload: copy, pointer: `${s.at}/reference`, ruleId: 'fhir-reference' };
  },
  'reference with a colon (Organization:f1)': (r, s) => {
    const copy = clone(r);
    s.get(copy).reference = `${s.targets[0]}:f1`;
    return { payload: copy, pointer: `${s.at}/reference`, ruleId: 'fhir-reference' };
  },
  'reference to a type R4 does not allow there': (r, s) => {
    const copy = clone(r);
    const wrong = ['Medication', 'Substance', 'Library'].find((t) => !s.targets.includes(t))!;
    s.get(copy).reference = `${wrong}/x`;
    return { payload: copy, pointer: `${s.at}/reference`, ruleId: 'fhir-reference' };
  },
  'malformed urn:uuid': (r, s) => {
    const copy = clone(r);
    s.get(copy).reference = 'urn:uuid:1234';
    return { payload: copy, pointer: `${s.at}/reference`, ruleId: 'fhir-reference' };
  },
  '#id naming no contained resource (ref-1)': (r, s) => {
    const copy = clone(r);
    delete copy.contained;
    s.get(copy).reference = '#missing';
    return { payload: copy, pointer: `${s.at}/reference`, ruleId: 'fhir-reference' };
  },
  'Reference.type that disagrees': (r, s) => {
    const copy = clone(r);
    const reference = s.get(copy);
    const other = ['Medication', 'Substance', 'Library'].find((t) => !s.targets.includes(t))!;
    reference.reference = `${s.targets[0]}/1`;
    reference.type = other;
    return { payload: copy, pointer: `${s.at}/type`, ruleId: 'fhir-reference' };
  },
  'malformed reference in an extension': (r) => ({
    payload: { ...r, extension: [{ url: 'http://example.org/fhir/StructureDefinition/x', valueReference: { reference: 'Patient 123' } }] },
    pointer: '/extension/0/valueReference/reference',
    ruleId: 'fhir-reference',
  }),
  'date that does not exist (February 30)': (r) => ({
    payload: { ...r, meta: { ...(isObject(r.meta) ? r.meta : {}), lastUpdated: '2026-02-30T10:00:00Z' } },
    pointer: '/meta/lastUpdated',
    ruleId: 'schema',
  }),
  'time that does not exist (25:61)': (r) => ({
    payload: { ...r, meta: { ...(isObject(r.meta) ? r.meta : {}), lastUpdated: '2026-03-01T25:61:00Z' } },
    pointer: '/meta/lastUpdated',
    ruleId: 'schema',
  }),
  'code outside its value set (status)': (r) =>
    typeof r.status === 'string' ? { payload: { ...r, status: 'not-a-status' }, pointer: '/status', ruleId: 'schema' } : undefined,
  'required member missing': (r) => {
    const member = requiredOf(String(r.resourceType)).find((m) => m in r);
    if (member === undefined) return undefined;
    const copy = clone(r);
    delete copy[member];
    return { payload: copy, pointer: `/${member}`, ruleId: 'schema' };
  },
  'wrong JSON type (id as a number)': (r) => ({ payload: { ...r, id: 123 }, pointer: '/id', ruleId: 'schema' }),
  'bad id': (r) => ({ payload: { ...r, id: 'a b' }, pointer: '/id', ruleId: 'schema' }),
  'duplicate fullUrl in a transaction (bdl-7)': (r) => ({
    payload: {
      resourceType: 'Bundle',
      type: 'transaction',
      entry: [0, 1].map(() => ({ fullUrl: FULL, resource: r, request: { method: 'POST', url: String(r.resourceType) } })),
    },
    pointer: '/entry/1/fullUrl',
    ruleId: 'fhir-bundle',
  }),
  "fullUrl naming another resource type than its resource's": (r) => ({
    payload: {
      resourceType: 'Bundle',
      type: 'collection',
      entry: [{ fullUrl: `https://example.org/fhir/${r.resourceType === 'Basic' ? 'Binary' : 'Basic'}/${String(r.id)}`, resource: r }],
    },
    pointer: '/entry/0/fullUrl',
    ruleId: 'fhir-bundle',
  }),
};

/** Per resource type, the first valid example with a restricted top-level Reference. */
function seeds(): [string, Json, Site][] {
  const byType = new Map<string, [string, Json, Site]>();
  for (const file of r4Examples()) {
    if (file in INVALID_R4) continue;
    const resource = readR4Example(file);
    const type = String(resource.resourceType);
    if (byType.has(type) || type === 'Bundle' || typeof resource.id !== 'string') continue;
    const site = referenceSite(resource);
    if (site) byType.set(type, [file, resource, site]);
  }
  return [...byType.values()];
}

describe('seeded mutations of the official R4 examples', () => {
  const chosen = seeds();
  const caught = new Map<string, { planted: number; caught: number }>();

  afterAll(() => {
    const lines = [...caught].map(([name, { planted, caught: n }]) => `  ${name}: ${n}/${planted} (${((100 * n) / planted).toFixed(0)}%)`);
    const total = [...caught.values()].reduce((a, c) => ({ planted: a.planted + c.planted, caught: a.caught + c.caught }), { planted: 0, caught: 0 });
    console.log(
      `Seeded mutations: ${chosen.length} resource types × ${Object.keys(CLASSES).length} classes, ${total.caught}/${total.planted} caught as errors at their pointer (${((100 * total.caught) / total.planted).toFixed(1)}%)\n${lines.join('\n')}`,
    );
  });

  it('covers at least 30 resource types and 12 mistake classes', () => {
    expect(chosen.length).toBeGreaterThanOrEqual(30);
    expect(Object.keys(CLASSES).length).toBeGreaterThanOrEqual(12);
  });

  it('every example is valid R4 before its mistakes are planted', () => {
    const dirty = chosen.flatMap(([file, resource]) =>
      validate(resource)
        .findings.filter((f) => NOT_ON_VALID_R4.has(f.ruleId))
        .map((f) => `${file} ${f.ruleId} ${f.pointer}`),
    );
    expect(dirty).toEqual([]);
  });

  it.each(Object.keys(CLASSES))('%s: caught as an error at its pointer in every type', (name) => {
    const missed: string[] = [];
    let planted = 0;
    for (const [file, resource, site] of chosen) {
      const mistake = CLASSES[name]!(clone(resource), site);
      if (!mistake) continue;
      planted++;
      const { findings } = validate(mistake.payload);
      const hit = findings.some((f) => f.severity === 'error' && f.ruleId === mistake.ruleId && f.pointer === mistake.pointer);
      if (!hit)
        missed.push(
          `${file}: want ${mistake.ruleId} at ${mistake.pointer}; got ${findings.map((f) => `${f.severity} ${f.ruleId} ${f.pointer}`).join(', ') || 'nothing'}`,
        );
    }
    caught.set(name, { planted, caught: planted - missed.length });
    expect(planted).toBeGreaterThanOrEqual(30);
    expect(missed).toEqual([]);
  });
});
