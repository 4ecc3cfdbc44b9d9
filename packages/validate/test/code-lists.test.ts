// Demographics Language and Citizenship take the ISO code lists the generator reads from their
// packages; a finding names the list and, when the value names a code instead of being it, the code.
import { describe, expect, it } from 'vitest';
import { validate } from '../src/index.js';

const merge = (demographics: Record<string, unknown>) => ({
  Meta: { DataModel: 'PatientAdmin', EventType: 'PatientMerge' },
  Patient: { Identifiers: [{ ID: '1', IDType: 'MRN' }], PreviousIdentifiers: [{ ID: '2', IDType: 'MRN' }], Demographics: demographics },
});

const findings = (demographics: Record<string, unknown>) => validate(merge(demographics)).findings;

describe('ISO code lists', () => {
  it('accepts ISO 639-1 and ISO 3166-1 alpha-2 codes in either case', () => {
    expect(findings({ Language: 'en', Citizenship: ['US', 'ca', 'MX'] })).toEqual([]);
    expect(findings({ Language: 'ES' })).toEqual([]);
  });

  it('a language name gets the ISO 639-1 finding with the code to write', () => {
    expect(findings({ Language: 'English' })).toMatchObject([
      {
        ruleId: 'schema',
        pointer: '/Patient/Demographics/Language',
        message: '`Patient.Demographics.Language` must be an ISO 639-1 language code (two letters, e.g. en); got "English". Write "en".',
      },
    ]);
  });

  it('an alpha-3 code or a country name gets the alpha-2 code to write', () => {
    expect(findings({ Citizenship: ['USA', 'Canada'] })).toMatchObject([
      {
        pointer: '/Patient/Demographics/Citizenship/0',
        message: expect.stringMatching(/ISO 3166-1 alpha-2 country code \(two letters, e\.g\. US\); got "USA"\. Write "US"\.$/),
      },
      { pointer: '/Patient/Demographics/Citizenship/1', message: expect.stringMatching(/got "Canada"\. Write "CA"\.$/) },
    ]);
  });

  it('a value that names no code gets no suggestion, and names of Object.prototype are no codes', () => {
    expect(findings({ Language: 'xx', Citizenship: ['constructor'] }).map((f) => f.message)).toEqual([
      '`Patient.Demographics.Language` must be an ISO 639-1 language code (two letters, e.g. en); got "xx".',
      '`Patient.Demographics.Citizenship[0]` must be an ISO 3166-1 alpha-2 country code (two letters, e.g. US); got "constructor".',
    ]);
  });
});
