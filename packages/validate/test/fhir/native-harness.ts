// The differential harness of the native invariant checks: each constraint as the rule runs it (its
// native check first) and as plain FHIRPath (renamed, so no native check answers, and no guards),
// walked over the same payload; a test compares the findings.
import { expect, it } from 'vitest';
import { fhirPathEngine } from '../../src/fhir/invariants/engine.js';
import { checkFhirPathInvariants } from '../../src/fhir/invariants/fhirpath.js';
import { nativeOf } from '../../src/fhir/invariants/native-typed.js';
import { fhirPathInvariants, type Invariant } from '../../src/fhir/invariants/table.js';

const FHIRPATH = ' (FHIRPath)';

/** The constraints with a native check that `keep` keeps, by path: as the rule runs them, and as plain FHIRPath. */
export function nativeTables(keep: (invariant: Invariant) => boolean = () => true): [Map<string, Invariant[]>, Map<string, Invariant[]>] {
  const own = new Map<string, Invariant[]>();
  const plain = new Map<string, Invariant[]>();
  for (const [path, list] of fhirPathInvariants(false)) {
    const natives = list.filter((inv) => nativeOf(inv) !== undefined && keep(inv));
    if (natives.length === 0) continue;
    own.set(path, natives);
    plain.set(
      path,
      natives.map((inv) => ({ ...inv, key: `${inv.key}${FHIRPATH}`, guards: [] })),
    );
  }
  return [own, plain];
}

/** `key pointer` of each finding, sorted. */
export function nativeFindings(resource: unknown, byPath: Map<string, Invariant[]>): string[] {
  const out: string[] = [];
  checkFhirPathInvariants(
    resource,
    byPath,
    fhirPathEngine()!,
    (inv, pointer) => out.push(`${inv.key.replace(FHIRPATH, '')} ${pointer}`),
    () => undefined,
  );
  return out.sort();
}

/**
 * The two tests every suite of a native module starts with, registered where it is called: on each
 * case the same findings as plain FHIRPath, and every one of `keys` broken by some case (none left
 * untried). Returns the tables, for the suite's own tests.
 */
export function nativeDifferential(
  keys: readonly string[],
  cases: readonly (readonly [string, unknown])[],
): [Map<string, Invariant[]>, Map<string, Invariant[]>] {
  const [own, plain] = nativeTables((inv) => keys.includes(inv.key));
  it.each(cases)('%s: the same findings as FHIRPath', (_name, resource) => {
    expect(nativeFindings(resource, own)).toEqual(nativeFindings(resource, plain));
  });
  it('each breaks where the payloads break it', () => {
    const found = new Set(cases.flatMap(([, resource]) => nativeFindings(resource, own).map((f) => f.split(' ')[0])));
    expect([...new Set(keys)].filter((key) => !found.has(key))).toEqual([]);
  });
  return [own, plain];
}
