// The native checks of clinical and workflow resources (native-resources.ts) against FHIRPath on every
// official R4 example: the same findings at the same pointers, resource by resource. invariants.test.ts
// holds the broken copies; this holds what R4's authors wrote.
import { describe, expect, it } from 'vitest';
import { fhirPathEngine } from '../../src/fhir/invariants/engine.js';
import { checkFhirPathInvariants } from '../../src/fhir/invariants/fhirpath.js';
import { NATIVE_RESOURCES } from '../../src/fhir/invariants/native-resources.js';
import { fhirPathInvariants, type Invariant } from '../../src/fhir/invariants/table.js';
import '../../src/index.js';
import { r4Examples, readR4Example } from './support.js';

/** The constraints of native-resources.ts by path: as the rule runs them, and as plain FHIRPath (renamed, no guards). */
function tables(): [Map<string, Invariant[]>, Map<string, Invariant[]>] {
  const own = new Map<string, Invariant[]>();
  const plain = new Map<string, Invariant[]>();
  for (const [path, list] of fhirPathInvariants(false)) {
    const natives = list.filter((inv) => inv.key in NATIVE_RESOURCES);
    if (natives.length === 0) continue;
    own.set(path, natives);
    plain.set(
      path,
      natives.map((inv) => ({ ...inv, key: `${inv.key} (FHIRPath)`, guards: [] })),
    );
  }
  return [own, plain];
}

function findings(resource: unknown, byPath: Map<string, Invariant[]>): string[] {
  const out: string[] = [];
  const report = (inv: Invariant, pointer: string) => out.push(`${inv.key.replace(' (FHIRPath)', '')} ${pointer}`);
  checkFhirPathInvariants(resource, byPath, fhirPathEngine()!, report, () => undefined);
  return out.sort();
}

describe('native checks of clinical and workflow resources, on every R4 example', () => {
  it('give the findings FHIRPath gives', () => {
    const [own, plain] = tables();
    expect(own.size).toBeGreaterThan(5);
    const differ: string[] = [];
    let checked = 0;
    for (const file of r4Examples()) {
      const resource = readR4Example(file);
      const native = findings(resource, own);
      const fhirPath = findings(resource, plain);
      checked++;
      if (native.join() !== fhirPath.join()) differ.push(`${file}: ${native.join()} ≠ ${fhirPath.join()}`);
    }
    expect(differ).toEqual([]);
    expect(checked).toBeGreaterThan(5000);
  });
});
