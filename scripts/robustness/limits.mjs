// Measures the bounds on inputs built to hurt: many findings, deep bundles with dangling references,
// a long URI, a token form repeating one field, and the worst config globs the limits allow. Each
// runs in its own process (the built bin, or @cdx/validate as a service calls it) with its peak
// memory, time and report size. A measurement, not a timed test: it prints a table, and fails
// (exit 1) only when a bound the docs promise is broken:
//   - 300,000 repeated names (1.8 MB): peak RSS under 150 MB + 10 × the file, report under 5 MB;
//   - 1,000,000 repeated names: peak RSS under 150 MB + 10 × the file;
//   - a form body repeating one field 30,000 times: checked in under 1 s;
//   - the worst glob within the limits against the worst path: under 1 s;
//   - a 6 MB message bundle with a focus per entry: under 3 s;
//   - a CDS Hooks request with 40,000 misspelt prefetched members: under 5 s within 600 MB;
//   - 150 small files and one that kills its worker (a 48 MB worker heap), --concurrency 2: all 151 reported;
//   - each shape at N and 4N (the focus bundle, the misspellings): time grows at most 8×.
//
//   pnpm build && node scripts/robustness/limits.mjs [--keep]
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { example } from './hostile.mjs';
import { dottedNarrative, focusBundle, misspeltPrefetch } from './shapes.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = join(repo, 'packages/cdx-lint/dist/bin.js');
const AUTH = pathToFileURL(join(repo, 'packages/validate/dist/auth/index.js')).href;
const GLOB = pathToFileURL(join(repo, 'packages/cdx-lint/dist/config/glob.js')).href;
const MB = 1_000_000;
const MAX_RSS = 'data:text/javascript,process.on("exit",()=>process.stderr.write(`\\nmaxRSS=${process.resourceUsage().maxRSS}\\n`))';

const { values } = parseArgs({ options: { keep: { type: 'boolean', default: false } } });

/** Runs node with the RSS hook: peak RSS in bytes, seconds, exit status, stdout. */
function measure(args, input) {
  const started = process.hrtime.bigint();
  const run = spawnSync(process.execPath, ['--import', MAX_RSS, ...args], { encoding: 'utf8', maxBuffer: 2048 * MB, input });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const kb = /maxRSS=(\d+)/.exec(run.stderr)?.[1];
  if (kb === undefined) throw new Error(`no RSS reported (status ${run.status}, signal ${run.signal}):\n${run.stderr.slice(0, 2000)}`);
  return { rss: Number(kb) * 1024, seconds, status: run.status, stdout: run.stdout, stderr: run.stderr.replace(/\n?maxRSS=\d+\n$/, '') };
}

const merge = example('patientadmin-patientmerge');
/** The merge example with `count` repeats of one member (`unit`) in Demographics. */
const repeated = (count, unit) => merge.replace('"FirstName"', `${unit.repeat(count)}"FirstName"`);

/** The message bundle example whose Patient nests `depth` objects, each with a dangling urn:uuid reference. */
function deepBundle(depth) {
  const bundle = JSON.parse(example('fhir-message'));
  bundle.entry.find((e) => e.resource.resourceType === 'Patient').resource.generalPractitioner = ['\u0000'];
  let open = '';
  for (let i = 0; i < depth; i++) open += `{"reference":"urn:uuid:${String(i).padStart(8, '0')}-0000-4000-8000-000000000000","x":`;
  return JSON.stringify(bundle).replace('"\\u0000"', `${open}1${'}'.repeat(depth)}`);
}

function longUri() {
  const bundle = JSON.parse(example('fhir-message'));
  bundle.entry[0].resource.eventUri = `https://fhir.example.com/${'a'.repeat(10 * MB)}`;
  bundle.timestamp = 'yesterday';
  return JSON.stringify(bundle);
}

const dir = mkdtempSync(join(tmpdir(), 'cdx-limits-'));
const rows = [];
let failed = false;
const row = (input, size, how, run, detail, bound) => {
  const ok = bound === undefined || bound(run);
  if (!ok) failed = true;
  rows.push({ input, size, how, rss: run.rss, seconds: run.seconds, report: run.stdout.length, detail: `${detail}${ok ? '' : ' — BOUND BROKEN'}` });
};

try {
  // Many findings: the cap keeps 1,000 per rule and counts the rest.
  for (const [name, count, unit, gate] of [
    ['300,000 repeated names', 300_000, '"x":0,', (r, size) => r.rss < 150 * MB + 10 * size && r.stdout.length < 5 * MB],
    ['1,000,000 repeated names', 1_000_000, '"Nickname": 0, ', (r, size) => r.rss < 150 * MB + 10 * size],
  ]) {
    const file = join(dir, 'dup.json');
    writeFileSync(file, repeated(count, unit));
    const size = statSync(file).size;
    const run = measure([BIN, '--format', 'json', file]);
    const [result] = JSON.parse(run.stdout);
    row(name, size, 'cdx-lint --format json', run, `exit ${run.status}; ${result.messages.length} messages, errorCount ${result.errorCount}`, (r) =>
      gate(r, size),
    );
  }

  // bundle-reference on a deep bundle: a dangling reference at every level.
  for (const depth of [4000, 8000]) {
    const file = join(dir, 'deep.json');
    writeFileSync(file, deepBundle(depth));
    const run = measure([BIN, '--format', 'json', file]);
    const [result] = JSON.parse(run.stdout);
    const mine = result.messages.filter((m) => m.ruleId === 'bundle-reference');
    row(
      `bundle nested ${depth} deep, a dangling urn:uuid at each level`,
      statSync(file).size,
      'cdx-lint --format json',
      run,
      `exit ${run.status}; bundle-reference: ${mine.length} messages (${mine.reduce((n, m) => n + (m.omitted ?? 1), 0)} counted)`,
    );
  }

  // A 10 MB eventUri: a finding at it, the other findings kept.
  {
    const file = join(dir, 'uri.json');
    writeFileSync(file, longUri());
    const run = measure([BIN, '--format', 'json', file]);
    const [result] = JSON.parse(run.stdout);
    row(
      'a 10 MB eventUri and a bad timestamp',
      statSync(file).size,
      'cdx-lint --format json',
      run,
      `exit ${run.status}; ${[...new Set(result.messages.map((m) => m.ruleId))].join(', ')}`,
    );
  }

  // The token form: one field 30,000 times (90 KB), through the API and `cdx-lint assertion`.
  {
    const body = `grant_type=client_credentials${'&x='.repeat(30_000)}`;
    const file = join(dir, 'form.txt');
    writeFileSync(file, body);
    const script = `
      import { checkTokenForm } from ${JSON.stringify(AUTH)};
      const body = ${JSON.stringify(body)};
      const started = performance.now();
      const { findings } = checkTokenForm(body);
      console.log(JSON.stringify({ ms: performance.now() - started, findings: findings.length }));
    `;
    const api = measure(['--input-type=module', '-e', script]);
    const { ms, findings } = JSON.parse(api.stdout);
    rows.push({
      input: 'a form body repeating one field 30,000 times',
      size: body.length,
      how: 'checkTokenForm()',
      rss: api.rss,
      seconds: ms / 1000,
      report: 0,
      detail: `${findings} findings${ms < 1000 ? '' : ' — BOUND BROKEN'}`,
    });
    if (ms >= 1000) failed = true;
    const cli = measure([BIN, 'assertion', '--client-id', 'c', '--base-url', 'https://api.example.com', '--skip-signature', file]);
    row('a form body repeating one field 30,000 times', body.length, 'cdx-lint assertion', cli, `exit ${cli.status}`);
  }

  // Shapes that were superlinear: bundle-focus scanned the entries per focus (78 s on 6 MB); every
  // misspelling past the cap cost its message and a copy of its array (38 s, 1.7 GB for 40,000).
  // Sizes divisible by 4: each is also run at a quarter of its size.
  const shapes = [
    ['a message bundle with a focus per entry', (n) => focusBundle(n), 29_000, (r) => r.seconds < 3],
    ['a CDS Hooks request with misspelt prefetched members', (n) => misspeltPrefetch(n), 40_000, (r) => r.seconds < 5 && r.rss < 600 * MB],
    // fhir-integer-literal's scan read a run of `1.1.1.…` back at every dot (160 KB: 88 s).
    ['a FHIR narrative of 1.1.1.…', (n) => dottedNarrative(n), 2_000_000, (r) => r.seconds < 3],
  ];
  for (const [name, build, n, gate] of shapes) {
    const timed = {};
    for (const count of [n / 4, n]) {
      const file = join(dir, 'shape.json');
      writeFileSync(file, build(count));
      const run = measure([BIN, '--format', 'json', file]);
      const [result] = JSON.parse(run.stdout);
      timed[count] = run.seconds;
      const ratio = count === n ? timed[n] / timed[n / 4] : undefined;
      row(
        `${name} (${count.toLocaleString('en')})`,
        statSync(file).size,
        'cdx-lint --format json',
        run,
        `exit ${run.status}; ${result.messages.length} messages${ratio === undefined ? '' : `; ${ratio.toFixed(1)}× the time of a quarter of it`}`,
        count === n ? (r) => gate(r) && ratio <= 8 : undefined,
      );
    }
  }

  // A worker that dies: 150 small files and one that exhausts a 48 MB worker heap.
  {
    const files = join(dir, 'many');
    mkdirSync(files);
    for (let i = 0; i < 150; i++) writeFileSync(join(files, `p${String(i).padStart(3, '0')}.json`), merge);
    const item = '{"resourceType":"Basic","id":"b","code":{"text":"x"}}';
    writeFileSync(
      join(files, 'p070-big.json'),
      `{"resourceType":"Bundle","type":"collection","entry":[${Array(350_000).fill(`{"resource":${item}}`).join(',')}]}`,
    );
    const POOL = pathToFileURL(join(repo, 'packages/cdx-lint/dist/workers/pool.js')).href;
    const script = `
      import { readdirSync } from 'node:fs';
      import { join } from 'node:path';
      import { runTasks } from ${JSON.stringify(POOL)};
      const dir = ${JSON.stringify(files)};
      const tasks = readdirSync(dir).sort().map((f) => ({ path: join(dir, f), settings: { rules: {}, pointerOverrides: [] } }));
      const outcomes = await runTasks(tasks, { fix: 'off', hashing: false }, { threads: 2, adaptive: false }, { mainThreadWorks: false, resourceLimits: { maxOldGenerationSizeMb: 48 } });
      console.log(JSON.stringify({ reported: outcomes.filter(Boolean).length, errors: outcomes.filter((o) => 'error' in o).map((o) => o.error) }));
    `;
    // A file, not -e: worker threads inherit --input-type and refuse to start with it.
    writeFileSync(join(dir, 'pool-run.mjs'), script);
    const run = measure([join(dir, 'pool-run.mjs')]);
    if (run.status !== 0) throw new Error(`the worker run failed (exit ${run.status}):\n${run.stderr.slice(0, 2000)}`);
    const { reported, errors } = JSON.parse(run.stdout);
    row(
      '150 small files and one that kills its worker, 2 threads',
      0,
      'runTasks()',
      run,
      `${reported} reported; could not lint: ${errors.length}`,
      () => reported === 151,
    );
  }

  // Config globs: the worst the limits allow, against the worst paths (255-character names).
  {
    const script = `
      import { compileGlob } from ${JSON.stringify(GLOB)};
      const worst = ['*a*a*ab.json', '**/*a*a*a/**/*a*a*a/**/b.json', '${'**/'.repeat(12)}x.json', '*{a,aa}*b', '[a-z]*[a-z]*[a-z]*b'];
      const name = 'a'.repeat(254) + '!';
      const paths = [name, Array(16).fill(name).join('/'), 'a/'.repeat(2000) + 'y.json'];
      let slowest = 0;
      for (const glob of worst) {
        const match = compileGlob(glob);
        for (const path of paths) {
          const started = performance.now();
          match(path);
          slowest = Math.max(slowest, performance.now() - started);
        }
      }
      console.log(JSON.stringify({ slowest }));
    `;
    const run = measure(['--input-type=module', '-e', script]);
    const { slowest } = JSON.parse(run.stdout);
    rows.push({
      input: 'the worst config globs within the limits, against 255-character names and 2,000-deep paths',
      size: 0,
      how: 'compileGlob()',
      rss: run.rss,
      seconds: slowest / 1000,
      report: 0,
      detail: `slowest match${slowest < 1000 ? '' : ' — BOUND BROKEN'}`,
    });
    if (slowest >= 1000) failed = true;
  }
} finally {
  if (!values.keep) rmSync(dir, { recursive: true, force: true });
}

const size = (n) => (n === 0 ? '–' : n < MB ? `${(n / 1000).toFixed(0)} KB` : `${(n / MB).toFixed(1)} MB`);
console.log(`Node ${process.version}, ${process.platform}/${process.arch}\n`);
console.log('| input | size | through | peak RSS | time | report | result |');
console.log('|---|---|---|---|---|---|---|');
for (const r of rows)
  console.log(
    `| ${r.input} | ${size(r.size)} | ${r.how} | ${size(r.rss)} | ${r.seconds < 1 ? `${(r.seconds * 1000).toFixed(0)} ms` : `${r.seconds.toFixed(2)} s`} | ${size(r.report)} | ${r.detail} |`,
  );
if (failed) {
  console.error('\nA bound the docs promise was broken (marked above).');
  process.exit(1);
}
