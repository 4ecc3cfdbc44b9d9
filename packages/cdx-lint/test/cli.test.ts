// Behaviour of the built bin beyond the scenario files: deep nesting, worker threads, the cache,
// colour, output files and the listings.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { allRules } from '../src/rules/index.js';
import { describe, expect, it } from 'vitest';
import { FIXTURES, runBin } from './support/bin.js';

const merge = readFileSync(join(FIXTURES, 'e2e/valid/patient-merge.json'), 'utf8');
const tempDir = (prefix: string) => mkdtempSync(join(tmpdir(), `cdx-lint-${prefix}-`));

describe('deep nesting', () => {
  const depth = 100_000;
  it.each([
    ['a bare array', `${'['.repeat(depth)}${']'.repeat(depth)}`, 'unknown-kind'],
    ['an object chain', `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`, 'unknown-kind'],
    ['inside a known message', merge.replace('"Notes": [', `"Deep": ${'['.repeat(depth)}${']'.repeat(depth)},\n    "Notes": [`), 'unknown-field'],
    ['a file that is cut off', '['.repeat(depth), 'parse-error'],
    [
      'FHIR extensions inside extensions (a recursive schema)',
      `{"resourceType": "Patient", "extension": [${'{"url": "http://example.com/x", "extension": ['.repeat(depth)}${']}'.repeat(depth)}]}`,
      'nesting-depth',
    ],
  ])('%s, 100,000 levels deep, gives a finding and no crash', (_name, text, ruleId) => {
    const dir = tempDir('deep');
    writeFileSync(join(dir, 'deep.json'), text);
    const run = runBin(['--format', 'json', join(dir, 'deep.json')]);
    expect(run.stderr).toBe('');
    // Past 512 levels a file is an error (nesting-depth) even where the deep part is an unknown member, a warning.
    expect(run.status).toBe(1);
    const [result] = JSON.parse(run.stdout);
    const ruleIds = result.messages.map((m: { ruleId: string }) => m.ruleId);
    expect(ruleIds).toContain(ruleId);
    if (ruleId === 'unknown-field') expect(ruleIds).toContain('nesting-depth');
    // Placed where it is, not defaulted to 1:1: 512 containers in is 256 `{"url": …, "extension": [` levels.
    if (ruleId === 'nesting-depth') expect(result.messages.find((m: { ruleId: string }) => m.ruleId === ruleId).column).toBeGreaterThan(256 * 40);
  });
});

describe('worker threads', () => {
  it('lint in workers when the main thread leaves them all the work', async () => {
    // The pool from the build: worker threads run dist/workers/worker.js.
    const pool = (await import(join(FIXTURES, '../../dist/workers/pool.js'))) as typeof import('../src/workers/pool.js');
    const files = ['e2e/three-findings.json', 'e2e/rules/duplicate-key.json', 'e2e/valid/patient-merge.json'].map((f) => join(FIXTURES, f));
    const tasks = [...files, ...files, ...files].map((path) => ({ path, settings: { rules: {}, pointerOverrides: [] } }));
    const outcomes = await pool.runTasks(tasks, { fix: 'off', hashing: false }, { threads: 3, adaptive: false }, { mainThreadWorks: false });
    expect(outcomes.map((o) => ('result' in o ? o.result.messages.length : o.error))).toEqual([3, 1, 0, 3, 1, 0, 3, 1, 0]);
  });

  // Whether a run uses its workers depends on timing (the main thread lints too, and a worker that
  // has not started when the work is done is stopped), so the bundled worker is driven directly,
  // and the bundled bin must name it: without it the pool would quietly keep to the main thread.
  it('the bundled bin has a bundled worker beside it, and that worker lints', async () => {
    const dist = join(FIXTURES, '../../dist');
    expect(readFileSync(join(dist, 'bin.js'), 'utf8')).toContain('"./worker.js"');
    const worker = new Worker(join(dist, 'worker.js'));
    try {
      const tasks = ['e2e/three-findings.json', 'e2e/valid/patient-merge.json'].map((f) => ({
        path: join(FIXTURES, f),
        settings: { rules: {}, pointerOverrides: [] },
      }));
      const reply = new Promise<{ outcomes: unknown[] }>((resolve, reject) => worker.once('message', resolve).once('error', reject));
      worker.postMessage({ tasks, options: { fix: 'off', hashing: false } });
      const { outcomes } = await reply;
      expect(outcomes).toHaveLength(2);
      expect(JSON.stringify(outcomes)).toContain('spelling-drift');
    } finally {
      await worker.terminate();
    }
  });

  it('a worker that dies costs only the file it was linting; a fresh worker lints the rest', async () => {
    // A real out-of-memory death, provoked cheaply: workers with a 48 MB heap and one 23 MB file
    // of small objects among 150 small files. Before, the run ended in an internal error
    // (ERR_WORKER_OUT_OF_MEMORY) and no file was reported.
    const pool = (await import(join(FIXTURES, '../../dist/workers/pool.js'))) as typeof import('../src/workers/pool.js');
    const dir = tempDir('death');
    const big = join(dir, 'big.json');
    const item = '{"resourceType":"Basic","id":"b","code":{"text":"x"}}';
    writeFileSync(big, `{"resourceType":"Bundle","type":"collection","entry":[${Array.from({ length: 350_000 }, () => `{"resource":${item}}`).join(',')}]}`);
    const small = ['e2e/three-findings.json', 'e2e/valid/patient-merge.json'].map((f) => join(FIXTURES, f));
    const paths = Array.from({ length: 150 }, (_, i) => small[i % 2]!);
    paths.splice(70, 0, big);
    const tasks = paths.map((path) => ({ path, settings: { rules: {}, pointerOverrides: [] } }));
    const outcomes = await pool.runTasks(
      tasks,
      { fix: 'off', hashing: false },
      { threads: 3, adaptive: false },
      { mainThreadWorks: false, resourceLimits: { maxOldGenerationSizeMb: 48 } },
    );
    expect(outcomes).toHaveLength(151);
    expect(outcomes[70]).toEqual({ error: expect.stringMatching(/big\.json: linting it ran out of memory \(ERR_WORKER_OUT_OF_MEMORY\)/) });
    const others = outcomes.filter((_, i) => i !== 70).map((o) => ('result' in o ? o.result.messages.length : o.error));
    expect(others).toEqual(Array.from({ length: 150 }, (_, i) => (i % 2 === 0 ? 3 : 0)));
  });

  it('give the same results as one thread, in the same order', () => {
    const dir = tempDir('many');
    for (let i = 0; i < 300; i++) {
      const text = i % 7 === 0 ? merge.replace('"FirstName"', '"FirstNmae"') : i % 11 === 0 ? merge.replace('"Test": false,', '"Test": false,,') : merge;
      writeFileSync(join(dir, `p${String(i).padStart(3, '0')}.json`), text);
    }
    const single = runBin(['--concurrency', 'off', '--format', 'json', dir]);
    const threaded = runBin(['--concurrency', '2', '--format', 'json', dir]);
    expect(threaded.stderr).toBe('');
    expect(threaded.status).toBe(1);
    expect(JSON.parse(threaded.stdout)).toEqual(JSON.parse(single.stdout));
    expect(JSON.parse(single.stdout)).toHaveLength(300);
  });
});

describe('--cache', () => {
  it('reuses results of unchanged files and drops them when the config changes', () => {
    const dir = tempDir('cache');
    const file = join(dir, 'a.json');
    writeFileSync(file, merge.replace('"Notes": [', '"Nickname": "Tim",\n    "Notes": ['));
    const cache = join(dir, '.cache');
    const args = ['--cache', '--cache-location', cache, '--format', 'json', file];
    const first = JSON.parse(runBin(args, { cwd: dir }).stdout);
    expect(first[0].messages).toHaveLength(1);

    // Proof of reuse: a doctored entry comes back as stored.
    const stored = JSON.parse(readFileSync(cache, 'utf8'));
    stored.entries[file].messages[0].message = 'from the cache';
    writeFileSync(cache, JSON.stringify(stored));
    expect(JSON.parse(runBin(args, { cwd: dir }).stdout)[0].messages[0].message).toBe('from the cache');

    // A changed file is linted again.
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n`);
    expect(JSON.parse(runBin(args, { cwd: dir }).stdout)[0].messages[0].message).toMatch(/Nickname/);

    // A changed config empties the cache.
    writeFileSync(cache, JSON.stringify({ ...JSON.parse(readFileSync(cache, 'utf8')), entries: { [file]: stored.entries[file] } }));
    writeFileSync(join(dir, 'cdx-lint.config.json'), '{"rules": {"unknown-field": "error"}}');
    const afterConfig = JSON.parse(runBin(args, { cwd: dir }).stdout)[0].messages[0];
    expect(afterConfig).toMatchObject({ severity: 2 });
    expect(afterConfig.message).toMatch(/Nickname/);
  });
});

describe('output', () => {
  it('colours only on request when stdout is not a terminal, and never with NO_COLOR', () => {
    const file = join(FIXTURES, 'e2e/rules/schema.json');
    expect(runBin([file]).stdout).not.toContain('\u001b[');
    expect(runBin(['--color', file]).stdout).toContain('\u001b[');
    expect(runBin([file], { env: { NO_COLOR: '', FORCE_COLOR: '1' } }).stdout).toContain('\u001b[');
    expect(runBin([file], { env: { NO_COLOR: '1', FORCE_COLOR: '1' } }).stdout).not.toContain('\u001b[');
  });

  it('--output-file writes the report there and nothing to stdout', () => {
    const dir = tempDir('out');
    const out = join(dir, 'reports/cdx.sarif');
    const run = runBin(['-f', 'sarif', '-o', out, join(FIXTURES, 'e2e/three-findings.json')]);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(JSON.parse(readFileSync(out, 'utf8')).runs[0].results).toHaveLength(3);
  });

  it('the github format summarises when GitHub would drop annotations', () => {
    const dir = tempDir('gh');
    mkdirSync(join(dir, 'fixtures'));
    for (let i = 0; i < 12; i++) writeFileSync(join(dir, `fixtures/p${i}.json`), merge.replace('"Test": false', '"Test": "no"'));
    const run = runBin(['-f', 'github', 'fixtures'], { cwd: dir });
    const lines = run.stdout.trim().split('\n');
    expect(lines.filter((l) => l.startsWith('::error '))).toHaveLength(12);
    expect(lines.at(-1)).toMatch(/^::notice title=cdx-lint::cdx-lint found 12 error\(s\)/);
  });
});

describe('listings', () => {
  it('--list-rules names every rule @cdx/validate declares and the CLI’s own', () => {
    const run = runBin(['--list-rules']);
    expect(run.status).toBe(0);
    const ids = run.stdout
      .trim()
      .split('\n')
      .map((l) => l.split(/\s+/)[0]);
    expect(ids).toEqual(allRules().map((r) => r.id));
    expect(ids).toEqual(expect.arrayContaining(['duplicate-key', 'parse-error', 'schema', 'jwt-alg', 'search-param']));
  });

  it('--list-kinds, --version and --help', () => {
    const kinds = runBin(['--list-kinds']).stdout;
    expect(kinds).toMatch(/^auth\/TokenRequest\s+named only/m);
    // Maturity: the service's beta labels, and each CDS Hooks hook's level in the hook library.
    expect(kinds).toMatch(/^CDSHooks\/order-sign\s+detected\s+beta$/m);
    expect(kinds).toMatch(/^cds-hooks\/order-sign\s+detected\s+hook 1\.0, maturity 5 - Mature$/m);
    expect(kinds).toMatch(/^cds-hooks\/order-review\s+detected\s+hook 1\.0, maturity 3 - Considered, deprecated: use order-sign$/m);
    expect(kinds).toMatch(/^cds-hooks\/response\s+detected$/m);
    expect(runBin(['--version']).stdout.trim()).toBe(JSON.parse(readFileSync(join(FIXTURES, '../../package.json'), 'utf8')).version);
    expect(runBin(['--help']).stdout).toMatch(/^Usage: cdx-lint/);
  });
});
