// The native checks of clinical, workflow and conformance resources and data types (native-resources.ts,
// native-workflow.ts, native-datatypes.ts, native-conformance.ts) against FHIRPath on every official
// R4 example: the same findings at the same pointers, resource by resource. invariants.test.ts,
// native-workflow.test.ts and native-conformance.test.ts hold the broken copies; this holds what R4's
// authors wrote. And with every native check, no R4 example leaves an expression to FHIRPath.
import { describe, expect, it } from 'vitest';
import { fhirPathEngine, type FhirPathEngine } from '../../src/fhir/invariants/engine.js';
import { checkFhirPathInvariants } from '../../src/fhir/invariants/fhirpath.js';
import { NATIVE_CONFORMANCE } from '../../src/fhir/invariants/native-conformance.js';
import { NATIVE_DATATYPES } from '../../src/fhir/invariants/native-datatypes.js';
import { NATIVE_RESOURCES } from '../../src/fhir/invariants/native-resources.js';
import { NATIVE_WORKFLOW } from '../../src/fhir/invariants/native-workflow.js';
import { fhirPathInvariants, type Invariant } from '../../src/fhir/invariants/table.js';
import '../../src/index.js';
import { nativeFindings as findings, nativeTables } from './native-harness.js';
import { r4Examples, readR4Example } from './support.js';

/** The modules compared here; native-typed.ts's own (definitions: StructureDefinition, ValueSet…) are compared in invariants.test.ts. */
const MODULES = [NATIVE_RESOURCES, NATIVE_DATATYPES, NATIVE_WORKFLOW, NATIVE_CONFORMANCE];
const compared = (inv: Invariant) => MODULES.some((natives) => inv.key in natives || `${inv.key}@${inv.path}` in natives);

describe('native checks of clinical, workflow and conformance resources and data types, on every R4 example', () => {
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

  it('leave no expression to FHIRPath: linting the examples never loads the engine', () => {
    // Copies of the constraints, so each is compiled here (compiled evaluators are kept by constraint).
    const table = new Map([...fhirPathInvariants(false)].map(([path, list]) => [path, list.map((inv) => ({ ...inv }))]));
    const engine = fhirPathEngine()!;
    const evaluated = new Set<string>();
    const counting: FhirPathEngine = {
      model: engine.model,
      compile: (path, options) => {
        const fn = engine.compile(path, options);
        return (node, env) => {
          evaluated.add(`${path.base}: ${path.expression}`);
          return fn(node, env);
        };
      },
    };
    let checked = 0;
    for (const file of r4Examples()) {
      checkFhirPathInvariants(
        readR4Example(file),
        table,
        counting,
        () => undefined,
        () => undefined,
      );
      checked++;
    }
    expect([...evaluated]).toEqual([]);
    expect(checked).toBeGreaterThan(5000);
  });
});
