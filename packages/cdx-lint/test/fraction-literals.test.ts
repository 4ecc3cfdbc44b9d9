// eachFractionLiteral (locate/numbers.ts) against the strict token walk (walker.ts) it replaced for
// this: the same literals, pointers and values in the same order, on crafted texts and on every
// official R4 example; and mayHaveFractionLiterals, the pre-check, never false where a whole number
// is written with a fraction or an exponent.
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eachFractionLiteral, mayHaveFractionLiterals, type FractionLiteral } from '../src/locate/numbers.js';
import { pointerToken } from '../src/locate/pointer.js';
import { walkJson } from '../src/locate/walker.js';
import '../src/text.js';

/** The literals as the token walk reads them: every scalar that is a number with `.`, `e` or `E`. */
function byTokenWalk(text: string): FractionLiteral[] {
  const out: FractionLiteral[] = [];
  const open: string[] = [];
  walkJson(text, {
    value(event) {
      const token = event.key === undefined ? undefined : pointerToken(event.key);
      if (event.shape !== 'scalar') {
        open.push(token ?? '');
        return undefined;
      }
      const literal = text.slice(event.offset, event.offset + event.length);
      if (/^-?\d/.test(literal) && /[.eE]/.test(literal)) {
        const path = [...open.slice(1), ...(token === undefined ? [] : [token])];
        out.push({ pointer: path.map((t) => `/${t}`).join(''), literal, value: Number(literal) });
      }
      return undefined;
    },
    containerEnd() {
      open.pop();
      return undefined;
    },
  });
  return out;
}

function byOnePass(text: string): FractionLiteral[] {
  const out: FractionLiteral[] = [];
  eachFractionLiteral(text, (literal) => out.push(literal));
  return out;
}

const CRAFTED = [
  '1.0',
  '-2e3',
  '"1.0"',
  '[]',
  '{}',
  '[1.0, 2, [3.5, {}], [], {"a": [4e0]}]',
  '{ "a/b": 1.0, "c~d": { "": 2.50 }, "\\"q\\"": [ -0.0 , 1E+2 ], "e": "x 1.0 y", "f": true, "g": null }',
  '{"a":{"b":{"c":[[[1.0]]]}},"d":[{},{"e":1.5e-3}],"h\\u00e9":7.0}',
  ' \n{\n  "value" : 6.0 ,\n  "when": "10:00:00.000Z", "n": [ 1 , 2.0 ]\n}\n',
];

describe('eachFractionLiteral', () => {
  it.each(CRAFTED)('reads %s as the token walk does', (text) => {
    expect(byOnePass(text)).toEqual(byTokenWalk(text));
  });

  it('names members with `~`, `/`, escapes and empty names as JSON Pointer tokens', () => {
    expect(byOnePass(CRAFTED[6]!).map((l) => l.pointer)).toEqual(['/a~1b', '/c~0d/', '/"q"/0', '/"q"/1']);
  });

  it('reads every official R4 example as the token walk does, and the pre-check misses none of their whole ones', () => {
    const dir = dirname(createRequire(import.meta.url).resolve('hl7.fhir.r4.examples/package.json'));
    const differ: string[] = [];
    const missed: string[] = [];
    let literals = 0;
    let withWhole = 0;
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'package.json')) {
      const text = readFileSync(join(dir, file), 'utf8');
      const expected = byTokenWalk(text);
      literals += expected.length;
      if (JSON.stringify(byOnePass(text)) !== JSON.stringify(expected)) differ.push(file);
      if (expected.some(isWhole)) {
        withWhole++;
        if (!mayHaveFractionLiterals(text)) missed.push(file);
      }
    }
    expect(differ).toEqual([]);
    expect(missed).toEqual([]);
    expect(literals).toBeGreaterThan(500);
    expect(withWhole).toBeGreaterThan(30);
  });
});

const isWhole = (literal: FractionLiteral) => Number.isInteger(literal.value);

describe('mayHaveFractionLiterals', () => {
  it.each([
    // Inside an object or array: a FHIR payload is an object, and a bare number has no slot to type.
    ...CRAFTED.filter((text) => /^\s*[[{]/.test(text) && byTokenWalk(text).some(isWhole)),
    '{"v" :\n  6.0}',
    '[ [\t1e0 ] ]',
    '{"a": [1, 2, 3.000]}',
    '{"a": 1, "b": -4.9e-325}',
    '{"a\\\\": 2E+1}',
  ])('true for %s, which writes a whole number with a fraction or an exponent', (text) => {
    expect(byTokenWalk(text).some(isWhole)).toBe(true);
    expect(mayHaveFractionLiterals(text)).toBe(true);
  });

  it.each([
    '{"a": 6.5, "b": "6.0 mg", "when": "10:00:00.000Z"}',
    // A `:` that no member name's quote precedes, a `.` without a digit after it, a `[` after a word.
    '{"d": "referenceSeq : 1. genome"}',
    '{"d": "Rockville MD, 20852. (301) 881-2600"}',
    '{"d": "ratio: 1.0 to 2"}',
    '{"d": "see [1.0]"}',
  ])('false for %s: no whole number written so, and the exact pass is not needed', (text) => {
    expect(byTokenWalk(text).some(isWhole)).toBe(false);
    expect(mayHaveFractionLiterals(text)).toBe(false);
  });
});
