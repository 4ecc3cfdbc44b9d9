// The strict twins are validate()'s fast path, so they must be sound: whatever payload a twin
// accepts, the exact path accepts too (the canonical validator, a profile's overlay and the member
// walk have nothing to report) and, when the twin says it saw every member, it handed over every
// `reference` (bundle-reference relies on that). Checked on mutations (deletes, renames, retypes,
// grafts, broken references, members moved onto a prototype) of a valid payload of every kind:
// each service kind's example and an official R4 example of every other type. Seeded; runs:
// CDX_FUZZ_RUNS (300 here, `pnpm fuzz` 100,000).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectKindInfo } from '../src/detect.js';
import { getKind, listKinds } from '../src/index.js';
import { walkMembers } from '../src/members.js';
import { loadKind } from '../src/registry.js';
import { r4Examples, r4Fixtures, readR4Example, resourcesIn } from './fhir/support.js';
import { editsOf, examples, fuzzParameters, fuzzTimeout, type Example } from './support/fuzz.js';

/** An official R4 example of every resource type no service kind's example covers. */
function r4Bases(): Example[] {
  const covered = new Set(examples.map((e) => e.kind));
  const out = new Map<string, Example>();
  for (const file of r4Examples()) {
    const example = readR4Example(file);
    // As detected; and every resource in it as its own type (Parameters, say, only comes inside others).
    const candidates: [string | undefined, unknown][] = [
      [detectKindInfo(example)?.id, example],
      ...[...resourcesIn(example)].map(([, r]) => [`fhir/${String(r.resourceType)}`, r] as [string, unknown]),
    ];
    for (const [id, payload] of candidates) {
      const kind = id === undefined ? undefined : getKind(id)?.id;
      if (kind && !covered.has(kind) && !out.has(kind)) out.set(kind, { kind, payload });
    }
  }
  // The R4 types without an official example have a fixture (fhir/fixtures/r4-without-examples).
  for (const [type, payload] of r4Fixtures()) {
    const kind = getKind(`fhir/${type}`)?.id;
    if (kind && !out.has(kind) && !covered.has(kind)) out.set(kind, { kind, payload });
  }
  return [...out.values()];
}

const bases = [...examples, ...r4Bases()];

/** Every string `reference` member of a payload, own or inherited (a twin that accepts saw only plain objects). */
function references(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) references(item, out);
  else if (value && typeof value === 'object') {
    for (const key in value) {
      const child = (value as Record<string, unknown>)[key];
      if (key === 'reference' && typeof child === 'string') out.push(child);
      else references(child, out);
    }
  }
  return out;
}

/** What is wrong when the twin accepted `payload` (nothing: it was right). */
function unsoundness(kindId: string, payload: unknown, gathered: { references: string[]; complete: boolean }): string[] {
  const module = loadKind(listKinds().find((k) => k.id === kindId)!);
  const problems: string[] = [];
  const { validate, overlay, shape } = module.exact();
  if (!validate(payload)) problems.push(`the canonical validator rejects it: ${JSON.stringify(validate.errors?.slice(0, 3))}`);
  if (overlay && !overlay(payload)) problems.push(`the profile overlay rejects it: ${JSON.stringify(overlay.errors?.slice(0, 3))}`);
  const walk = walkMembers(payload, shape, {});
  if (walk.issues.length > 0 || walk.noDataOnDemand.length > 0) problems.push(`the member walk reports ${JSON.stringify(walk)}`);
  // Only FHIR twins gather (validate.ts runs the others without a gathering).
  if (kindId.startsWith('fhir/') && gathered.complete) {
    const handed = new Set(gathered.references);
    const missed = references(payload).filter((r) => !handed.has(r));
    if (missed.length > 0) problems.push(`references not handed over: ${missed.join(', ')}`);
  }
  return problems;
}

describe('strict twins against the exact path', () => {
  it('there is a payload of every kind to mutate', () => {
    const have = new Set(bases.map((b) => b.kind));
    expect(
      listKinds()
        .map((k) => k.id)
        .filter((id) => !have.has(id)),
    ).toEqual([]);
  });

  it(
    'whatever a twin accepts, the exact path accepts, with every reference handed over',
    () => {
      const seen = { accepted: 0, rejected: 0 };
      fc.assert(
        fc.property(editsOf(bases), ({ example, payload }) => {
          const gathered = { references: [] as string[], complete: true };
          if (!loadKind(listKinds().find((k) => k.id === example.kind)!).strict(payload, gathered)) {
            seen.rejected++;
            return;
          }
          seen.accepted++;
          expect(unsoundness(example.kind, payload, gathered), example.kind).toEqual([]);
        }),
        fuzzParameters(7),
      );
      // Not vacuous, counted within this run: both answers were given.
      expect(seen.accepted).toBeGreaterThan(0);
      expect(seen.rejected).toBeGreaterThan(0);
    },
    fuzzTimeout(3),
  );
});
