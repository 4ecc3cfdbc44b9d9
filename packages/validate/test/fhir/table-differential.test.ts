// The FHIR fast path as tables (src/fhir/table/) against the strict twins ajv compiles from the same
// schemas (./ajv-twins.ts): for every R4 type, the interpreter accepts exactly what the type's twin
// accepts and hands over the same references, in the same order, with the same completeness.
// Checked on all official R4 examples (and the fixtures of the types without one), every resource
// in them as its own type too, and on seeded mutations of a resource of every type. The Reference
// objects gathered with their elements are also those fhir-reference's walk finds, wherever the
// gathering says it saw everything (complete, no bundle below the root). The types the
// package also ships a compiled twin for (the service's own, which the dispatcher prefers) are checked
// once more against that shipped module.
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { walkReferences } from '../../src/fhir/r4-reference-walk.js';
import tables from '../../src/fhir/table/tables.cjs';
import { twins, types } from '../../src/generated/validators/fhir/types.cjs';
import { editsOf, fuzzParameters, fuzzTimeout, type Example } from '../support/fuzz.js';
import { ajvTwins, type Gathering, type Twin } from './ajv-twins.js';
import { r4Examples, r4Fixtures, readR4Example, resourcesIn } from './support.js';

const inProcess = ajvTwins();
const require = createRequire(import.meta.url);
/** The compiled twin module the package ships for a type the service carries. */
const shipped = (type: string): Twin => (require(`../../src/generated/validators/fhir/r4/${type}.twin.cjs`) as { validate: Twin }).validate;
let twinOf = inProcess;

/** Both answers and gatherings for a resource as `type`. */
function both(type: string, payload: unknown) {
  const byTwin: Gathering & { sites: unknown[] } = { references: [], complete: true, sites: [] };
  const byTable: Gathering & { sites: unknown[] } = { references: [], complete: true, sites: [] };
  const twin = twinOf(type).call(byTwin, payload);
  const table = tables.tableTwin(type).call(byTable, payload);
  return { twin, table, byTwin, byTable };
}

/** What differs (undefined: nothing), and whether the table accepted. The gathering counts only when both accept, as validate() reads it. */
function difference(type: string, payload: unknown): { differs?: string; accepted: boolean } {
  const { twin, table, byTwin, byTable } = both(type, payload);
  if (twin !== table) return { differs: `twin ${twin}, table ${table}`, accepted: table };
  const { sites: twinSites, ...twinRest } = byTwin;
  const { sites: tableSites, ...tableRest } = byTable;
  if (twin && JSON.stringify(twinRest) !== JSON.stringify(tableRest)) {
    return { differs: `gathered ${JSON.stringify(twinRest)} by the twin, ${JSON.stringify(tableRest)} by the table`, accepted: table };
  }
  // The same Reference objects (by identity) with the same elements, in the same order.
  if (twin && (twinSites.length !== tableSites.length || twinSites.some((s, i) => s !== tableSites[i]))) {
    return { differs: `sites ${elements(twinSites)} by the twin, ${elements(tableSites)} by the table`, accepted: table };
  }
  if (twin && byTable.complete && !byTable.nested) {
    compared.resources++;
    compared.sites += tableSites.length / 2;
    const walked = walkedSites(payload as Record<string, unknown>);
    if (!sameSites(walked, tableSites)) return { differs: `sites ${elements(tableSites)} gathered, ${elements(walked)} walked`, accepted: table };
  }
  return { accepted: table };
}

/** How many accepted resources had their sites compared with the walk's, and how many sites. */
const compared = { resources: 0, sites: 0 };

const elements = (sites: unknown[]) => JSON.stringify(sites.filter((_, i) => i % 2 === 1));

/** The walk's (object, element) list, flat as the gathering's. */
function walkedSites(resource: Record<string, unknown>): unknown[] {
  const out: unknown[] = [];
  walkReferences(resource, [], (site) => out.push(site.value, site.element()));
  return out;
}

/** The same (object, element) pairs, in any order (the walk goes by the payload's member order, the gathering by the schema's). */
function sameSites(a: unknown[], b: unknown[]): boolean {
  if (a.length !== b.length) return false;
  const count = new Map<unknown, Map<unknown, number>>();
  for (let i = 0; i < a.length; i += 2) {
    const byElement = count.get(a[i]) ?? new Map<unknown, number>();
    byElement.set(a[i + 1], (byElement.get(a[i + 1]) ?? 0) + 1);
    count.set(a[i], byElement);
  }
  for (let i = 0; i < b.length; i += 2) {
    const left = count.get(b[i])?.get(b[i + 1]) ?? 0;
    if (left === 0) return false;
    count.get(b[i])!.set(b[i + 1], left - 1);
  }
  return true;
}

/** A copy of a JSON value whose objects list their members last to first. */
function reverseMembers(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reverseMembers);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([name, member]) => [name, reverseMembers(member)]),
  );
}

/**
 * For each choice form a generated table names (`valueString`), the other forms of its group whose
 * `_form` the same node names too: adding `_valueBoolean` beside `valueString` breaks nothing but the
 * choice (at most one form of `value[x]`).
 */
function secondForms(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const type of [...types, 'datatypes']) {
    const table = require(`../../src/generated/validators/fhir/r4/${type}.table.cjs`) as { nodes: { p?: [string, number][]; h?: string[][] }[] };
    for (const node of table.nodes) {
      if (!node.h || !node.p) continue;
      const names = new Set(node.p.map(([name]) => name));
      for (const forms of node.h) {
        const primitive = forms.filter((form) => names.has(`_${form}`));
        for (const form of forms)
          if (!out.has(form))
            out.set(
              form,
              primitive.filter((other) => other !== form),
            );
      }
    }
  }
  return out;
}

/** A copy of `resource` with a second form beside the first choice form found (depth first), or undefined. */
function withSecondForm(resource: Record<string, unknown>, alternatives: Map<string, string[]>): Record<string, unknown> | undefined {
  const copy = structuredClone(resource);
  const stack: unknown[] = [copy];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== 'object' || value === null) continue;
    if (Array.isArray(value)) {
      stack.push(...value);
      continue;
    }
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const other = alternatives.get(key)?.find((form) => !(form in record) && !(`_${form}` in record));
      if (other !== undefined) {
        record[`_${other}`] = { id: 'second-form' };
        return copy;
      }
      stack.push(record[key]);
    }
  }
  return undefined;
}

const R4 = new Set(types);
/** Every resource of the corpus as its own type: the examples, what they contain, and the fixtures. */
function corpus(): [string, Record<string, unknown>][] {
  const out: [string, Record<string, unknown>][] = [];
  for (const file of r4Examples()) {
    for (const [pointer, resource] of resourcesIn(readR4Example(file))) if (R4.has(String(resource.resourceType))) out.push([`${file}${pointer}`, resource]);
  }
  for (const [type, resource] of r4Fixtures()) out.push([`fixture ${type}`, resource]);
  return out;
}

describe('FHIR tables against the strict twins', () => {
  const resources = corpus();

  it('the same answer and the same gathering on every official R4 example, of every type', () => {
    const failures: string[] = [];
    let accepted = 0;
    for (const [where, resource] of resources) {
      const type = String(resource.resourceType);
      const { differs, accepted: yes } = difference(type, resource);
      if (differs) failures.push(`${where}: ${differs}`);
      else if (yes) accepted++;
    }
    expect(failures.slice(0, 10)).toEqual([]);
    expect(new Set(resources.map(([, r]) => r.resourceType)).size).toBe(R4.size);
    // Not vacuous: nearly every official example passes both.
    expect(accepted).toBeGreaterThan(resources.length * 0.9);
    // Nor is the comparison of sites with the walk's.
    expect(compared.resources).toBeGreaterThan(resources.length * 0.5);
    expect(compared.sites).toBeGreaterThan(5_000);
  });

  it("the same answer and the same gathering with every object's members in reverse order", () => {
    // The examples list members in R4's order; the gathering must keep R4's order however a payload
    // lists them (a member visited before one out of order is visited again, its references once).
    const failures: string[] = [];
    let reordered = 0;
    for (const [where, resource] of resources) {
      const reversed = reverseMembers(resource) as Record<string, unknown>;
      const { differs, accepted } = difference(String(resource.resourceType), reversed);
      if (differs) failures.push(`${where}: ${differs}`);
      else if (accepted) reordered++;
    }
    expect(failures.slice(0, 10)).toEqual([]);
    expect(reordered).toBeGreaterThan(resources.length * 0.9);
  });

  it('the same answer with a second form of a choice element (its `_form`), in the order written and reversed', () => {
    const alternatives = secondForms();
    const failures: string[] = [];
    let refused = 0;
    let mutated = 0;
    // Five resources of each type that hold a choice: the answer turns on the node, not on the example.
    const perType = new Map<unknown, number>();
    for (const [where, resource] of resources) {
      if ((perType.get(resource.resourceType) ?? 0) >= 5) continue;
      const changed = withSecondForm(resource, alternatives);
      if (!changed) continue;
      perType.set(resource.resourceType, (perType.get(resource.resourceType) ?? 0) + 1);
      mutated++;
      for (const payload of [changed, reverseMembers(changed)]) {
        const { differs, accepted } = difference(String(resource.resourceType), payload);
        if (differs) failures.push(`${where}: ${differs}`);
        else if (!accepted) refused++;
      }
    }
    expect(failures.slice(0, 10)).toEqual([]);
    // Not vacuous: the examples of 62 types hold a choice that takes a second form this way, and both refuse it.
    expect(perType.size).toBeGreaterThan(50);
    expect(refused).toBeGreaterThan(mutated * 2 * 0.9);
  });

  it(
    'the same answer and the same gathering on seeded mutations of a resource of every type',
    () => {
      const bases = new Map<string, Example>();
      for (const [, resource] of resources) {
        const type = String(resource.resourceType);
        if (!bases.has(type)) bases.set(type, { kind: `fhir/${type}` as Example['kind'], payload: resource });
      }
      const seen = { accepted: 0, rejected: 0 };
      fc.assert(
        fc.property(editsOf([...bases.values()]), ({ example, payload }) => {
          const type = example.kind.slice('fhir/'.length);
          const { differs, accepted } = difference(type, payload);
          expect(differs, type).toBeUndefined();
          if (accepted) seen.accepted++;
          else seen.rejected++;
        }),
        fuzzParameters(28),
      );
      expect(seen.accepted).toBeGreaterThan(0);
      expect(seen.rejected).toBeGreaterThan(0);
    },
    fuzzTimeout(3),
  );

  it('the shipped compiled twin and the table of a service type: the same answer and gathering on every example of it', () => {
    twinOf = shipped;
    try {
      const failures: string[] = [];
      const seen = new Set<string>();
      let accepted = 0;
      const compiled = new Set<string>(twins);
      for (const [where, resource] of resources) {
        const type = String(resource.resourceType);
        if (!compiled.has(type)) continue;
        seen.add(type);
        const { differs, accepted: yes } = difference(type, resource);
        if (differs) failures.push(`${where}: ${differs}`);
        else if (yes) accepted++;
      }
      expect(failures.slice(0, 10)).toEqual([]);
      expect([...seen].sort()).toEqual([...compiled].sort());
      expect(accepted).toBeGreaterThan(100);
    } finally {
      twinOf = inProcess;
    }
  });
});
