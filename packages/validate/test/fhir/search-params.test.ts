// checkSearchParams: the form bodies of Goal/_search and Patient/_search.
import { describe, expect, it } from 'vitest';
import { checkSearchParams } from '../../src/index.js';

const found = (resource: 'Goal' | 'Patient', input: URLSearchParams | Record<string, string | string[]>) =>
  checkSearchParams(resource, input).findings.map((f) => f.pointer);

describe('checkSearchParams', () => {
  it('accepts the spec’s Goal parameters, repeated, from URLSearchParams', () => {
    const body = new URLSearchParams(
      'patient=Patient/eXbMln3hu0PfFrpv2HgVHyg3&lifecycle-status=active&lifecycle-status=on-hold,planned&target-date=ge2026-01-01&target-date=le2026-12-31',
    );
    expect(checkSearchParams('Goal', body)).toEqual({ valid: true, findings: [] });
  });

  it('accepts the spec’s Patient parameters and both _revinclude values, from a record of arrays', () => {
    const body = {
      identifier: ['urn:oid:1.2.840.114350|0000000001'],
      family: 'Bixby',
      given: ['Timothy', 'Paul'],
      birthdate: ['2008-01-06'],
      gender: 'male',
      active: 'true',
      'address-postalcode': '53566',
      _revinclude: ['Coverage:beneficiary', 'Account:subject'],
      'general-practitioner.identifier': 'http://hl7.org/fhir/sid/us-npi|4356789876',
    };
    expect(checkSearchParams('Patient', body)).toEqual({ valid: true, findings: [] });
  });

  it('an unknown parameter is a finding with a near-miss suggestion', () => {
    const result = checkSearchParams('Goal', { 'lifecycle-stauts': 'active' });
    expect(result.valid).toBe(false);
    expect(result.findings).toHaveLength(1);
    expect(result.findings[0]).toMatchObject({ ruleId: 'search-param', severity: 'error', pointer: '/lifecycle-stauts' });
    expect(result.findings[0]!.message).toContain('Did you mean `lifecycle-status`?');
    expect(found('Patient', { birthDate: '2008-01-06', _count: '10' })).toEqual(['/birthDate', '/_count']);
    expect(checkSearchParams('Patient', { birthDate: '2008-01-06' }).findings[0]!.message).toContain('`birthdate`');
  });

  it('a parameter of the other search is unknown here', () => {
    expect(found('Goal', { gender: 'male' })).toEqual(['/gender']);
    expect(found('Patient', { 'lifecycle-status': 'active' })).toEqual(['/lifecycle-status']);
  });

  it('lifecycle-status values: each comma-separated part must be in the value set', () => {
    expect(found('Goal', { 'lifecycle-status': ['active', 'actve,planned', 'done'] })).toEqual(['/lifecycle-status/1', '/lifecycle-status/2']);
    expect(checkSearchParams('Goal', { 'lifecycle-status': 'actve' }).findings[0]!.message).toContain('Did you mean `active`?');
  });

  it('_revinclude takes only Coverage:beneficiary and Account:subject', () => {
    expect(found('Patient', { _revinclude: ['Coverage:beneficiary', 'Coverage:subscriber', 'Account:patient'] })).toEqual(['/_revinclude/1', '/_revinclude/2']);
  });

  it('dates: FHIR date search values with an optional prefix', () => {
    for (const ok of ['2026', '2026-01', '2026-01-01', 'ge2026-01-01', 'lt2026-03-01T10:00:00Z', 'eq2026-03-01T10:00+01:00', 'ap2026']) {
      expect(found('Goal', { 'target-date': ok }), ok).toEqual([]);
    }
    for (const bad of ['01/01/2026', 'gte2026-01-01', '2026-13-01', 'ge', '2026-01-01T10']) {
      expect(found('Goal', { 'target-date': bad }), bad).toEqual(['/target-date/0']);
    }
  });

  it('gender and active take their value sets; modifiers their parameter type allows', () => {
    expect(found('Patient', { gender: 'M', active: 'yes' })).toEqual(['/gender/0', '/active/0']);
    expect(
      found('Patient', { 'family:exact': 'Bixby', 'gender:not': 'male', 'identifier:missing': 'false', 'general-practitioner:Practitioner': 'pr-granite' }),
    ).toEqual([]);
    expect(found('Patient', { 'family:below': 'B', 'birthdate:exact': '2008', 'gender:missing': 'maybe' })).toEqual([
      '/family:below',
      '/birthdate:exact',
      '/gender:missing/0',
    ]);
  });

  it('an empty value is a finding; a repeated parameter is not', () => {
    expect(found('Patient', { given: ['Timothy', ''] })).toEqual(['/given/1']);
    expect(found('Patient', new URLSearchParams('given=Timothy&given=Paul'))).toEqual([]);
  });

  it('refuses a resource type it cannot search', () => {
    expect(() => checkSearchParams('Observation' as 'Goal', {})).toThrow(TypeError);
  });

  it('refuses a query string or another non-object from JavaScript with a TypeError, not a finding per character', () => {
    for (const input of ['a=b&c=d', 5, null, undefined, ['patient']]) {
      expect(() => checkSearchParams('Goal', input as never)).toThrow(/URLSearchParams or an object/);
    }
  });
});
