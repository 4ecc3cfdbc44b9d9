// The flags an ESLint user types, through the built bin: --stdin, --ignore-pattern, --rule in
// ESLint's form (and a did-you-mean for a misspelt rule id), --no-ignore, --no-warn-ignored,
// --output-file, --format <file or package>, `.` when nothing is named, and a named ignored file
// in the results as a warning. Exit statuses as ESLint's: 0, 1 (errors, too many warnings), 2.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, runBin } from './support/bin.js';

const threeFindings = readFileSync(join(FIXTURES, 'e2e/three-findings.json'), 'utf8');
const merge = readFileSync(join(FIXTURES, 'e2e/valid/patient-merge.json'), 'utf8');

/** A project: fixtures/three.json (1 error, 2 warnings), fixtures/clean.json, dist/x.json (ignored by default). */
function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cdx-lint-eslint-flags-'));
  for (const sub of ['fixtures', 'dist']) mkdirSync(join(dir, sub));
  writeFileSync(join(dir, 'fixtures/three.json'), threeFindings);
  writeFileSync(join(dir, 'fixtures/clean.json'), merge);
  writeFileSync(join(dir, 'dist/x.json'), '{"not": "a payload"}');
  return dir;
}

interface JsonResult {
  filePath: string;
  messages: { ruleId: string; severity: number; message: string }[];
  warningCount: number;
}
const json = (stdout: string) => JSON.parse(stdout) as JsonResult[];
const rulesOf = (stdout: string) => json(stdout).map((r) => [r.filePath.split('/').slice(-2).join('/'), r.messages.map((m) => m.ruleId)]);

describe('stdin', () => {
  it('--stdin --stdin-filename lints stdin as that file, as - does', () => {
    const run = runBin(['--stdin', '--stdin-filename', 'fixtures/three.json', '-f', 'json'], { cwd: project(), input: threeFindings });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(1);
    expect(rulesOf(run.stdout)).toEqual([['fixtures/three.json', ['schema', 'spelling-drift', 'unknown-field']]]);
  });

  it('--stdin with files named too is a usage error', () => {
    const run = runBin(['--stdin', 'fixtures'], { cwd: project() });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('Read either stdin (--stdin or -) or files, not both.');
  });
});

describe('no file named', () => {
  it('lints the working directory, as ESLint lints .', () => {
    const run = runBin(['-f', 'json'], { cwd: project() });
    expect(run.status).toBe(1);
    expect(rulesOf(run.stdout)).toEqual([
      ['fixtures/clean.json', []],
      ['fixtures/three.json', ['schema', 'spelling-drift', 'unknown-field']],
    ]);
  });
});

describe('ignored files', () => {
  it('a named ignored file is in the results with an ignored-file warning, also in -f json', () => {
    const run = runBin(['-f', 'json', 'dist/x.json', 'fixtures/clean.json'], { cwd: project() });
    expect([run.status, run.stderr]).toEqual([0, '']);
    const [clean, ignored] = json(run.stdout);
    expect(clean!.messages).toEqual([]);
    expect(ignored).toMatchObject({ warningCount: 1, messages: [{ ruleId: 'ignored-file', severity: 1 }] });
    expect(ignored!.messages[0]!.message).toBe(
      'File ignored by default ("dist/": never a payload); use --no-ignore to lint it, or --no-warn-ignored to hide this warning.',
    );
  });

  it('--max-warnings counts it', () => {
    const run = runBin(['--max-warnings', '0', 'dist/x.json'], { cwd: project() });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('ignored-file');
  });

  it('--no-warn-ignored leaves it out; --no-ignore lints it', () => {
    const quiet = runBin(['-f', 'json', '--no-warn-ignored', 'dist/x.json'], { cwd: project() });
    expect([quiet.status, quiet.stdout]).toEqual([0, '[]\n']);
    const linted = runBin(['-f', 'json', '--no-ignore', 'dist/x.json'], { cwd: project() });
    expect(linted.status).toBe(1);
    expect(rulesOf(linted.stdout)).toEqual([['dist/x.json', ['unknown-kind']]]);
  });

  it('--ignore-pattern ignores files relative to the working directory; a named one gets the warning', () => {
    const dir = project();
    const walked = runBin(['-f', 'json', '--ignore-pattern', 'fixtures/three.json', '.'], { cwd: dir });
    expect([walked.status, rulesOf(walked.stdout)]).toEqual([0, [['fixtures/clean.json', []]]]);
    const named = runBin(['-f', 'json', '--ignore-pattern', '**/three.json', 'fixtures/three.json'], { cwd: dir });
    expect(named.status).toBe(0);
    expect(json(named.stdout)[0]!.messages[0]!.message).toBe(
      'File ignored by --ignore-pattern "**/three.json"; use --no-ignore to lint it, or --no-warn-ignored to hide this warning.',
    );
    const overridden = runBin(['-f', 'json', '--no-ignore', '--ignore-pattern', 'fixtures/', 'fixtures/three.json'], { cwd: dir });
    expect(overridden.status).toBe(1);
  });

  it('a stdin file name that is ignored gets the warning in the results', () => {
    const run = runBin(['--stdin', '--stdin-filename', 'package.json', '-f', 'json'], { cwd: project(), input: '{"name": "x"}' });
    expect(run.status).toBe(0);
    expect(rulesOf(run.stdout)).toEqual([[expect.stringMatching(/package\.json$/), ['ignored-file']]]);
  });

  it('a glob --ignore-pattern cannot use is a usage error', () => {
    const run = runBin(['--ignore-pattern', '{a/b,c}', '.'], { cwd: project() });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--ignore-pattern "{a/b,c}"');
  });
});

describe('--rule', () => {
  it("takes ESLint's form: 'id: severity', several at once, numbers and brackets", () => {
    const dir = project();
    for (const rule of ['spelling-drift: off', '{"spelling-drift": "off"}', 'spelling-drift: 0', 'spelling-drift: [off]', 'spelling-drift=off']) {
      const run = runBin(['-f', 'json', '--rule', rule, 'fixtures/three.json'], { cwd: dir });
      expect(rulesOf(run.stdout), rule).toEqual([['fixtures/three.json', ['schema', 'unknown-field']]]);
    }
    const two = runBin(['-f', 'json', '--rule', 'schema: warn, unknown-field: off', 'fixtures/three.json'], { cwd: dir });
    expect(two.status).toBe(0);
    expect(rulesOf(two.stdout)).toEqual([['fixtures/three.json', ['schema', 'spelling-drift']]]);
  });

  it('a misspelt rule id gets a did-you-mean; a malformed setting says how to write it', () => {
    const misspelt = runBin(['--rule', 'speling-drift: off', '.'], { cwd: project() });
    expect([misspelt.status, misspelt.stderr.split('\n')[0]]).toEqual([
      2,
      'cdx-lint: --rule speling-drift: not a rule; did you mean spelling-drift? Run cdx-lint --list-rules to see them.',
    ]);
    const malformed = runBin(['--rule', 'schema: loud', '.'], { cwd: project() });
    expect(malformed.status).toBe(2);
    expect(malformed.stderr).toContain("or as ESLint does, 'rule-id: off'");
  });
});

describe('--format with a custom formatter', () => {
  const formatter = `module.exports = (results, context) =>
  results.map((r) => r.messages.map((m) => m.ruleId + ' ' + context.rulesMeta[m.ruleId].docs.url.split('/').pop()).join(',')).join(';') + ' in ' + context.cwd + '\\n';
`;

  it("a file, with ESLint's signature: results, and a context with cwd and rulesMeta", () => {
    const dir = project();
    writeFileSync(join(dir, 'my-formatter.cjs'), formatter);
    const run = runBin(['--format', './my-formatter.cjs', 'fixtures/three.json'], { cwd: dir });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(1);
    expect(run.stdout).toBe(`schema schema.md,spelling-drift spelling-drift.md,unknown-field unknown-field.md in ${dir}\n`);
  });

  it('a package: cdx-lint-formatter-<name>, as ESLint finds eslint-formatter-<name>; --output-file takes its report', () => {
    const dir = project();
    mkdirSync(join(dir, 'node_modules/cdx-lint-formatter-ids'), { recursive: true });
    writeFileSync(join(dir, 'node_modules/cdx-lint-formatter-ids/package.json'), '{"name": "cdx-lint-formatter-ids", "main": "index.js"}');
    writeFileSync(join(dir, 'node_modules/cdx-lint-formatter-ids/index.js'), formatter);
    const run = runBin(['--format', 'ids', '--output-file', 'report.txt', 'fixtures/three.json'], { cwd: dir });
    expect([run.status, run.stdout, run.stderr]).toEqual([1, '', '']);
    expect(readFileSync(join(dir, 'report.txt'), 'utf8')).toContain('schema schema.md');
  });

  it('a formatter that cannot be found is exit status 2', () => {
    const run = runBin(['--format', 'nowhere', 'fixtures/clean.json'], { cwd: project() });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(
      'cdx-lint: --format nowhere: not a built-in format (github, json, junit, sarif, stylish), a file or an installed package "cdx-lint-formatter-nowhere" or "nowhere"',
    );
  });
});
