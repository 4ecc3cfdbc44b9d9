// Findings are bounded per file: at most maxFindingsPerRule (default 1,000) per rule, the rest in
// one finding with their count. 300,000 repeated names in a 1.8 MB file made 549 MB of RSS and an
// 80 MB report; the precise memory and size bounds are measured by `pnpm robustness`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintText } from '../src/lint/lint-text.js';
import type { FileSettings } from '../src/lint/types.js';
import { FIXTURES } from './support/bin.js';

const merge = readFileSync(join(FIXTURES, 'e2e/valid/patient-merge.json'), 'utf8');
const base: FileSettings = { rules: {}, pointerOverrides: [] };
/** The merge example with `count` repeats of one member name in Demographics. */
const repeated = (count: number, name = 'x') => merge.replace('"FirstName"', `${`"${name}":0,`.repeat(count)}"FirstName"`);

describe('the findings cap', () => {
  it('keeps 1,000 repeated names and summarises the rest in one finding that counts them', () => {
    const result = lintText(repeated(300_000), 'dup.json', base);
    const dups = result.messages.filter((m) => m.ruleId === 'duplicate-key');
    expect(dups).toHaveLength(1001);
    const summary = dups.find((m) => m.omitted !== undefined)!;
    expect(summary).toMatchObject({ severity: 2, omitted: 299_999 - 1000, pointer: '/Patient/Demographics/x' });
    expect(summary.message).toMatch(/^298999 more `duplicate-key` findings/);
    // The counts include what the summary holds back: exit status and --max-warnings stay exact.
    expect(result.errorCount).toBe(299_999);
  });

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
