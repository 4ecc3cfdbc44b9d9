// Step 4 of the R4 derivation: an upstream definition rewritten for schemas/. The replaced patterns
// are checked against R4's own expressions read as R4 reads them (XML Schema: white space is space,
// tab, line feed and carriage return) on random strings.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { R4_PATTERNS, convert, normalizeScalar, primitive } from '../../fhir/convert.mjs';
import { Upstream } from '../../fhir/upstream.mjs';
import { repoRoot } from '../../../packages/validate/test/fhir/support.js';

const up = new Upstream(repoRoot);
/**
 * An R4 expression as XML Schema reads it: `\s` is only the four white space characters, so `\S` is
 * every other character and `[ \r\n\t\S]` every character at all.
 */
const asR4 = (pattern: string) =>
  new RegExp(
    pattern.replaceAll('[ \\r\\n\\t\\S]', '[^]').replaceAll('[^\\s]', '[^ \\t\\n\\r]').replaceAll('\\s', '[ \\t\\n\\r]').replaceAll('\\S', '[^ \\t\\n\\r]'),
    'u',
  );
/** What the derived schema checks. */
const derived = (replacement: { pattern?: string; minLength?: number }) => (text: string) =>
  (replacement.minLength === undefined || Array.from(text).length >= replacement.minLength) &&
  (replacement.pattern === undefined || new RegExp(replacement.pattern, 'u').test(text));

/** Strings of the characters these patterns care about. */
const text = fc.string({
  unit: fc.constantFrom(' ', '\t', '\n', '\r', '\u00a0', '\u2028', 'a', 'Z', '0', '.', ':', 'u', 'r', 'n', 'o', 'i', 'd'),
  maxLength: 12,
});

describe('R4_PATTERNS', () => {
  const replaced = Object.entries(R4_PATTERNS).filter(([, r]) => !('format' in r));

  it.each(replaced)('%s accepts exactly what R4 accepts', (upstream, replacement) => {
    const r4 = asR4(upstream);
    const ours = derived(replacement as { pattern?: string; minLength?: number });
    fc.assert(
      fc.property(text, (s) => ours(s) === r4.test(s)),
      { seed: 20261124, numRuns: 20_000 },
    );
    fc.assert(
      fc.property(fc.constantFrom('urn:oid:1.2.840', 'urn:oid:2.0', 'urn:oid:1.02', 'a b', ' a', 'a  b', 'Â\u00a0', ''), (s) => ours(s) === r4.test(s)),
      { seed: 1 },
    );
  });

  it('has no repeated group left: nothing that overflows the stack on megabytes', () => {
    expect(replaced.filter(([, r]) => 'pattern' in r).length).toBeGreaterThan(0);
    for (const replacement of replaced.map(([, r]) => r as { pattern?: string })) {
      if (replacement.pattern) expect(replacement.pattern).not.toMatch(/\)[*+]/);
      // A repeated group recurses once per character in V8: this overflowed the stack (RangeError).
      if (replacement.pattern) expect(() => new RegExp(replacement.pattern!, 'u').test('a'.repeat(5_000_000))).not.toThrow();
    }
  });
});

describe('convert', () => {
  it('inlines primitives, writes base64Binary as the base64 format and numbers as bounded types', () => {
    expect(primitive('base64Binary', up.defs.base64Binary!)).toEqual({ type: 'string', format: 'base64' });
    expect(primitive('positiveInt', up.defs.positiveInt!)).toEqual({ type: 'integer', minimum: 1, maximum: 2147483647 });
    expect(primitive('string', up.defs.string!)).toEqual({ type: 'string', minLength: 1 });
    expect(() => normalizeScalar({ type: 'number', pattern: '^[0-9]$' }, 'x')).toThrow(/unknown numeric pattern/);
  });

  it('points refs where refTo says, and drops additionalProperties: false', () => {
    const out = convert(up, 'Narrative', up.defs.Narrative!, (target) => `datatypes.schema.json#/$defs/${target}`);
    expect(out.additionalProperties).toBeUndefined();
    expect(out.properties.extension.items).toEqual({ $ref: 'datatypes.schema.json#/$defs/Extension' });
    expect(out.properties.div).toMatchObject({ type: 'string' });
  });
});
