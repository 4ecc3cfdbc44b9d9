// Duplicate keys: the cheap count must never miss one, and the one-pass search must find each with
// its pointer, as the strict token walk (walker.ts) it replaced does, on crafted and generated texts
// (duplicates-r4.test.ts: on R4's examples).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findDuplicateKeys, mayHaveDuplicateKeys, MAX_DUPLICATE_DEPTH } from '../src/locate/duplicates.js';
import { duplicatesByTokenWalk as byTokenWalk } from './support/token-walk.js';
import { fuzzParameters } from './support/fuzz.js';

/** JSON text of a generated value whose objects repeat names from a small pool, spaced as people write it. */
const repeating = (() => {
  const name = fc.constantFrom('a', 'b', 'a"b', 'c\\', 'd\\"', '":', '__proto__', 'é', 'a/b~', 'x\u0000');
  const value = fc.letrec((tie) => ({
    node: fc.oneof({ depthSize: 'small' }, fc.integer(), fc.string(), fc.constant(null), tie('object'), fc.array(tie('node'), { maxLength: 3 })),
    object: fc.array(fc.tuple(name, tie('node')), { maxLength: 4 }),
  })).node;
  const render = (v: unknown): string =>
    Array.isArray(v) && v.every((e) => Array.isArray(e) && e.length === 2 && typeof e[0] === 'string')
      ? `{${(v as [string, unknown][]).map(([k, x]) => `${JSON.stringify(k)} : ${render(x)}`).join(',\n')}}`
      : Array.isArray(v)
        ? `[${v.map(render).join(', ')}]`
        : JSON.stringify(v);
  return value.map(render);
})();

describe('findDuplicateKeys', () => {
  it.each([
    ['none', '{"a": 1, "b": {"a": 2}}', []],
    ['one at the root', '{"a": 1, "a": 2}', [{ pointer: '/a', name: 'a', offset: 9, firstOffset: 1 }]],
    [
      'three times: the second and third',
      '{"a":1,"a":2,"a":3}',
      [
        { pointer: '/a', offset: 7 },
        { pointer: '/a', offset: 13 },
      ],
    ],
    ['nested in an array item', '{"x": [{}, {"k": 1, "k": 2}]}', [{ pointer: '/x/1/k', name: 'k' }]],
    ['escaped names that decode equal', '{"a\\u0062": 1, "ab": 2}', [{ pointer: '/ab', name: 'ab' }]],
    ['a name with / and ~', '{"a/b~": 1, "a/b~": 2}', [{ pointer: '/a~1b~0' }]],
  ])('%s', (_name, text, want) => {
    expect(findDuplicateKeys(text)).toMatchObject(want);
    expect(mayHaveDuplicateKeys(text, JSON.parse(text))).toBe(want.length > 0);
  });

  it('an escaped quote before a colon is not a member: no walk', () => {
    // R4's narratives and descriptions write `\"response-url\": …`; four files of its examples
    // (42 of 187 MB) were walked for it.
    for (const text of ['{"a": "x\\": y", "t": "09:30"}', '{"a": "x\\\\\\" : y"}', '{"a\\\\": 1, "b": "\\":"}']) {
      expect(mayHaveDuplicateKeys(text, JSON.parse(text)), text).toBe(false);
      expect(findDuplicateKeys(text)).toEqual([]);
    }
  });

  it('a name ending in an escaped backslash is still counted', () => {
    const text = '{"c\\\\": 1, "c\\\\" : 2}';
    expect(mayHaveDuplicateKeys(text, JSON.parse(text))).toBe(true);
    expect(findDuplicateKeys(text)).toMatchObject([{ pointer: '/c\\' }]);
  });

  it('a string that begins with a colon only costs the exact walk, which finds nothing', () => {
    const text = '{"definition": ":The observation"}';
    expect(mayHaveDuplicateKeys(text, JSON.parse(text))).toBe(true);
    expect(findDuplicateKeys(text)).toEqual([]);
  });

  it('finds what the strict token walk finds, at the same pointers and offsets, on generated JSON', () => {
    fc.assert(
      fc.property(repeating, (text) => {
        expect(findDuplicateKeys(text)).toEqual(byTokenWalk(text));
      }),
      fuzzParameters(43),
    );
  });

  it('stops at MAX_DUPLICATE_DEPTH as the walk did', () => {
    const deep = (depth: number) => `${'{"k":'.repeat(depth)}{"a":1,"a":2}${'}'.repeat(depth)}`;
    expect(findDuplicateKeys(deep(MAX_DUPLICATE_DEPTH - 1))).toHaveLength(1);
    expect(findDuplicateKeys(deep(MAX_DUPLICATE_DEPTH))).toEqual([]);
    expect(findDuplicateKeys(deep(MAX_DUPLICATE_DEPTH - 1))).toEqual(byTokenWalk(deep(MAX_DUPLICATE_DEPTH - 1)));
  });

  it('the cheap check never misses a repeat the walk finds, on arbitrary JSON', () => {
    fc.assert(
      fc.property(repeating, (text) => {
        if (findDuplicateKeys(text).length > 0) expect(mayHaveDuplicateKeys(text, JSON.parse(text))).toBe(true);
      }),
      fuzzParameters(41),
    );
  });
});
