// What ESLint users expect of a linter's command line, through the built bin: the bin in the
// repository's own node_modules/.bin, default ignores, several reports in one run, a junit report,
// --print-config and links to the rule docs. (Usage messages and ignore warnings: scenarios.json.)
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BIN, FIXTURES, runBin } from './support/bin.js';

const REPO = join(FIXTURES, '../../../..');
const DOCS = pathToFileURL(join(REPO, 'packages/validate/dist/docs/rules/')).href;
const merge = readFileSync(join(FIXTURES, 'e2e/valid/patient-merge.json'), 'utf8');
const threeFindings = join(FIXTURES, 'e2e/three-findings.json');
const tempDir = (prefix: string) => mkdtempSync(join(tmpdir(), `cdx-lint-${prefix}-`));

describe('in a clone of the repository', () => {
  it('`pnpm exec cdx-lint` finds the workspace bin (the root depends on cdx-lint)', () => {
    const manifest = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8'));
    expect(manifest.devDependencies['cdx-lint']).toBe('workspace:*');
    const run = spawnSync(join(REPO, 'node_modules/.bin/cdx-lint'), ['--version'], { encoding: 'utf8' });
    expect([run.status, run.stdout.trim()]).toEqual([0, JSON.parse(readFileSync(join(FIXTURES, '../../package.json'), 'utf8')).version]);
  });
});

describe('output into a pipe its reader closed (`cdx-lint … | head -1`)', () => {
  /** The bin with its stdout a pipe whose reader has gone before the first line is written, as `head` goes. */
  async function closedPipe(file: string) {
    const child = spawn(process.execPath, [BIN, file], { cwd: FIXTURES, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const [code, signal] = (await once(child, 'close')) as [number | null, NodeJS.Signals | null];
    return { code, signal, stderr };
  }

  it('ends quietly with the exit code of what it found, without a stack trace', async () => {
    expect(await closedPipe(threeFindings)).toEqual({ code: 1, signal: null, stderr: '' });
    expect(await closedPipe(join(FIXTURES, 'e2e/valid/patient-merge.json'))).toEqual({ code: 0, signal: null, stderr: '' });
  });
});

describe('default ignores', () => {
  function project(): string {
    const dir = tempDir('ignores');
    for (const sub of ['fixtures', 'node_modules/some-package', 'dist', 'packages/app/dist']) mkdirSync(join(dir, sub), { recursive: true });
    writeFileSync(join(dir, 'fixtures/merge.json'), merge);
    for (const path of [
      'node_modules/some-package/payload.json',
      'dist/payload.json',
      'packages/app/dist/payload.json',
      'packages/app/tsconfig.json',
      'packages/app/package.json',
    ]) {
      writeFileSync(join(dir, path), '{"not": "a payload"}');
    }
    return dir;
  }

  it('a directory walk skips package.json, tsconfig*.json, node_modules/ and dist/ wherever they are', () => {
    const run = runBin(['--format', 'json', '.'], { cwd: project() });
    expect(run.status, run.stdout).toBe(0);
    expect(JSON.parse(run.stdout).map((r: { filePath: string }) => r.filePath.split('/').slice(-2).join('/'))).toEqual(['fixtures/merge.json']);
  });

  it('a file named under node_modules/ or dist/ gets an ignored-file warning in the results instead of silence', () => {
    const run = runBin(['node_modules/some-package/payload.json', 'packages/app/dist/payload.json'], { cwd: project() });
    expect([run.status, run.stderr]).toEqual([0, '']);
    expect(run.stdout).toContain(
      'node_modules/some-package/payload.json\n  1:1  warning  File ignored by default ("node_modules/": never a payload); use --no-ignore to lint it, or --no-warn-ignored to hide this warning.  ignored-file',
    );
    expect(run.stdout).toContain('packages/app/dist/payload.json\n  1:1  warning  File ignored by default ("dist/": never a payload)');
  });

  it('a directory whose every file is ignored says so', () => {
    const run = runBin(['dist'], { cwd: project() });
    expect([run.status, run.stdout]).toEqual([0, '✔ 0 files checked, no problems.\n']);
    expect(run.stderr).toBe('cdx-lint: warning: the one file in "dist" is ignored; use --no-ignore to lint it, or --no-warn-ignored to hide this warning.\n');
  });

  it('--no-ignore lints them', () => {
    const run = runBin(['--no-ignore', '--format', 'json', 'dist', 'packages/app/package.json'], { cwd: project() });
    expect(run.status).toBe(1);
    expect(JSON.parse(run.stdout).map((r: { messages: { ruleId: string }[] }) => r.messages[0]?.ruleId)).toEqual(['unknown-kind', 'unknown-kind']);
  });

  it('a stdin file name that is ignored gets the warning too', () => {
    const run = runBin(['-', '--stdin-filename', 'package.json'], { cwd: project(), input: '{"name": "x"}' });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('File ignored by default ("package.json": never a payload)');
  });
});

describe('several reports in one run', () => {
  it('-f name=file writes each report to its file, and the one without a file to stdout', () => {
    const dir = tempDir('formats');
    const run = runBin([
      '-f',
      'stylish',
      '-f',
      `sarif=${join(dir, 'out/cdx.sarif')}`,
      '-f',
      `junit=${join(dir, 'junit.xml')}`,
      '-f',
      `json=${join(dir, 'cdx.json')}`,
      threeFindings,
    ]);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('✖ 3 problems');
    expect(JSON.parse(readFileSync(join(dir, 'out/cdx.sarif'), 'utf8')).runs[0].results).toHaveLength(3);
    expect(JSON.parse(readFileSync(join(dir, 'cdx.json'), 'utf8'))[0].messages).toHaveLength(3);
    expect(readFileSync(join(dir, 'junit.xml'), 'utf8')).toMatch(/^<\?xml/);
    // Reports written to files are never coloured, whatever the terminal.
    expect(readFileSync(join(dir, 'cdx.json'), 'utf8')).not.toContain('\u001b[');
  });

  it('only the reports with files, and nothing on stdout', () => {
    const dir = tempDir('formats-files');
    const run = runBin(['-f', `github=${join(dir, 'gh.txt')}`, '-f', `json=${join(dir, 'cdx.json')}`, threeFindings]);
    expect([run.status, run.stdout]).toEqual([1, '']);
    expect(readFileSync(join(dir, 'gh.txt'), 'utf8')).toMatch(/^::error /);
  });

  it('-o still names the file of the one report without its own', () => {
    const dir = tempDir('formats-o');
    const run = runBin(['-f', 'json', '-f', `sarif=${join(dir, 'cdx.sarif')}`, '-o', join(dir, 'cdx.json'), threeFindings]);
    expect([run.status, run.stdout]).toEqual([1, '']);
    expect(JSON.parse(readFileSync(join(dir, 'cdx.json'), 'utf8'))).toHaveLength(1);
  });

  it('two reports for stdout, or a report without a name, are usage errors', () => {
    const two = runBin(['-f', 'json', '-f', 'sarif', threeFindings]);
    expect(two.status).toBe(2);
    expect(two.stderr).toContain('Only one --format can write to stdout');
    const empty = runBin(['-f', '=out.json', threeFindings]);
    expect(empty.status).toBe(2);
    expect(empty.stderr).toContain('--format "=out.json"');
  });
});

describe('junit', () => {
  it('one testsuite per file, one failing testcase per finding, a passing testcase for a clean file', () => {
    const dir = tempDir('junit');
    cpSync(threeFindings, join(dir, 'three.json'));
    writeFileSync(join(dir, 'clean.json'), merge);
    writeFileSync(join(dir, 'odd.json'), merge.replace('"FirstName"', '"First<]]>&\\"Name"'));
    const run = runBin(['-f', 'junit', 'clean.json', 'odd.json', 'three.json'], { cwd: dir });
    expect(run.status).toBe(1);
    const xml = run.stdout;
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\n<testsuites name="cdx-lint" tests="5" failures="4" errors="0">/);
    expect(xml.match(/<testsuite /g)).toHaveLength(3);
    expect(xml).toContain(
      '<testsuite name="clean.json" tests="1" failures="0" errors="0" time="0">\n    <testcase name="clean.json" classname="clean.json" time="0" />',
    );
    expect(xml).toContain(
      `<testcase name="schema at 5:5 /Meta/EventDateTime" classname="three.json" time="0">\n      <failure type="error" message="\`Meta.EventDateTime\` must be an ISO 8601 date or date-time (e.g. 2026-03-01 or 2026-03-01T09:30:00Z); got &quot;yesterday&quot;.">`,
    );
    expect(xml).toContain(`${DOCS}schema.md`);
    // Names from the file are escaped, and a CDATA end in them cannot close the section.
    expect(xml).toContain('First&lt;]]&gt;&amp;\\&quot;Name');
    expect(xml).not.toMatch(/First<\]\]>/);
    expect(xml.trimEnd().endsWith('</testsuites>')).toBe(true);
  });
});

describe('--print-config', () => {
  const print = (file: string) => {
    const run = runBin(['--print-config', file], { cwd: join(FIXTURES, 'configured') });
    expect(run.status, run.stderr).toBe(0);
    return JSON.parse(run.stdout);
  };

  it('prints what applies to one file: the config file, kind, every rule, ignore', () => {
    const token = print('auth/token-request.json');
    expect(token).toMatchObject({ config: 'cdx-lint.config.json', ignored: false, kind: 'auth/TokenRequest' });
    expect(token.rules['unknown-field']).toBe('error');
    expect(token.rules['spelling-drift']).toEqual(['warn', { knownVariants: { Surname: 'LastName' } }]);
    // A rule with options the config does not set: its severity and every option's default.
    expect(token.rules['attachment-size']).toEqual(['error', { attachmentLimit: 7_000_000 }]);
    expect(token.rules['parse-error']).toBe('error');
    expect(print('legacy/extra.json').rules['unknown-field']).toBe('off');
    expect(print('silenced.json').pointerOverrides).toEqual([{ pointers: ['/Patient/Nickname'], rules: { 'unknown-field': 'off' } }]);
    expect(print('package.json')).toMatchObject({ ignored: true });
  });

  it('--rule and --kind on the command line show in it', () => {
    const run = runBin(['--print-config', 'x.json', '--rule', 'schema=warn', '--kind', 'auth/TokenResponse', '--no-config']);
    expect(JSON.parse(run.stdout)).toMatchObject({ config: null, kind: 'auth/TokenResponse', rules: { schema: 'warn' } });
  });

  it('the file need not exist, and no other input may be given', () => {
    expect(runBin(['--print-config', 'nothing/here.json']).status).toBe(0);
    const run = runBin(['--print-config', 'a.json', 'b.json']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--print-config');
  });
});

describe('rule docs', () => {
  it('stylish links each rule id to its page in a terminal that shows colour, and lists the pages at the end', () => {
    const run = runBin(['--color', threeFindings]);
    expect(run.stdout).toContain(`\u001b]8;;${DOCS}schema.md\u0007schema\u001b]8;;\u0007`);
    const plain = runBin([threeFindings]).stdout;
    expect(plain).not.toContain('\u001b]8;;');
    expect(plain).toContain(`  spelling-drift  ${DOCS}spelling-drift.md\n`);
  });
});
