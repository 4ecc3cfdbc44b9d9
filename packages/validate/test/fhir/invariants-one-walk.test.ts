// fhir-invariant walks a schema-clean payload once: the native checks (ele-1, ext-1, dom-2…dom-5) ride
// on the typed walk the FHIRPath invariants use. Differential: on every official R4 example and on
// copies broken at seeded places (empty elements, `_x` siblings, extensions with both or neither,
// contained resources, members R4 does not define), the one walk reports what the two walks report
// (the untyped native walk, then the typed FHIRPath walk), in the same order.
import { describe, expect, it } from 'vitest';
import { fhirPathEngine } from '../../src/fhir/invariants/engine.js';
import { checkFhirPathInvariants, checkInvariants } from '../../src/fhir/invariants/fhirpath.js';
import { checkNativeInvariants } from '../../src/fhir/invariants/native.js';
import { fhirPathInvariants } from '../../src/fhir/invariants/table.js';
import '../../src/index.js';
import { r4Examples, readR4Example } from './support.js';

type Json = Record<string, any>;

function twoWalks(payload: unknown, warnings: boolean): string[] {
  const out: string[] = [];
  checkNativeInvariants(payload, (key, pointer) => out.push(`${key} ${pointer}`));
  checkFhirPathInvariants(
    payload,
    fhirPathInvariants(warnings),
    fhirPathEngine()!,
    (inv, pointer) => out.push(`${inv.key} ${pointer}`),
    (binding, pointer) => out.push(`binding ${binding.valueSet} ${pointer}`),
  );
  return out;
}

function oneWalk(payload: unknown, warnings: boolean): string[] {
  const out: string[] = [];
  checkInvariants(
    payload,
    fhirPathInvariants(warnings),
    fhirPathEngine()!,
    (key, pointer) => out.push(`${key} ${pointer}`),
    (inv, pointer) => out.push(`${inv.key} ${pointer}`),
    (binding, pointer) => out.push(`binding ${binding.valueSet} ${pointer}`),
  );
  return out;
}

/** A small seeded generator (mulberry32): the same copies on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every object of a resource (arrays' items included) with its parent and key. */
function objects(node: unknown, into: [Json, string | number, Json][] = [], parent?: Json, key?: string | number): [Json, string | number, Json][] {
  if (Array.isArray(node)) node.forEach((item, i) => objects(item, into, node, i));
  else if (typeof node === 'object' && node !== null) {
    if (parent !== undefined) into.push([parent, key!, node]);
    for (const k of Object.keys(node)) objects((node as Json)[k], into, node, k);
  }
  return into;
}

const firstString = (node: Json): string | undefined => Object.keys(node).find((k) => typeof node[k] === 'string' && k !== 'resourceType');

/** Mistakes the native checks and the typed walk see differently, each planted at a chosen object. */
const MUTATIONS: ((target: Json, parent: Json, key: string | number, next: () => number, root: Json) => void)[] = [
  (_t, parent, key) => void (parent[key] = {}),
  (_t, parent, key) => void (parent[key] = { id: 'x' }),
  // An `id` that is itself an object: of an otherwise empty element (ele-1 there, nothing below), and of one with members.
  (_t, parent, key) => void (parent[key] = { id: { id: {} } }),
  (t) => void (t.id = { extension: [{}] }),
  (t) => {
    const name = firstString(t);
    if (name) t[`_${name}`] = { id: 'a' };
    else t._made = { id: 'a' };
  },
  (t) => void (t._absent = { id: 'a' }),
  (t) => {
    const name = firstString(t);
    if (name) {
      t[name] = [t[name], null];
      t[`_${name}`] = [null, { id: 'b' }, {}];
    }
  },
  (t) =>
    void (t.extension = [{ url: 'http://example.org/a', valueString: 'v', extension: [{ url: 'http://example.org/b', valueBoolean: true }] }, { url: 'x' }]),
  (t) => void (t.modifierExtension = [{}, { url: 'http://example.org/c', _valueCode: { id: 'y' } }]),
  (t) => void (t.extension = [{ url: 'http://example.org/d', valuePeriod: { start: '2021', end: '2020' }, _valueString: {} }]),
  (t) => void (t.unknownMember = { deeper: {}, extension: [{ url: 'u' }], contained: [{ resourceType: 'Basic', contained: [{}] }] }),
  (t) => void (t.resourceType = 'Basic'),
  (t) => void (t.resourceType = 42),
  (t) => void (t.contained = [{ resourceType: 'Organization', id: 'c1', meta: { versionId: '1', security: [{}] }, contained: [{ resourceType: 'Basic' }] }]),
  (_t, _p, _k, _n, root) => {
    (root.contained ??= []).push(
      { resourceType: 'Organization', id: 'c1', meta: { versionId: '1', lastUpdated: '2020-01-01T00:00:00Z', security: [{ code: 'R' }] } },
      { resourceType: 'Basic', id: 'c2', contained: [{ resourceType: 'Basic', id: 'c3', contained: [{}] }], extension: [{}] },
    );
  },
  (t, _p, _k, next) => {
    const name = Object.keys(t).filter((k) => typeof t[k] === 'object')[Math.floor(next() * 3)];
    if (name) t[name] = Array.isArray(t[name]) ? [...(t[name] as unknown[]), [], 'text', 7] : 'text';
  },
  (t) => {
    const name = firstString(t);
    if (name) t[name] = { value: t[name] };
  },
];

describe('fhir-invariant: one typed walk gives what the native and FHIRPath walks give', () => {
  const files = r4Examples();

  it('on every official R4 example', () => {
    const differ: string[] = [];
    for (const file of files) {
      const resource = readR4Example(file);
      const [one, two] = [oneWalk(resource, false), twoWalks(resource, false)];
      if (JSON.stringify(one) !== JSON.stringify(two)) differ.push(`${file}: ${JSON.stringify(one)} ≠ ${JSON.stringify(two)}`);
    }
    expect(differ).toEqual([]);
  });

  it('with the best-practice constraints too', () => {
    const differ: string[] = [];
    for (const file of files.filter((_f, i) => i % 7 === 0)) {
      const resource = readR4Example(file);
      if (JSON.stringify(oneWalk(resource, true)) !== JSON.stringify(twoWalks(resource, true))) differ.push(file);
    }
    expect(differ).toEqual([]);
  });

  it('on copies broken at seeded places', () => {
    const next = random(25);
    const differ: string[] = [];
    let found = 0;
    const keys = new Set<string>();
    for (const file of files.filter((_f, i) => i % 6 === 0)) {
      const original = readR4Example(file);
      for (let m = 0; m < MUTATIONS.length; m++) {
        const resource = structuredClone(original) as Json;
        const places = objects(resource);
        if (places.length === 0) continue;
        const [parent, key, target] = places[Math.floor(next() * places.length)]!;
        MUTATIONS[m]!(target, parent, key, next, resource);
        const [one, two] = [oneWalk(resource, false), twoWalks(resource, false)];
        found += two.length;
        for (const f of two) keys.add(f.split(' ')[0]!);
        if (JSON.stringify(one) !== JSON.stringify(two)) differ.push(`${file} mutation ${m}: ${JSON.stringify(one)} ≠ ${JSON.stringify(two)}`);
      }
    }
    expect(differ.slice(0, 5)).toEqual([]);
    // The copies do break the native checks (and others): the comparison is not between two silences.
    expect(found).toBeGreaterThan(1000);
    expect([...keys]).toEqual(expect.arrayContaining(['ele-1', 'ext-1', 'dom-2', 'dom-3', 'dom-4', 'dom-5', 'per-1']));
  });
});
