// The native checks of clinical and workflow resources and data types (native-resources.ts,
// native-workflow.ts, native-datatypes.ts) against FHIRPath on every official R4 example: the same
// findings at the same pointers, resource by resource. invariants.test.ts and native-workflow.test.ts
// hold the broken copies; this holds what R4's authors wrote.
import { describe, expect, it } from 'vitest';
import { NATIVE_DATATYPES } from '../../src/fhir/invariants/native-datatypes.js';
import { NATIVE_RESOURCES } from '../../src/fhir/invariants/native-resources.js';
import { NATIVE_WORKFLOW } from '../../src/fhir/invariants/native-workflow.js';
import type { Invariant } from '../../src/fhir/invariants/table.js';
import '../../src/index.js';
import { nativeFindings as findings, nativeTables } from './native-harness.js';
import { r4Examples, readR4Example } from './support.js';

/** The modules compared here; native-typed.ts's own (definitions: StructureDefinition, ValueSet…) are compared in invariants.test.ts. */
const MODULES = [NATIVE_RESOURCES, NATIVE_DATATYPES, NATIVE_WORKFLOW];
const compared = (inv: Invariant) => MODULES.some((natives) => inv.key in natives || `${inv.key}@${inv.path}` in natives);

describe('native checks of clinical and workflow resources and data types, on every R4 example', () => {
  it('give the findings FHIRPath gives', () => {
    const [own, plain] = nativeTables(compared);
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
