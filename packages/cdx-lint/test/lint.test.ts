// lintText: findings placed on their lines, severities settled by file and pointer overrides.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintFiles, lintText } from '../src/index.js';
import { lintText as lintWith } from '../src/lint/lint-text.js';
import type { FileSettings, PointerOverride } from '../src/lint/types.js';
import { FIXTURES } from './support/bin.js';

const three = readFileSync(join(FIXTURES, 'e2e/three-findings.json'), 'utf8');
const base: FileSettings = { rules: {}, pointerOverrides: [] };
const summary = (settings: Partial<FileSettings>, text = three) =>
  lintWith(text, 'x.json', { ...base, ...settings }).messages.map((m) => `${m.line}:${m.column} ${m.severity} ${m.ruleId}`);

describe('lintText', () => {
  it('places the three findings on their lines', () => {
    expect(summary({})).toEqual(['5:5 2 schema', '19:7 1 spelling-drift', '44:5 1 unknown-field']);
  });

  const silence = (pointers: string[], rules: PointerOverride['rules']): PointerOverride[] => [{ pointers, rules }];
  it.each([
    ['a file-level setting', { rules: { 'unknown-field': 'error' as const } }, ['5:5 2 schema', '19:7 1 spelling-drift', '44:5 2 unknown-field']],
    [
      'a pointer override silences one finding',
      { pointerOverrides: silence(['/Patient/Nickname'], { 'unknown-field': 'off' }) },
      ['5:5 2 schema', '19:7 1 spelling-drift'],
    ],
    [
      'a pointer override covers what is inside it',
      { pointerOverrides: silence(['/Patient'], { 'spelling-drift': 'off' }) },
      ['5:5 2 schema', '44:5 1 unknown-field'],
    ],
    [
      'a pointer override leaves other pointers alone',
      { pointerOverrides: silence(['/Patient/Other'], { 'unknown-field': 'off' }) },
      ['5:5 2 schema', '19:7 1 spelling-drift', '44:5 1 unknown-field'],
    ],
    [
      'a rule off for the file but on at one pointer',
      { rules: { 'unknown-field': 'off' as const }, pointerOverrides: silence(['/Patient/Nickname'], { 'unknown-field': 'error' }) },
      ['5:5 2 schema', '19:7 1 spelling-drift', '44:5 2 unknown-field'],
    ],
    ['quiet drops warnings', { quiet: true }, ['5:5 2 schema']],
  ])('%s', (_name, settings, want) => {
    expect(summary(settings)).toEqual(want);
  });

  it('duplicate-key can be turned off', () => {
    const text = readFileSync(join(FIXTURES, 'e2e/rules/duplicate-key.json'), 'utf8');
    expect(summary({}, text)).toEqual(['22:7 2 duplicate-key']);
    expect(summary({ rules: { 'duplicate-key': 'off' } }, text)).toEqual([]);
  });

  it('a clean file has no messages and its kind', () => {
    const result = lintWith(readFileSync(join(FIXTURES, 'e2e/valid/available-slots.json'), 'utf8'), 'x.json', base);
    expect(result).toMatchObject({ kind: 'Scheduling/AvailableSlots', messages: [], errorCount: 0, warningCount: 0 });
  });

  it('never echoes a large value', () => {
    const text = three.replace('"yesterday"', JSON.stringify('x'.repeat(100_000)));
    for (const m of lintWith(text, 'x.json', base).messages) expect(m.message.length).toBeLessThan(300);
  });

  it('parse errors are fatal and carry no kind', () => {
    const result = lintWith('{"a": 1,}', 'x.json', base);
    expect(result).toMatchObject({ kind: null, errorCount: 1, fatalErrorCount: 1, messages: [{ ruleId: 'parse-error', fatal: true, line: 1, column: 8 }] });
  });
});

describe('programmatic API', () => {
  it('lintText uses the config that applies at cwd and the file path for its globs', () => {
    const cwd = join(FIXTURES, 'configured');
    const token = readFileSync(join(cwd, 'auth/token-request.json'), 'utf8');
    expect(lintText(token, { cwd, filePath: 'auth/token-request.json' })).toMatchObject({ kind: 'auth/TokenRequest', messages: [] });
    expect(lintText(token, { cwd, filePath: 'elsewhere.json' }).messages[0]?.ruleId).toBe('unknown-kind');
  });

  it('lintFiles expands directories and returns ESLint-shaped results', async () => {
    const results = await lintFiles(['e2e/rules'], { cwd: FIXTURES, concurrency: 'off' });
    expect(results.map((r) => [r.filePath.slice(FIXTURES.length + 1), r.messages[0]?.ruleId])).toEqual([
      ['e2e/rules/data-on-demand.json', 'data-on-demand'],
      ['e2e/rules/destinations.json', 'destinations'],
      ['e2e/rules/duplicate-key.json', 'duplicate-key'],
      ['e2e/rules/parse-error.json', 'parse-error'],
      ['e2e/rules/schema.json', 'schema'],
      ['e2e/rules/spelling-drift-required.json', 'spelling-drift'],
      ['e2e/rules/spelling-drift.json', 'spelling-drift'],
      ['e2e/rules/unknown-field.json', 'unknown-field'],
      ['e2e/rules/unknown-kind.json', 'unknown-kind'],
    ]);
  });
});
