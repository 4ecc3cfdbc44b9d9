// Behaviour of validate() beyond the per-kind suites: options, kind detection, unknown kinds.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectKind, isKind, UnknownKindError, validate, type KindId } from '../src/index.js';

const merge = (meta: Record<string, unknown> = {}, patient: Record<string, unknown> = {}) => ({
  Meta: { DataModel: 'PatientAdmin', EventType: 'PatientMerge', ...meta },
  Patient: { Identifiers: [{ ID: '1', IDType: 'MRN' }], PreviousIdentifiers: [{ ID: '2', IDType: 'MRN' }], ...patient },
});

const found = (payload: unknown, options = {}) => validate(payload, options).findings.map((f) => [f.ruleId, f.pointer, f.severity]);

describe('validate', () => {
  it('accepts a minimal valid message', () => {
    expect(validate(merge())).toEqual({ kind: 'PatientAdmin/PatientMerge', valid: true, findings: [] });
  });

  it('source-id is silent unless the caller holds several API keys', () => {
    expect(found(merge())).toEqual([]);
    // Reported at the first missing member, so the pointer names a place in the payload.
    expect(found(merge(), { multipleApiKeys: true })).toEqual([['source-id', '/Meta/Source', 'error']]);
    expect(found(merge({ Source: { Name: 'EHR' } }), { multipleApiKeys: true })).toEqual([['source-id', '/Meta/Source/ID', 'error']]);
    const withId = merge({ Source: { ID: '0f8fad5b-d9cb-469f-a165-70867728950e' } });
    expect(found(withId, { multipleApiKeys: true })).toEqual([]);
  });

  it('rule settings turn a rule off or change its severity', () => {
    const payload = merge({}, { Nickname: 'x' });
    expect(found(payload)).toEqual([['unknown-field', '/Patient/Nickname', 'warning']]);
    expect(found(payload, { rules: { 'unknown-field': 'off' } })).toEqual([]);
    const asError = validate(payload, { rules: { 'unknown-field': 'error' } });
    expect(asError.valid).toBe(false);
    expect(asError.findings[0]?.severity).toBe('error');
  });

  it('configured known variants are reported as spelling drift with a fix', () => {
    const result = validate(merge({}, { Note: ['x'] }), { knownVariants: { Note: 'Notes' } });
    expect(result.findings).toMatchObject([{ ruleId: 'spelling-drift', pointer: '/Patient/Note', fix: { kind: 'rename-member', from: 'Note', to: 'Notes' } }]);
  });

  it('does not offer a fix that would overwrite a member already present', () => {
    const result = validate(merge({}, { Demographics: { FirstName: 'A', firstName: 'B' } }));
    expect(result.findings).toHaveLength(1);
    expect(result.findings[0]).toMatchObject({ ruleId: 'spelling-drift', pointer: '/Patient/Demographics/firstName' });
    expect(result.findings[0]?.fix).toBeUndefined();
  });

  it('never echoes a large value in a message', () => {
    const big = 'x'.repeat(100_000);
    const result = validate(merge({ EventDateTime: big }));
    expect(result.findings.map((f) => f.pointer)).toEqual(['/Meta/EventDateTime']);
    expect(result.findings[0]!.message.length).toBeLessThan(300);
  });

  it('member names with / and ~ are escaped in pointers', () => {
    expect(found(merge({}, { 'a/b~c': 1 }))).toEqual([['unknown-field', '/Patient/a~1b~0c', 'warning']]);
  });

  it('throws UnknownKindError for an unknown kind option (a programming error, not a payload error)', () => {
    // A kind that is not one: an untyped caller's mistake (a misspelt literal does not compile).
    expect(() => validate({}, { kind: 'Nope/Nope' as KindId })).toThrow(UnknownKindError);
  });

  it("a slip on a member the service's profile requires is one fixable error, as a slip on a schema-required one", () => {
    const { gender, ...rest } = JSON.parse(readFileSync(new URL('../../../schemas/examples/valid/fhir-patient.json', import.meta.url), 'utf8')) as Record<
      string,
      unknown
    >;
    const patient = { ...rest, Gender: gender };
    const result = validate(patient, { kind: 'fhir/Patient' });
    expect(result.findings.map((f) => [f.ruleId, f.messageId, f.pointer, f.severity, f.fix?.to])).toEqual([
      ['spelling-drift', 'nearMissRequired', '/Gender', 'error', 'gender'],
    ]);
    // With spelling-drift off, the profile's own finding says it is missing.
    expect(found(patient, { kind: 'fhir/Patient', rules: { 'spelling-drift': 'off' } })).toContainEqual(['service-profile', '/gender', 'error']);
  });

  it('says so in one short sentence, with the nearest kind when there is one, instead of listing every kind', () => {
    const message = (kind: string) => {
      try {
        validate({}, { kind: kind as KindId });
      } catch (error) {
        return (error as Error).message;
      }
      return '';
    };
    expect(message('nope/Nope')).toBe('Unknown kind "nope/Nope"; listKinds() returns every kind id.');
    expect(message('PatientAdmin/PatientMerg')).toBe(
      'Unknown kind "PatientAdmin/PatientMerg"; did you mean "PatientAdmin/PatientMerge"? listKinds() returns every kind id.',
    );
    expect(message('x'.repeat(5000)).length).toBeLessThan(200);
  });
});

describe('unknown-kind', () => {
  it.each([
    ['not an object', 42, ''],
    ['an array of messages', [merge()], ''],
    ['no Meta and no resourceType', { Patient: {} }, ''],
    ['an unknown data model', { Meta: { DataModel: 'Billing', EventType: 'Invoice' } }, '/Meta/DataModel'],
    ['an unknown event type', { Meta: { DataModel: 'PatientAdmin', EventType: 'PatientMerged' } }, '/Meta/EventType'],
  ])('%s', (_, payload, pointer) => {
    const result = validate(payload);
    expect(result.kind).toBeNull();
    expect(result.findings.map((f) => [f.ruleId, f.pointer])).toEqual([['unknown-kind', pointer]]);
  });

  it('suggests the event type the payload most likely means', () => {
    const [finding] = validate({ Meta: { DataModel: 'PatientAdmin', EventType: 'PatientMerged' } }).findings;
    expect(finding?.message).toContain('`PatientMerge`');
  });

  it('detectKind reads Meta.DataModel and Meta.EventType', () => {
    expect(detectKind(merge())).toBe('PatientAdmin/PatientMerge');
  });

  it('"no kind" is null everywhere: detectKind, validate().kind, and isKind takes detectKind\'s result', () => {
    const unknown = { Meta: { DataModel: 'PatientAdmin' } };
    expect(detectKind(unknown)).toBeNull();
    expect(detectKind(null)).toBeNull();
    expect(validate(unknown).kind).toBeNull();
    expect(isKind(detectKind(unknown), unknown)).toBe(false);
    expect(isKind(detectKind(merge()), merge())).toBe(true);
  });
});
