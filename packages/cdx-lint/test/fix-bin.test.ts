// --fix through the built bin: the renames it writes and reports, a second run that changes nothing,
// and bytes that are not UTF-8 left as they were.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, runBin } from './support/bin.js';
import { tempCopy } from './support/temp.js';

const merge = readFileSync(join(FIXTURES, 'e2e/valid/patient-merge.json'), 'utf8');

describe('cdx-lint --fix (built bin)', () => {
  it('rewrites only the renamed names, reports them, and a second run changes nothing', () => {
    const original = readFileSync(join(FIXTURES, 'e2e/three-findings.json'), 'utf8');
    const path = tempCopy('three-findings.json', original);
    const first = runBin(['--fix', path]);
    expect(first.status).toBe(1); // the schema error is not fixable
    expect(first.stdout).toMatch(/19:7 {2}renamed {2}`FirstNmae` → `FirstName`/);
    expect(first.stdout).not.toMatch(/spelling-drift/);
    const fixed = readFileSync(path, 'utf8');
    expect(fixed).toBe(original.replace('"FirstNmae"', '"FirstName"'));
    const second = runBin(['--fix', path]);
    expect(second.stdout).not.toMatch(/renamed/);
    expect(readFileSync(path, 'utf8')).toBe(fixed);
  });

  it('--fix-dry-run reports the rename and writes nothing', () => {
    const original = readFileSync(join(FIXTURES, 'e2e/three-findings.json'), 'utf8');
    const path = tempCopy('three-findings.json', original);
    const run = runBin(['--fix-dry-run', '--format', 'json', path]);
    const [result] = JSON.parse(run.stdout);
    expect(result.output).toBe(original.replace('"FirstNmae"', '"FirstName"'));
    expect(result.fixes).toEqual([{ pointer: '/Patient/Demographics/FirstNmae', from: 'FirstNmae', to: 'FirstName', line: 19, column: 7 }]);
    expect(readFileSync(path, 'utf8')).toBe(original);
  });

  it('fixes a directory of files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cdx-lint-fixdir-'));
    cpSync(join(FIXTURES, 'e2e/fix'), dir, { recursive: true });
    const run = runBin(['--fix', dir]);
    expect(run.status).toBe(0);
    expect(readFileSync(join(dir, 'crlf-bom.json'), 'utf8')).toBe(`\uFEFF${merge.replace(/\n/g, '\r\n')}`);
  });
});

describe('--fix and bytes that are not UTF-8', () => {
  it('reports a parse error at the first such byte and never rewrites the file', () => {
    const [before, after] = merge.replace('"FirstName"', '"FirstNmae"').split('Methodist');
    const bytes = Buffer.concat([Buffer.from(`${before}Method`), Buffer.from([0xff]), Buffer.from(`ist${after}`)]);
    const path = tempCopy('latin1.json', '');
    writeFileSync(path, bytes);
    const run = runBin(['--fix', '--format', 'json', path]);
    expect(run.status).toBe(1);
    const line = `${before}Method`.split('\n').length;
    const column = `${before}Method`.split('\n').at(-1)!.length + 1;
    expect(JSON.parse(run.stdout)[0].messages).toEqual([
      expect.objectContaining({ ruleId: 'parse-error', fatal: true, line, column, message: expect.stringMatching(/not valid UTF-8: byte 0xFF/) }),
    ]);
    expect(readFileSync(path).equals(bytes)).toBe(true);
  });
});
