// How a message shows a resource type a payload gives: an R4 type name as it is, anything else
// through quote() (quoted, control characters escaped, a long one cut with its length).
import { describe, expect, it } from 'vitest';
import { aType, theType, typeName } from '../../src/fhir/type-names.js';
import { typeList } from '../../src/fhir/reference-targets.js';

const LONG = 'a'.repeat(5000);
const LONG_SHOWN = `"${'a'.repeat(60)}…${'a'.repeat(59)}" (5,000 characters)`;

describe('resource types in messages', () => {
  it('shows an R4 type name as it is, with its article', () => {
    expect(typeName('Patient')).toBe('Patient');
    expect(aType('Patient')).toBe('a Patient');
    expect(aType('Encounter')).toBe('an Encounter');
    expect(theType('Observation')).toBe('the Observation');
    expect(typeList(['Patient', 'Group', 'Organization'])).toBe('a Patient, Group or Organization');
  });

  it('quotes anything else, escapes its control characters and bounds it', () => {
    expect(typeName('x\ny')).toBe('"x\\ny"');
    expect(aType(' ')).toBe('a resource of type " "');
    expect(aType('patient')).toBe('a resource of type "patient"');
    expect(theType('x\u202ey')).toBe('a resource of type "x\\u202ey"');
    expect(typeList([LONG])).toBe(`a resource of type ${LONG_SHOWN}`);
    for (const shown of [typeName(LONG), aType(LONG), theType(LONG)]) {
      expect(shown.length).toBeLessThan(200);
      expect(shown).not.toMatch(/[\n\r]/);
    }
  });
});
