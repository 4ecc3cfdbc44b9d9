// How a message shows a value the payload gave: whole when short, and always whole (up to a bound
// no real one reaches) for what tells two things apart: references, fullUrls, identifiers, URNs.
import { describe, expect, it } from 'vitest';
import { quote, quoteId } from '../src/finding.js';

const UUID = 'urn:uuid:1b2c3d4e-0000-4000-8000-000000000001';

describe('quote', () => {
  it('shows a short value whole, as a JSON string', () => {
    expect(quote('warn')).toBe('"warn"');
  });

  it('shows a value of 120 characters whole', () => {
    const value = 'x'.repeat(120);
    expect(quote(value)).toBe(`"${value}"`);
  });

  it('cuts a longer value in the middle, keeping both ends, and says how long it is', () => {
    const value = `${'a'.repeat(100)}${'b'.repeat(100)}`;
    const shown = quote(value);
    expect(shown).toMatch(/^"a+…b+" \(200 characters\)$/);
    expect(shown.length).toBeLessThan(150);
  });

  it('shows a urn:uuid, urn:oid or an absolute URL whole, however the caller quotes it', () => {
    expect(quote(UUID)).toBe(JSON.stringify(UUID));
    const oid = `urn:oid:2.16.840.1.113883.${'1.'.repeat(60)}9`;
    expect(quote(oid)).toBe(JSON.stringify(oid));
    const url = `https://fhir.example.com/definitions/EventDefinition/${'Event'.repeat(30)}`;
    expect(quote(url)).toBe(JSON.stringify(url));
  });

  it('quoteId shows any identifier whole up to 2,000 characters', () => {
    const id = `Patient/${'7'.repeat(300)}`;
    expect(quoteId(id)).toBe(JSON.stringify(id));
  });

  it('bounds even an identifier: over 2,000 characters it is cut in the middle with its length', () => {
    const id = `urn:uuid:${'f'.repeat(5000)}`;
    const shown = quoteId(id);
    expect(shown).toMatch(/^"urn:uuid:f+…f+" \(5,009 characters\)$/);
    expect(shown.length).toBeLessThan(2100);
    expect(quote(id)).toBe(shown);
  });

  it('escapes control and direction characters on the way', () => {
    expect(quote('a\u202eb')).toBe('"a\\u202eb"');
  });
});
