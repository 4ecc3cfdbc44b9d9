// Step 1 of the R4 derivation: reading the upstream packages.
import { describe, expect, it } from 'vitest';
import { Upstream } from '../../fhir/upstream.mjs';
import { repoRoot } from '../../../packages/validate/test/fhir/support.js';

const up = new Upstream(repoRoot);

describe('upstream', () => {
  it('lists every R4 resource type from the root ResourceList, once each', () => {
    const types = up.resourceTypes();
    expect(types).toHaveLength(146);
    expect(new Set(types).size).toBe(146);
    expect(types).toEqual(expect.arrayContaining(['Patient', 'Bundle', 'Parameters', 'SubstancePolymer', 'VisionPrescription']));
  });

  it('says which build it is: the R4 4.0.0 build of fhir.schema.json, with the 4.0.1 definitions beside it', () => {
    expect(up.version()).toBe('4.0.0');
    expect(up.examplesPackage.version).toBe('4.0.1');
    expect(up.structureDefinition('Patient').fhirVersion).toBe('4.0.1');
  });

  it('expands value sets from the package, and says when one cannot be enumerated', () => {
    expect(up.expand('http://hl7.org/fhir/ValueSet/administrative-gender|4.0.1')).toEqual(['male', 'female', 'other', 'unknown']);
    // MIME types (BCP 13) are not in the package.
    expect(up.expand('http://hl7.org/fhir/ValueSet/mimetypes|4.0.1')).toBeNull();
    expect(() => up.structureDefinition('NoSuchType')).toThrow(/no StructureDefinition for NoSuchType/);
  });
});
