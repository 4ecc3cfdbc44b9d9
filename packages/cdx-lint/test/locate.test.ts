// Pointer → line/column in the original text: BOM and CRLF aware, missing members at the parent's
// opening, repeated names resolved as JSON.parse resolves them, any nesting depth.
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { locatePointers, spanOf } from '../src/locate/locate.js';
import { lastToken, pointerToken, pointerTokens } from '../src/locate/pointer.js';
import { LineIndex, splitBom } from '../src/locate/text.js';
import { fuzzParameters } from './support/fuzz.js';
import { layoutArbitrary, write } from './support/json-layout.js';

function span(raw: string, pointer: string) {
  const { body } = splitBom(raw);
  const found = locatePointers(body, [pointer]);
  return spanOf(pointer, found, new LineIndex(body));
}

const DOC = ['{', '  "Meta": {', '    "DataModel": "PatientAdmin",', '    "Tags": [1, {"x": true}]', '  },', '  "a/b": null', '}'].join('\n');

describe('spanOf', () => {
  it.each([
    ['a scalar member: name to end of value', DOC, '/Meta/DataModel', { line: 3, column: 5, endLine: 3, endColumn: 32 }],
    ['an object member: its name only', DOC, '/Meta', { line: 2, column: 3, endLine: 2, endColumn: 9 }],
    ['an array item: its token', DOC, '/Meta/Tags/0', { line: 4, column: 14, endLine: 4, endColumn: 15 }],
    ['a member inside an array item', DOC, '/Meta/Tags/1/x', { line: 4, column: 18, endLine: 4, endColumn: 27 }],
    ['an escaped pointer token', DOC, '/a~1b', { line: 6, column: 3, endLine: 6, endColumn: 14 }],
    ['a missing member: the parent object opening', DOC, '/Meta/EventType', { line: 2, column: 11, endLine: 2, endColumn: 12 }],
    ['a member missing two levels down: the nearest ancestor', DOC, '/Patient/Identifiers', { line: 1, column: 1, endLine: 1, endColumn: 2 }],
    ['the root', DOC, '', { line: 1, column: 1, endLine: 1, endColumn: 2 }],
    ['CRLF line ends count once', DOC.replace(/\n/g, '\r\n'), '/Meta/DataModel', { line: 3, column: 5, endLine: 3, endColumn: 32 }],
    ['a lone CR ends a line', DOC.replace(/\n/g, '\r'), '/a~1b', { line: 6, column: 3, endLine: 6, endColumn: 14 }],
    ['a BOM is not a column', `\uFEFF${DOC}`, '/Meta', { line: 2, column: 3, endLine: 2, endColumn: 9 }],
    ['the last of a repeated name, as JSON.parse keeps it', '{"a": 1,\n"a": {"b": 2}}', '/a/b', { line: 2, column: 7, endLine: 2, endColumn: 13 }],
    ['columns count UTF-16 units', '{"é😀": 1, "k": 2}', '/k', { line: 1, column: 12, endLine: 1, endColumn: 18 }],
  ])('%s', (_name, text, pointer, want) => {
    expect(span(text, pointer)).toEqual(want);
  });

  it('finds a pointer 100,000 levels deep without overflowing the stack', () => {
    const depth = 100_000;
    const text = `${'['.repeat(depth)}1${']'.repeat(depth)}`;
    const pointer = '/0'.repeat(600);
    expect(span(text, pointer)).toEqual({ line: 1, column: 601, endLine: 1, endColumn: 602 });
  });
});

describe('locatePointers', () => {
  it('stops early when the text has no repeated names, with the same spans', () => {
    const pointers = ['/Meta/DataModel', '/Meta/Tags/1', '/Meta/Missing'];
    const lines = new LineIndex(DOC);
    const early = locatePointers(DOC, pointers, false);
    const full = locatePointers(DOC, pointers, true);
    for (const p of pointers) expect(spanOf(p, early, lines)).toEqual(spanOf(p, full, lines));
  });
});

/** Every value inside `value` with its pointer and the member name that holds it. */
function everyValue(value: unknown, pointer = '', name?: string): { pointer: string; value: unknown; name: string | undefined }[] {
  const children: [string | number, unknown][] = Array.isArray(value)
    ? value.map((v, i) => [i, v])
    : typeof value === 'object' && value !== null
      ? Object.entries(value)
      : [];
  return [
    { pointer, value, name },
    ...children.flatMap(([key, child]) => everyValue(child, `${pointer}/${pointerToken(key)}`, typeof key === 'string' ? key : undefined)),
  ];
}

describe('locatePointers on any JSON in any layout', () => {
  it('places every value and member name where the text holds it', () => {
    const values = fc.oneof(fc.jsonValue(), fc.dictionary(fc.constantFrom('a', 'b/c', 'd~e', '"', '\\', '[', '{}', 'é'), fc.jsonValue()));
    fc.assert(
      fc.property(values, layoutArbitrary, fc.boolean(), (value, layout, early) => {
        const text = write(value, layout);
        const all = everyValue(value);
        const found = locatePointers(
          text,
          all.map((v) => v.pointer),
          !early,
        );
        for (const { pointer, value: expected, name } of all) {
          const location = found.get(pointer)!;
          // A container's end is known once its closing bracket is read, which an early stop may skip.
          if (location.shape === 'scalar' || !early)
            expect(JSON.stringify(JSON.parse(text.slice(location.offset, location.end)))).toBe(JSON.stringify(expected));
          else expect(text[location.offset]).toBe(Array.isArray(expected) ? '[' : '{');
          if (name === undefined) expect(location.keyOffset).toBe(-1);
          else expect(JSON.parse(text.slice(location.keyOffset, location.keyOffset + location.keyLength))).toBe(name);
        }
      }),
      fuzzParameters(31),
    );
  });
});

/** Line and column of every offset by reading the text from its start each time: what LineIndex must give. */
function reference(text: string, offset: number): { line: number; column: number } {
  const at = Math.max(0, Math.min(offset, text.length));
  let line = 1;
  let start = 0;
  for (let i = 0; i < at; i++) {
    const c = text.charCodeAt(i);
    // A CR before an LF ends its line with the LF; an offset between the two is the end of the CR's line.
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) {
      line++;
      start = i + 1;
    }
  }
  const midLineEnd = at > 0 && text.charCodeAt(at - 1) === 13 && text.charCodeAt(at) === 10;
  return { line, column: at - start + (midLineEnd ? 0 : 1) };
}

describe('LineIndex', () => {
  it('clamps offsets past the end', () => {
    expect(new LineIndex('ab\ncd').position(99)).toEqual({ line: 2, column: 3 });
  });

  it('gives every position as reading from the start would, asked in any order, for LF, CRLF and CR lines', () => {
    const text = fc.array(fc.constantFrom('a', 'bc', '\n', '\r\n', '\r', '\n\n', '\r\r\n'), { maxLength: 40 }).map((parts) => parts.join(''));
    const offsets = (length: number) => fc.array(fc.integer({ min: 0, max: length + 2 }), { maxLength: 12 });
    fc.assert(
      fc.property(
        text.chain((t) => fc.tuple(fc.constant(t), offsets(t.length))),
        ([t, asked]) => {
          const lines = new LineIndex(t);
          for (const offset of asked) expect(lines.position(offset), `${JSON.stringify(t)} @${offset}`).toEqual(reference(t, offset));
        },
      ),
      fuzzParameters(37),
    );
  });

  it('reads a large text only as far as the positions asked for', () => {
    const text = `{"resourceType": "Bundle"}\n${'x'.repeat(50)}\n`.repeat(100_000);
    const indexOf = vi.spyOn(String.prototype, 'indexOf');
    try {
      const lines = new LineIndex(text);
      expect(lines.position(20)).toEqual({ line: 1, column: 21 });
      // The line ends looked for: up to the first past offset 20, not the 200,000 of the text.
      expect(indexOf.mock.calls.filter(([searched]) => searched === '\n').length).toBeLessThan(3);
      expect(lines.position(text.length - 1)).toEqual(reference(text, text.length - 1));
    } finally {
      indexOf.mockRestore();
    }
  });

  it('looks for the next CR again only once past it, not at every position asked (linear in the text)', () => {
    // Without CRs, a search per call read the rest of the text each time: findings down a large
    // file cost its length times their number.
    const text = `${'{"a": 1}\n'.repeat(2_000)}\r\n${'{"a": 1}\n'.repeat(2_000)}`;
    const indexOf = vi.spyOn(String.prototype, 'indexOf');
    try {
      const lines = new LineIndex(text);
      for (let line = 0; line < 4_001; line += 7) lines.position(line * 9 + 3);
      expect(lines.position(text.length - 1)).toEqual(reference(text, text.length - 1));
      expect(indexOf.mock.calls.filter(([searched]) => searched === '\r').length).toBeLessThanOrEqual(3);
    } finally {
      indexOf.mockRestore();
    }
  });

  it('reads a CRLF text a line at a time, with native searches, not a character at a time', () => {
    const text = `${'{"a": 1}\r\n'.repeat(2_000)}\r${'{"a": 1}\n'.repeat(10)}`;
    const expected = reference(text, text.length - 1);
    const charCodeAt = vi.spyOn(String.prototype, 'charCodeAt');
    try {
      const lines = new LineIndex(text);
      expect(lines.position(text.length - 1)).toEqual(expected);
      // One look after each CR (is an LF next?) and two for the position: not the text's 20,000 characters.
      expect(charCodeAt.mock.calls.length).toBeLessThanOrEqual(2_001 + 2);
    } finally {
      charCodeAt.mockRestore();
    }
  });
});

describe('pointer tokens', () => {
  it('unescape each token as RFC 6901 says (`~1` before `~0`), the root having none', () => {
    expect(pointerTokens('')).toEqual([]);
    expect(pointerTokens('/entry/0/resource')).toEqual(['entry', '0', 'resource']);
    expect(pointerTokens('/a~1b/c~0d/~01')).toEqual(['a/b', 'c~d', '~1']);
    expect(pointerTokens('/')).toEqual(['']);
    expect(lastToken('/x/~01')).toBe('~1');
  });
});
