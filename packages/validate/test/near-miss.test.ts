import { describe, expect, it } from 'vitest';
import { nearMisses } from '../src/near-miss.js';

const DEMOGRAPHICS = ['FirstName', 'MiddleName', 'LastName', 'DOB', 'SSN', 'Sex', 'MaritalStatus', 'PhoneNumber', 'ZIP'];

describe('nearMisses', () => {
  it.each([
    ['transposed letters', 'FirstNmae', ['FirstName']],
    ['a misspelling seen in real integrations', 'MartialStatus', ['MaritalStatus']],
    ['camelCase instead of PascalCase', 'firstName', ['FirstName']],
    ['snake_case', 'first_name', ['FirstName']],
    ['all caps of a short name', 'dob', ['DOB']],
    ['one letter off a long name', 'PhoneNumbr', ['PhoneNumber']],
    ['two adjacent letters swapped in a short name is one slip (Damerau)', 'ZPI', []],
    ['a short name one letter off is not a slip', 'SEX1', []],
    ['an unrelated name', 'Nickname', []],
    ['an exact name is not a near miss of itself', 'ZIP', []],
  ])('%s: %s', (_, name, want) => {
    expect(nearMisses(name, DEMOGRAPHICS)).toEqual(want);
  });

  it('returns every equally good candidate when the slip is ambiguous', () => {
    expect(nearMisses('Nam', ['Name', 'Num']).length).toBe(0);
    expect(nearMisses('Codes', ['Code', 'Coded']).sort()).toEqual(['Code', 'Coded']);
  });

  it('counts a swap of adjacent letters as one edit, so four-letter names catch it', () => {
    expect(nearMisses('cdoe', ['code', 'note', 'status'])).toEqual(['code']);
    expect(nearMisses('naem', ['name', 'gender'])).toEqual(['name']);
  });

  it('matches data model names with a space', () => {
    expect(nearMisses('ClinicalSummary', ['Clinical Summary', 'PatientAdmin'])).toEqual(['Clinical Summary']);
  });
});
