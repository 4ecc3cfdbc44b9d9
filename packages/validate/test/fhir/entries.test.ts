// Every resource is checked as its own type: a bundle entry and a contained resource against the
// definition of their own resourceType (R4, or the service profile where the bundle calls for one),
// and their members compared with that type's members only, never with a merge of several types.
import { describe, expect, it } from 'vitest';
import { validate } from '../../src/index.js';
import { validExample } from './support.js';

const summary = (payload: unknown, options = {}) =>
  validate(payload, options)
    .findings.map((f) => `${f.ruleId} ${f.pointer}`)
    .sort();
const URN = (n: number) => `urn:uuid:00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A ChargeItemCreate message with one more entry, last (at `/entry/${LAST}`). */
function withEntry(resource: Record<string, unknown>) {
  const bundle = validExample('fhir-chargeitemcreate');
  bundle.entry.push({ fullUrl: URN(99), resource });
  return bundle;
}
const LAST = validExample('fhir-chargeitemcreate').entry.length;

const provenance = {
  resourceType: 'Provenance',
  id: 'prov-1',
  target: [{ reference: 'ChargeItem/ci-1' }],
  recorded: '2026-03-02T14:05:31Z',
  activity: { text: 'created' },
  agent: [{ who: { display: 'Billing system' } }],
};

describe('bundle entries', () => {
  it('a valid entry of a type no service profile names is valid: its own members, no unknown-field', () => {
    expect(summary(withEntry(provenance))).toEqual([]);
  });

  it('a misspelt member is compared with its own type only (Provenance.recordd → recorded)', () => {
    const { recorded, ...rest } = provenance;
    const { findings } = validate(withEntry({ ...rest, recordd: recorded }));
    // recorded is required: the slip is one error, with the rename.
    expect(findings.map((f) => `${f.ruleId} ${f.pointer}`)).toEqual([`spelling-drift /entry/${LAST}/resource/recordd`]);
    expect(findings[0]).toMatchObject({
      ruleId: 'spelling-drift',
      severity: 'error',
      pointer: `/entry/${LAST}/resource/recordd`,
      fix: { from: 'recordd', to: 'recorded' },
    });
  });

  it('an entry breaking its own R4 definition is a schema finding at its pointer', () => {
    expect(summary(withEntry({ ...provenance, recorded: 'yesterday' }))).toEqual([`schema /entry/${LAST}/resource/recorded`]);
    expect(summary(withEntry({ resourceType: 'Device', status: 'on' }))).toEqual([`schema /entry/${LAST}/resource/status`]);
  });

  it('an entry whose resourceType is not R4 is a schema finding naming the type it most likely is', () => {
    const [finding] = validate(withEntry({ resourceType: 'Provenence', id: 'x' })).findings;
    expect(finding).toMatchObject({ ruleId: 'schema', pointer: `/entry/${LAST}/resource/resourceType` });
    expect(finding!.message).toContain('is "Provenence", which is not a FHIR R4 resource type. Did you mean `Provenance`?');
  });

  it('a search result Patient gets the service profile; a Patient inside a message is an R4 Patient', () => {
    const search = validExample('fhir-searchset');
    delete search.entry[0].resource.gender;
    expect(summary(search)).toEqual(['service-profile /entry/0/resource/gender']);
    const message = validExample('fhir-chargeitemcreate');
    const patient = message.entry.findIndex((e: { resource: { resourceType: string } }) => e.resource.resourceType === 'Patient');
    delete message.entry[patient].resource.gender;
    expect(summary(message)).toEqual([]);
  });
});

describe('contained resources', () => {
  const medication = { resourceType: 'Medication', id: 'med-1', code: { text: 'amoxicillin' } };
  // The request refers to its contained Medication (R4's dom-3: a contained resource nothing refers to is an error).
  const request = () => {
    const { medicationCodeableConcept: _, ...rest } = validExample('fhir-medicationrequest');
    return { ...rest, medicationReference: { reference: '#med-1' }, contained: [medication] };
  };

  it('are validated as their own type, with their own members', () => {
    expect(summary(request())).toEqual([]);
    expect(summary({ ...request(), contained: [{ ...medication, status: 'on' }] })).toEqual(['schema /contained/0/status']);
    expect(summary({ ...request(), contained: [{ ...medication, codee: medication.code }] })).toEqual(['spelling-drift /contained/0/codee']);
    // A MedicationRequest member is no Medication member.
    expect(summary({ ...request(), contained: [{ ...medication, intent: 'order' }] })).toEqual(['unknown-field /contained/0/intent']);
  });

  it('inside a bundle entry, at any depth', () => {
    const bundle = withEntry({ ...provenance, contained: [{ ...medication, contained: [{ resourceType: 'Substance', code: { text: 'x' }, status: 'on' }] }] });
    // Besides the Substance's own schema finding, R4's invariants: a contained resource holds no
    // contained resources (dom-2) and is referred to from its container (dom-3).
    expect(summary(bundle).sort()).toEqual(
      [
        `fhir-invariant /entry/${LAST}/resource/contained/0`,
        `fhir-invariant /entry/${LAST}/resource/contained/0/contained`,
        `schema /entry/${LAST}/resource/contained/0/contained/0/status`,
      ].sort(),
    );
  });
});

describe('standalone resources', () => {
  it('every R4 type is a kind: a valid one draws at most the service-resource-type warning', () => {
    const result = validate({ resourceType: 'Device', id: 'd1', status: 'active' });
    expect(result).toMatchObject({ kind: 'fhir/Device', valid: true });
    expect(result.findings.map((f) => `${f.ruleId} ${f.severity} ${f.pointer}`)).toEqual(['service-resource-type warning /resourceType']);
    expect(validate({ resourceType: 'Device', id: 'd1' }, { rules: { 'service-resource-type': 'off' } }).findings).toEqual([]);
  });

  it('a type the service carries draws no warning', () => {
    expect(validate({ resourceType: 'Observation', status: 'final', code: { text: 'x' } }).findings).toEqual([]);
  });

  it('a resourceType that is not R4 is unknown-kind, with the R4 type it most likely is', () => {
    const [finding] = validate({ resourceType: 'Patinet' }).findings;
    expect(finding).toMatchObject({ ruleId: 'unknown-kind', pointer: '/resourceType' });
    expect(finding!.message).toBe('`resourceType` is "Patinet", which is not a FHIR R4 resource type. Did you mean `Patient`?');
  });
});
