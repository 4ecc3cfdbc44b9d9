// Hostile input through the built bin: every file scripts/robustness/hostile.mjs builds (at 20 MB
// here) gets findings with a rule id and a place inside the file, exit status 1, no stack trace.
// Time and memory are `pnpm robustness`'s to measure (rss.mjs at 200 MB, budgets.mjs); the timeouts
// here only guard against a hang. Deep nesting is in cli.test.ts.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { hostileFiles, type HostileFile } from '../../../scripts/robustness/hostile.mjs';
import type { LintResult } from '../src/index.js';
import { HANG_GUARD_MS, runBin } from './support/bin.js';
import { linesOf, outside } from './support/positions.js';

const files = hostileFiles({ mb: 20 });
const dir = mkdtempSync(join(tmpdir(), 'cdx-lint-hostile-'));
for (const file of files) writeFileSync(join(dir, `${file.name}.json`), file.bytes);

/** Characters no report may print raw: C0 but line breaks, DEL, C1, U+2028/9, bidi controls. */
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

describe('hostile input (built bin)', () => {
  let run: ReturnType<typeof runBin>;
  const results = new Map<string, LintResult>();
  beforeAll(() => {
    run = runBin(['--format', 'json', dir], { timeout: HANG_GUARD_MS });
    for (const result of JSON.parse(run.stdout) as LintResult[]) results.set(result.filePath.slice(dir.length + 1, -'.json'.length), result);
  });

  it('lints them all in one run: exit 1, no stack trace, nothing left out', () => {
    expect(run.signal).toBeNull();
    expect(run.stderr).toBe('');
    expect(run.status).toBe(1);
    expect([...results.keys()].sort()).toEqual(files.map((f) => f.name).sort());
  });

  it.each(files.map((f) => [f.name, f] as const))('%s', (name, file: HostileFile) => {
    const result = results.get(name)!;
    const lines = linesOf(file.bytes.toString('utf8'));
    expect([...new Set(result.messages.map((m) => m.ruleId))]).toEqual(expect.arrayContaining(file.rules));
    if (file.fatal) expect(result).toMatchObject({ fatalErrorCount: 1, messages: [{ ruleId: 'parse-error', fatal: true }] });
    if (file.at) expect(result.messages.map((m) => [m.line, m.column])).toContainEqual([file.at.line, file.at.column]);
    expect(result.messages.flatMap((m) => outside(m, lines) ?? [])).toEqual([]);
    // A short prefix of any user value at most: the member names here run to 10 MB.
    expect(Math.max(...result.messages.slice(0, 1000).map((m) => m.message.length))).toBeLessThan(400);
  });
});

describe('hostile input: every format escapes control characters', () => {
  const small = mkdtempSync(join(tmpdir(), 'cdx-lint-escape-'));
  const picked = ['control-characters-in-names', 'escape-sequence-between-tokens', 'nul-between-tokens', 'nul-escaped', 'lone-surrogates', 'utf16le'];
  for (const file of files.filter((f) => picked.includes(f.name))) writeFileSync(join(small, `${file.name}.json`), file.bytes);
  // A file name is user data too: ESC, BEL, a line break and a right-to-left override in one.
  const evil = join(small, 'names');
  mkdirSync(evil);
  writeFileSync(join(evil, 'evil\u001b[31m\u0007\n\u202e.json'), files.find((f) => f.name === 'control-characters-in-names')!.bytes);

  it.each([['stylish'], ['github'], ['json'], ['sarif']])('%s', (format) => {
    const run = runBin(['--format', format, small]);
    expect(run.status).toBe(1);
    expect(run.stdout.length).toBeGreaterThan(0);
    expect(run.stdout).not.toMatch(RAW_CONTROL);
    if (format === 'stylish') expect(run.stdout).toContain('evil\\u001b[31m\\u0007\\u000a\\u202e.json');
  });
});

describe('regressions found by the hostile inputs', () => {
  const settings = { rules: {}, pointerOverrides: [] };

  it('200,000 repeated names are reported, not a stack overflow (push(...) of the findings)', async () => {
    const { lintText } = await import('../src/lint/lint-text.js');
    const text = `{"a": 0${', "a": 0'.repeat(200_000)}}`;
    const result = lintText(text, 'x.json', { ...settings, maxFindingsPerRule: Infinity });
    expect(result.messages.filter((m) => m.ruleId === 'duplicate-key')).toHaveLength(200_000);
    const { format } = await import('../src/formatters/stylish.js');
    expect(format([result], { cwd: '/', repoRoot: '/', color: false, rules: [], version: '0', fix: 'off' })).toMatch(/200001 problems/);
  });

  // It hung past 2 minutes and 3 GB: each repeat built a pointer as long as its depth.
  it('names repeated at every one of 100,000 levels: the first 512 levels are reported', async () => {
    const { lintText } = await import('../src/lint/lint-text.js');
    const { MAX_DUPLICATE_DEPTH } = await import('../src/locate/duplicates.js');
    const depth = 100_000;
    const result = lintText(`${'{"a":'.repeat(depth)}1${',"a":2}'.repeat(depth)}`, 'x.json', settings);
    expect(result.messages.filter((m) => m.ruleId === 'duplicate-key')).toHaveLength(MAX_DUPLICATE_DEPTH);
  });

  // 30 s before: every repeat scanned everything located so far, and every pointer listed its 500 ancestors.
  it('thousands of names repeated 500 levels down are each located', async () => {
    const { lintText } = await import('../src/lint/lint-text.js');
    const names = 20_000;
    const text = `${'{"a":'.repeat(500)}{${Array.from({ length: names }, (_, i) => `"k${i}":1,"k${i}":{}`).join(',')}}${'}'.repeat(500)}`;
    const result = lintText(text, 'x.json', { ...settings, maxFindingsPerRule: Infinity });
    expect(result.messages.filter((m) => m.ruleId === 'duplicate-key')).toHaveLength(names);
  });
});

describe('member names JavaScript treats specially, in process', () => {
  it('__proto__, constructor and prototype at every level: linted and fixed, Object.prototype untouched', async () => {
    const { lintText } = await import('../src/lint/lint-text.js');
    const { fixText } = await import('../src/lint/process-file.js');
    const before = Object.getOwnPropertyNames(Object.prototype).sort();
    const text = files
      .find((f) => f.name === 'prototype-names')!
      .bytes.toString('utf8')
      .replace('"FirstName"', '"FirstNmae"');
    // A config's knownVariants comes from JSON.parse too: `__proto__` as an own member.
    const settings = {
      rules: {},
      pointerOverrides: [],
      ruleOptions: { knownVariants: JSON.parse('{"__proto__": "Notes", "constructor": "Notes"}') as Record<string, string> },
    };
    expect(lintText(text, 'x.json', settings).messages.filter((m) => m.pointer.endsWith('/__proto__')).length).toBeGreaterThan(3);
    const { fixes } = fixText(text, 'x.json', settings);
    expect(fixes.map((f) => f.to)).toContain('FirstName');
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('the github format shows at most 200 characters of a pointer', async () => {
    const { format } = await import('../src/formatters/github.js');
    const message = {
      ruleId: 'unknown-field',
      severity: 1 as const,
      message: 'm',
      line: 1,
      column: 1,
      endLine: 1,
      endColumn: 2,
      pointer: `/${'N'.repeat(1_000_000)}`,
    };
    const result = {
      filePath: '/r/x.json',
      kind: null,
      messages: [message],
      suppressedMessages: [],
      errorCount: 0,
      warningCount: 1,
      fatalErrorCount: 0,
      fixableErrorCount: 0,
      fixableWarningCount: 0,
      usedDeprecatedRules: [] as [],
    };
    expect(format([result], { cwd: '/r', repoRoot: '/r', color: false, rules: [], version: '0', fix: 'off' }).length).toBeLessThan(400);
  });
});
