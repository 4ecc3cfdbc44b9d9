// A property test of the cache reader: a cache file is anyone's to edit, so whatever it holds —
// any JSON, a real cache with any member replaced by any value — loading it never throws, and what
// it gives back is only ever an entry of the exact shape cdx-lint writes: counts computed from its
// messages, positions whole numbers, and nothing that makes the github format print a line it did
// not mean to. Runs: CDX_FUZZ_RUNS (default 300, `pnpm fuzz` 100,000); seed: CDX_FUZZ_SEED.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LintCache } from '../src/cache/cache.js';
import { CACHE_FORMAT } from '../src/cache/entry.js';
import { format as github } from '../src/formatters/github.js';
import { lintText } from '../src/lint/lint-text.js';
import { fuzzParameters, fuzzTimeout } from './support/fuzz.js';

const KEY = 'k'.repeat(64);
const dir = mkdtempSync(join(tmpdir(), 'cdx-lint-fuzz-cache-'));
const location = join(dir, '.cdx-lint-cache');
const path = join(dir, 'a.json');

// A real entry: the messages of a file with a schema error, a misspelling (with its fix) and a repeated name.
const text = '{"Meta": {"DataModel": "PatientAdmin", "EventType": "PatientMerge", "Test": "no", "Test": 1}, "Patient": {"Demographics": {"FirstNmae": "A"}}}';
const real = { sha256: 'A'.repeat(43), ...(({ kind, messages }) => ({ kind, messages }))(lintText(text, path, { rules: {}, pointerOverrides: [] })) };

/** Every path to a value inside `value`, root included. */
function pathsOf(value: unknown, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(at);
  if (Array.isArray(value)) value.forEach((v, i) => pathsOf(v, [...at, i], out));
  else if (typeof value === 'object' && value !== null) for (const [k, v] of Object.entries(value)) pathsOf(v, [...at, k], out);
  return out;
}

function replaced(root: unknown, at: readonly (string | number)[], value: unknown): unknown {
  if (at.length === 0) return value;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const key of at.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[at.at(-1)!] = value;
  return copy;
}

const anyValue = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom(null, '', '1::error::x', '1\n::error::x', -1, 0, 1.5, 2 ** 60, true, [], {}));
const entryPaths = pathsOf(real);

/** A cache file: arbitrary JSON, or the real one with one value anywhere replaced by anything. */
const cacheText = fc.oneof(
  { weight: 1, arbitrary: fc.json({ maxDepth: 4 }) },
  {
    weight: 4,
    arbitrary: fc.tuple(fc.nat(), anyValue, fc.boolean()).map(([n, value, drop]) => {
      const at = entryPaths[n % entryPaths.length]!;
      const entry = drop && at.length > 0 ? replaced(real, at, undefined) : replaced(real, at, value);
      return JSON.stringify({ cdxLintCache: CACHE_FORMAT, key: KEY, entries: { [path]: entry } });
    }),
  },
);

describe('the cache reader, on any cache file', () => {
  it(
    'never throws, and gives back only entries of the shape it writes',
    () => {
      fc.assert(
        fc.property(cacheText, (contents) => {
          writeFileSync(location, contents);
          const cached = LintCache.load(location, '.cdx-lint-cache', KEY).get(path);
          if (cached === undefined) return;
          const { result } = cached;
          expect(result.errorCount + result.warningCount).toBe(result.messages.reduce((n, m) => n + (m.omitted ?? 1), 0));
          for (const m of result.messages) {
            for (const n of [m.line, m.column, m.endLine, m.endColumn]) expect(Number.isSafeInteger(n) && n >= 1).toBe(true);
            expect([1, 2]).toContain(m.severity);
          }
          const printed = github([result], { cwd: dir, repoRoot: dir, color: false, rules: [], version: '0', fix: 'off' });
          for (const line of printed.split('\n').filter(Boolean)) expect(line).toMatch(/^::(error|warning|notice) /);
          expect(printed.split('\n').filter(Boolean)).toHaveLength(result.messages.length);
        }),
        fuzzParameters(40),
      );
    },
    fuzzTimeout(2),
  );

  it('the real entry itself is read back as written (the property is not vacuous)', () => {
    writeFileSync(location, JSON.stringify({ cdxLintCache: CACHE_FORMAT, key: KEY, entries: { [path]: real } }));
    expect(LintCache.load(location, '.cdx-lint-cache', KEY).get(path)?.result.messages).toEqual(real.messages);
    expect(real.messages.map((m) => m.ruleId)).toEqual(expect.arrayContaining(['duplicate-key', 'schema', 'spelling-drift']));
    expect(real.messages.some((m) => m.fix)).toBe(true);
  });
});
