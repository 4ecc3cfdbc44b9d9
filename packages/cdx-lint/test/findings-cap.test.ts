// Findings are bounded per file: at most maxFindingsPerRule (default 1,000) per rule, the rest in
// one finding with their count. 300,000 repeated names in a 1.8 MB file made 549 MB of RSS and an
// 80 MB report; the precise memory and size bounds are measured by `pnpm robustness`.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintText } from '../src/lint/lint-text.js';
import type { FileSettings } from '../src/lint/types.js';
import { FIXTURES, runBin } from './support/bin.js';

const merge = readFileSync(join(FIXTURES, 'e2e/valid/patient-merge.json'), 'utf8');
const base: FileSettings = { rules: {}, pointerOverrides: [] };
/** The merge example with `count` repeats of one member name in Demographics. */
const repeated = (count: number, name = 'x') => merge.replace('"FirstName"', `${`"${name}":0,`.repeat(count)}"FirstName"`);

describe('the findings cap', () => {
  it('keeps 1,000 repeated names and summarises the rest in one finding that counts them', () => {
    const started = performance.now();
    const result = lintText(repeated(300_000), 'dup.json', base);
    expect(performance.now() - started).toBeLessThan(60_000); // a hang guard; measured by pnpm robustness
    const dups = result.messages.filter((m) => m.ruleId === 'duplicate-key');
    expect(dups).toHaveLength(1001);
    const summary = dups.find((m) => m.omitted !== undefined)!;
    expect(summary).toMatchObject({ severity: 2, omitted: 299_999 - 1000, pointer: '/Patient/Demographics/x' });
    expect(summary.message).toMatch(/^298999 more `duplicate-key` findings/);
    // The counts include what the summary holds back: exit status and --max-warnings stay exact.
    expect(result.errorCount).toBe(299_999);
  }, 120_000);

  it('is configurable per file, and counts warnings for --max-warnings', () => {
    const text = merge.replace('"FirstName"', `${Array.from({ length: 50 }, (_, i) => `"Nick${i}": 0,`).join('')}"FirstName"`);
    const result = lintText(text, 'x.json', { ...base, maxFindingsPerRule: 10 });
    const unknown = result.messages.filter((m) => m.ruleId === 'unknown-field' || m.ruleId === 'spelling-drift');
    expect(unknown.length).toBeLessThanOrEqual(22);
    expect(result.warningCount).toBe(50);
  });

  it('counts only what pointer overrides and --quiet leave', () => {
    const text = repeated(3000);
    const off = lintText(text, 'x.json', { ...base, pointerOverrides: [{ pointers: ['/Patient/Demographics/x'], rules: { 'duplicate-key': 'off' } }] });
    expect(off.messages.filter((m) => m.ruleId === 'duplicate-key')).toEqual([]);
    const quiet = lintText(text.replace('"Test": false', '"Test": "no"'), 'x.json', { ...base, quiet: true, maxFindingsPerRule: 5 });
    expect(quiet.messages.map((m) => m.ruleId)).toEqual([
      'schema',
      'duplicate-key',
      'duplicate-key',
      'duplicate-key',
      'duplicate-key',
      'duplicate-key',
      'duplicate-key',
    ]);
    expect(quiet.errorCount).toBe(3000);
  });
});

describe('cdx-lint on 300,000 repeated names (built bin)', () => {
  it('prints a report far smaller than the file, and the config sets the cap', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cdx-lint-cap-'));
    writeFileSync(join(dir, 'dup.json'), repeated(300_000));
    const run = runBin(['--format', 'json', 'dup.json'], { cwd: dir, timeout: 120_000 });
    expect(run.status).toBe(1);
    expect(run.stdout.length).toBeLessThan(1_000_000); // 93 MB before
    const [result] = JSON.parse(run.stdout);
    expect(result.errorCount).toBe(299_999);
    writeFileSync(join(dir, 'cdx-lint.config.json'), JSON.stringify({ maxFindingsPerRule: 3 }));
    const capped = JSON.parse(runBin(['--format', 'json', 'dup.json'], { cwd: dir, timeout: 120_000 }).stdout);
    expect(capped[0].messages.filter((m: { ruleId: string }) => m.ruleId === 'duplicate-key')).toHaveLength(4);
  }, 240_000);
});
