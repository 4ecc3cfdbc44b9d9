// Step 3 of the R4 derivation: each definition checked against 4.0.1, and what is corrected.
import { describe, expect, it } from 'vitest';
import { corrections } from '../../fhir/corrections.mjs';
import { elementsByDefinition } from '../../fhir/elements.mjs';
import { Upstream } from '../../fhir/upstream.mjs';
import { repoRoot } from '../../../packages/validate/test/fhir/support.js';

const up = new Upstream(repoRoot);
const check = (name: string, def = up.defs[name]!) => {
  const log: string[] = [];
  const fix = corrections(up, name, def, elementsByDefinition(up, [name]).get(name)!, (line) => log.push(line));
  return { fix, log };
};

describe('corrections', () => {
  it('adds what 4.0.1 has and the 4.0.0 build lacks, drops what 4.0.1 does not have (Extension)', () => {
    const { fix, log } = check('Extension');
    expect([...fix.added.keys()]).toEqual(['valueMeta']);
    expect(fix.dropped).toEqual(['_url']);
    expect(fix.required).toContain('url');
    expect(log.join('\n')).toMatch(/added valueMeta/);
  });

  it('adds the extensions twin upstream omits for canonical elements (Meta._profile)', () => {
    expect(check('Meta').fix.twins).toEqual(['_profile']);
  });

  it('requires primitives 4.0.1 requires, unless their extensions twin stands in, and required choices', () => {
    const { conditions } = check('MedicationRequest').fix;
    expect(conditions).toContainEqual({ if: { properties: { _status: false } }, then: { properties: { status: true }, required: ['status'] } });
    expect(conditions).toContainEqual({
      if: { properties: { medicationCodeableConcept: false, medicationReference: false } },
      then: { required: ['medicationCodeableConcept'] },
    });
  });

  it('gives an enumerable required binding its codes', () => {
    expect(check('Procedure').fix.enums.get('status')).toEqual([
      'preparation',
      'in-progress',
      'not-done',
      'on-hold',
      'stopped',
      'completed',
      'entered-in-error',
      'unknown',
    ]);
  });

  it('stops the derivation on a difference it cannot correct', () => {
    const patient = up.defs.Patient!;
    expect(() => check('Patient', { ...patient, properties: { ...patient.properties, nickname: { type: 'string' } } })).toThrow(
      /Patient differs from 4\.0\.1 Patient: missing -; extra nickname/,
    );
  });
});
