// The strict walk reports where text stops being JSON, in words that say what to write, and
// accepts exactly what JSON.parse accepts.
import { describe, expect, it } from 'vitest';
import { LineIndex } from '../src/locate/text.js';
import { walkJson } from '../src/locate/walker.js';
import { jsonReader } from '../src/sources/json.js';

function problemAt(text: string) {
  const problem = walkJson(text);
  if (!problem) return undefined;
  return { ...new LineIndex(text).position(problem.offset), message: problem.message };
}

describe('syntax errors', () => {
  it.each([
    ['a trailing comma in an object', '{\n  "a": 1,\n}', 2, 9, /Trailing comma/],
    ['a trailing comma in an array', '[1, 2,\n]', 1, 6, /Trailing comma.*`\]`/],
    ['a missing comma', '{"a": 1\n "b": 2}', 2, 2, /Expected `,` or `}` after the member `"a"`/],
    ['a missing colon', '{"a" 1}', 1, 6, /Expected `:` after the member name `"a"`/],
    ['a single-quoted name', "{'a': 1}", 1, 2, /Unexpected `'a'/],
    ['a comment', '{\n  // note\n  "a": 1\n}', 2, 3, /JSON has no comments/],
    ['an unterminated string', '{"a": "b}', 1, 7, /Unterminated string/],
    ['a raw tab in a string: at the tab', '{"a": "x\ty"}', 1, 9, /control character/],
    ['a raw line break in a string: at the break, with both ways out', '{"a": "x\ny"}', 1, 9, /line break.*`\\n`.*closing `"`/],
    ['a raw CR LF in a string', '{"a": "xy\r\n z"}', 1, 10, /line break/],
    ['a bad escape', '{"a": "\\x"}', 1, 7, /Invalid escape/],
    ['a leading zero', '{"a": 01}', 1, 7, /leading zeros/],
    ['NaN', '{"a": NaN}', 1, 7, /Unexpected `NaN`/],
    ['a missing closing brace', '{"a": {"b": 1}', 1, 15, /expected `,` or `}` to close the object opened at line 1, column 1\./],
    ['a missing closing bracket on a later line', '{\n  "a": [1,\n    2', 3, 6, /expected `,` or `\]` to close the array opened at line 2, column 8\./],
    ['two values', '{} {}', 1, 4, /after the end of the JSON value/],
    ['an empty file', '', 1, 1, /empty/],
    ['a no-break space between tokens', '{"a":\u00a01}', 1, 6, /U\+00A0/],
  ])('%s', (_name, text, line, column, message) => {
    expect(() => JSON.parse(text)).toThrow();
    const problem = problemAt(text);
    expect(problem).toMatchObject({ line, column });
    expect(problem?.message).toMatch(message);
  });

  it.each([
    ['nested values', '{"a": [1, -2.5e3, "x\\u00e9", true, false, null, {}], "b": {}}'],
    ['a BOM-less empty object', '{}'],
    ['escaped quotes and slashes', '{"a\\"b": "\\\\", "c/d": "\\/"}'],
    ['whitespace of every JSON kind', ' \t\r\n{ "a" :\r\n 1 }\n'],
    ['a scalar document', '42'],
  ])('accepts %s, as JSON.parse does', (_name, text) => {
    expect(() => JSON.parse(text)).not.toThrow();
    expect(walkJson(text)).toBeUndefined();
  });

  it('walks 100,000 levels of nesting and reports the missing bracket at the end', () => {
    const text = `${'['.repeat(100_000)}${']'.repeat(99_999)}`;
    expect(walkJson(text)?.message).toMatch(/Unexpected end of file/);
  });
});

describe('jsonReader', () => {
  it('reads a file with a BOM and keeps the BOM for writing back', () => {
    const outcome = jsonReader.read('\uFEFF{"a": 1}');
    expect(outcome.ok && outcome.prefix).toBe('\uFEFF');
    expect(outcome.ok && outcome.documents.map((d) => d.value)).toEqual([{ a: 1 }]);
  });

  it('takes values from JSON.parse: __proto__ is an own member, not a prototype', () => {
    const outcome = jsonReader.read('{"__proto__": {"polluted": true}}');
    expect(outcome.ok).toBe(true);
    const value = outcome.ok ? (outcome.documents[0]!.value as Record<string, unknown>) : {};
    expect(Object.keys(value)).toEqual(['__proto__']);
    expect((value as { polluted?: unknown }).polluted).toBeUndefined();
  });
});
