// Behaviour of validate() beyond the per-kind suites: options, kind detection, unknown kinds.
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
