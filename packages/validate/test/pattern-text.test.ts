// Every pattern and format a validator can report is described in words with an example: a user
// reads "a FHIR dateTime … (e.g. 2026-03-01)", never the regular expression behind it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { validate } from '../src/index.js';
import { describePattern, PATTERN_TEXT } from '../src/pattern-text.js';
import { FORMAT_TEXT } from '../src/schema-errors.js';
import { edited } from './support/payload-tester.js';

const GENERATED = fileURLToPath(new URL('../src/generated/validators/', import.meta.url));

/** The `params` of every pattern and format error the generated validators can raise. */
function emitted(keyword: 'pattern' | 'format'): Set<string> {
  const found = new Set<string>();
  // An error's params as the generated code passes them: `{pattern: "…"}`.
  const re = new RegExp(`\\{${keyword}: *("(?:[^"\\\\]|\\\\.)*")`, 'g');
  for (const file of readdirSync(GENERATED, { recursive: true, encoding: 'utf8' })) {
    if (!/\.(c?js|ts)$/.test(file)) continue;
    for (const m of readFileSync(join(GENERATED, file), 'utf8').matchAll(re)) found.add(JSON.parse(m[1]!) as string);
  }
  return found;
}

describe('patterns and formats in words', () => {
  const patterns = emitted('pattern');
  const formats = emitted('format');

  it('finds the patterns and formats of the generated validators', () => {
    expect(patterns.size).toBeGreaterThan(10);
    expect(formats.size).toBeGreaterThan(5);
  });

  it.each([...patterns].map((p) => [p] as const))('pattern %s has a description with an example', (pattern) => {
    expect(Object.hasOwn(PATTERN_TEXT, pattern), 'add it to PATTERN_TEXT').toBe(true);
    expect(PATTERN_TEXT[pattern]).toMatch(/\be\.g\. \S/);
  });

  it.each([...formats].map((f) => [f] as const))('format %s has a description with an example', (format) => {
    expect(Object.hasOwn(FORMAT_TEXT, format), 'add it to FORMAT_TEXT').toBe(true);
    expect(FORMAT_TEXT[format]).toMatch(/\be\.g\. \S/);
  });

  it('a pattern nobody described still gets words, never the expression', () => {
    expect(describePattern('^[a-z]{3}\\d+$')).toBe('in the form its schema defines');
  });

  it('a FHIR date-time error is described in words', () => {
    const result = validate(edited('fhir-observation', (p) => void Object.assign(p, { effectiveDateTime: '2026-13-01', issued: 'yesterday' })));
    expect(result.findings.map((f) => [f.pointer, f.message])).toEqual([
      [
        '/effectiveDateTime',
        '`effectiveDateTime` must be a FHIR dateTime: a year, year-month or date, or a date and time with seconds and a time zone (e.g. 2026, 2026-03, 2026-03-01 or 2026-03-01T09:30:00Z); got "2026-13-01".',
      ],
      [
        '/issued',
        '`issued` must be a FHIR instant: a date and time with seconds and a time zone (e.g. 2026-03-01T09:30:00Z or 2026-03-01T09:30:00.000+01:00); got "yesterday".',
      ],
    ]);
  });
});
