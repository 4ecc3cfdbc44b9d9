// A property test of the places findings are shown at: for every valid example, written in any
// layout and then damaged anywhere (characters inserted, deleted, duplicated, the end cut off),
// every message's line and column fall inside the file, and every rename's range covers the name
// it renames. Runs: CDX_FUZZ_RUNS (default 300, `pnpm fuzz` 100,000); seed: CDX_FUZZ_SEED.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { listKinds } from '@cdx/validate';
import { describe, expect, it } from 'vitest';
import { example } from '../../../scripts/robustness/hostile.mjs';
import { lintText } from '../src/lint/lint-text.js';
import type { FileSettings } from '../src/lint/types.js';
import { fuzzParameters, fuzzTimeout } from './support/fuzz.js';
import { layoutArbitrary, write } from './support/json-layout.js';
import { linesOf, outside } from './support/positions.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const fileOf = (id: string) =>
  id
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

// Every valid example (each service kind has one). Auth bodies cannot be detected: they are linted as their kind.
const EXAMPLES = listKinds()
  .filter((k) => existsSync(join(repoRoot, 'schemas/examples/valid', `${fileOf(k.id)}.json`)))
  .map((k) => ({
    kind: k.family === 'auth' ? k.id : undefined,
    value: JSON.parse(example(fileOf(k.id))) as unknown,
  }));

/** Characters that break JSON, move lines or confuse column counting. */
const damage = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 4 }),
  fc.constantFrom(
    '"',
    '{',
    '}',
    '[',
    ']',
    ',',
    ':',
    '\\',
    '\r',
    '\n',
    '\r\n',
    '\uFEFF',
    '\u2028',
    '\ud800',
    '\u0000',
    '"a": 1,',
    '"a": 1, "a": 2',
    '1e400',
    '/*',
    '//',
  ),
);

const edit = fc.oneof(
  fc.record({ op: fc.constant('insert' as const), at: fc.nat(), text: damage }),
  fc.record({ op: fc.constant('delete' as const), at: fc.nat(), length: fc.nat({ max: 40 }) }),
  fc.record({ op: fc.constant('duplicate' as const), at: fc.nat(), length: fc.nat({ max: 200 }) }),
  fc.record({ op: fc.constant('cut' as const), at: fc.nat() }),
);
type Edit = typeof edit extends fc.Arbitrary<infer T> ? T : never;

function apply(text: string, { op, at: raw, ...rest }: Edit): string {
  const at = raw % (text.length + 1);
  switch (op) {
    case 'insert':
      return text.slice(0, at) + (rest as { text: string }).text + text.slice(at);
    case 'delete':
      return text.slice(0, at) + text.slice(at + (rest as { length: number }).length);
    case 'duplicate':
      return text.slice(0, at + (rest as { length: number }).length) + text.slice(at);
    case 'cut':
      return text.slice(0, at);
  }
}

describe('line and column of every finding', () => {
  it(
    'fall inside the file, for any example in any layout with any damage',
    () => {
      const settings: FileSettings = { rules: {}, pointerOverrides: [] };
      fc.assert(
        fc.property(fc.nat(), layoutArbitrary, fc.array(edit, { maxLength: 3 }), (e, layout, edits) => {
          const { kind, value } = EXAMPLES[e % EXAMPLES.length]!;
          let text = `${layout.bom ? '\uFEFF' : ''}${write(value, layout)}${layout.newline}`;
          for (const change of edits) text = apply(text, change);
          const result = lintText(text, 'x.json', kind === undefined ? settings : { ...settings, kind });
          const lines = linesOf(text);
          expect(result.messages.flatMap((m) => outside(m, lines) ?? [])).toEqual([]);
          // A rename's range (after the BOM) holds the name it renames.
          const body = text.replace(/^\uFEFF/, '');
          for (const m of result.messages) {
            if (!m.fix) continue;
            expect(JSON.parse(body.slice(m.fix.range[0], m.fix.range[1]))).toBe(m.fix.from);
          }
        }),
        fuzzParameters(21),
      );
    },
    fuzzTimeout(20),
  );
});
