import { describe, expect, it } from 'vitest';
import datetime from '../src/datetime.cjs';
import { validate } from '../src/index.js';
import { edited, example } from './support/payload-tester.js';

const { dateTimeProblem } = datetime;

describe('the one date checker', () => {
  it.each([
    ['2024-02-29', 'date'],
    ['2000-02-29', 'date'],
    ['2026', 'date'],
    ['2026-12', 'date'],
    ['2026-03-01T23:59:60Z', 'dateTime'],
    ['2026-03-01T09:30:00+14:00', 'instant'],
    ['2026-03-01T09:30:00-12:00', 'dateTime'],
    ['23:59:59', 'time'],
    ['2026-03-01T09:30', 'iso8601'],
    ['2026-03-01', 'rfc3339-date'],
  ] as const)('%s exists as %s', (text, form) => {
    expect(dateTimeProblem(text, form)).toBeUndefined();
  });

  it.each([
    ['2026-02-29', 'date', 'February 2026 has 28 days'],
    ['1900-02-29', 'date', 'February 1900 has 28 days'],
    ['2026-04-31', 'iso8601', 'April 2026 has 30 days'],
    ['2026-13', 'date', 'months run from 01 to 12, not 13'],
    ['2026-03-01T24:00:00Z', 'dateTime', 'hours run from 00 to 23, not 24'],
    ['2026-03-01T25:61:00Z', 'instant', 'hours run from 00 to 23, not 25'],
    ['2026-03-01T10:61:00Z', 'rfc3339', 'minutes run from 00 to 59, not 61'],
    ['10:00:61', 'time', 'seconds run from 00 to 59 (60 for a leap second), not 61'],
    ['2026-03-01T09:30:00+14:30', 'dateTime', 'a time-zone offset is at most ±14:00, not +14:30'],
    ['2026-03-01T09:30:00+05:60', 'rfc3339', 'a time-zone offset is at most ±14:00, not +05:60'],
    ['2026-3-1', 'date', 'malformed'],
  ] as const)('%s does not exist as %s', (text, form, why) => {
    expect(dateTimeProblem(text, form)).toBe(why);
  });
});

describe('used wherever a date is checked', () => {
  const schemaAt = (payload: unknown) =>
    validate(payload)
      .findings.filter((f) => f.ruleId === 'schema')
      .map((f) => [f.pointer, f.message]);

  it('FHIR: a date its month does not have is one schema error, saying why', () => {
    const findings = schemaAt({ resourceType: 'Patient', birthDate: '2026-02-30' });
    expect(findings).toEqual([['/birthDate', expect.stringContaining('February 2026 has 28 days.')]]);
  });

  it('FHIR: an hour past 23 is one finding (the pattern)', () => {
    expect(schemaAt({ resourceType: 'Observation', status: 'final', code: { text: 'x' }, effectiveDateTime: '2026-01-01T25:61:00Z' }).map(([p]) => p)).toEqual([
      '/effectiveDateTime',
    ]);
  });

  it('FHIR: a leap day exists', () => {
    expect(schemaAt({ resourceType: 'Patient', birthDate: '2024-02-29' })).toEqual([]);
  });

  it('the Data Model iso8601 format', () => {
    const payload = edited('patientadmin-patientmerge', (p) => void (p.Patient.Demographics.DOB = '1987-02-29'));
    expect(schemaAt(payload)).toEqual([['/Patient/Demographics/DOB', expect.stringContaining('February 1987 has 28 days.')]]);
  });

  it('CDS Hooks date-time', () => {
    const valid = example('cds-hooks-feedback');
    const text = JSON.stringify(valid).replace(/"outcomeTimestamp":"[^"]*"/, '"outcomeTimestamp":"2026-02-30T10:00:00Z"');
    expect(text).not.toBe(JSON.stringify(valid));
    expect(schemaAt(JSON.parse(text)).map(([p]) => p)).toHaveLength(1);
  });
});
