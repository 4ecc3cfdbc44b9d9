// The findings cap through the built bin: 300,000 repeated names make a report far smaller than the
// file, and the config file sets the cap.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, runBin } from './support/bin.js';

const merge = readFileSync(join(FIXTURES, 'e2e/valid/patient-merge.json'), 'utf8');
/** The merge example with `count` repeats of one member name in Demographics. */
const repeated = (count: number, name = 'x') => merge.replace('"FirstName"', `${`"${name}":0,`.repeat(count)}"FirstName"`);

describe('cdx-lint on 300,000 repeated names (built bin)', () => {
  it('prints a report far smaller than the file, and the config sets the cap', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cdx-lint-cap-'));
    writeFileSync(join(dir, 'dup.json'), repeated(300_000));
    const run = runBin(['--format', 'json', 'dup.json'], { cwd: dir });
    expect(run.status).toBe(1);
    expect(run.stdout.length).toBeLessThan(1_000_000); // 93 MB before
    const [result] = JSON.parse(run.stdout);
    expect(result.errorCount).toBe(299_999);
    writeFileSync(join(dir, 'cdx-lint.config.json'), JSON.stringify({ maxFindingsPerRule: 3 }));
    const capped = JSON.parse(runBin(['--format', 'json', 'dup.json'], { cwd: dir }).stdout);
    expect(capped[0].messages.filter((m: { ruleId: string }) => m.ruleId === 'duplicate-key')).toHaveLength(4);
  });
});
