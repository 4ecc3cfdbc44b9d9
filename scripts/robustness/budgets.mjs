// Time budgets of hostile input: the cases the unit tests check for findings (robust-hostile,
// robust-regex, robust-io), here timed against a budget each, on the built packages. A measurement,
// not a test: it prints a table and fails (exit 1) when a case passes its budget. The budgets are
// several times what this machine takes, and what each took before its fix is noted beside it.
//
//   pnpm build && node scripts/robustness/budgets.mjs
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, rmSync, unlinkSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { hostileFiles } from './hostile.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
const dist = (path) => pathToFileURL(join(repo, path)).href;
const { validate } = await import(dist('packages/validate/dist/index.js'));
const { lintText } = await import(dist('packages/cdx-lint/dist/lint/lint-text.js'));
const { runChunk } = await import(dist('packages/cdx-lint/dist/workers/task.js'));
const { CDX_FORMATS } = await import(dist('scripts/lib/ajv.mjs'));

const example = (name) => JSON.parse(readFileSync(join(repo, 'schemas/examples/valid', `${name}.json`), 'utf8'));
const MB = 1_000_000;

/** @type {{ name: string, budgetMs: number, ms: number, note: string }[]} */
const rows = [];
function timed(name, budgetMs, run, note = '') {
  const started = performance.now();
  run();
  rows.push({ name, budgetMs, ms: performance.now() - started, note });
}

// --- validate() on hostile payloads, as a service reads them (JSON.parse, then validate) ----------
for (const file of hostileFiles({ mb: 20 })) {
  let payload;
  try {
    payload = JSON.parse(file.bytes.toString('utf8'));
  } catch {
    continue; // not JSON: rejected before validation
  }
  timed(`validate(): ${file.name} (20 MB set)`, 10_000, () => validate(payload));
}

const depth = 100_000;
const arrays = () => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`);
const objects = () => JSON.parse(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);
const extensions = () =>
  JSON.parse(`{"resourceType": "Patient", "extension": [${'{"url": "http://example.com/x", "extension": ['.repeat(depth)}${']}'.repeat(depth)}]}`);
for (const [name, build, options] of [
  ['arrays', arrays, {}],
  ['objects', objects, {}],
  ['arrays, as a named kind', arrays, { kind: 'PatientAdmin/PatientMerge' }],
  ['objects, as a named kind', objects, { kind: 'PatientAdmin/PatientMerge' }],
  ['FHIR extensions inside extensions', extensions, {}],
]) {
  const payload = build();
  timed(`validate(): 100,000 levels of ${name}`, 5_000, () => validate(payload, options));
}

{
  const payload = example('patientadmin-patientmerge');
  payload.Patient['N'.repeat(10_000_000)] = 1;
  timed('validate(): a member name of 10 MB', 3_000, () => validate(payload), '12 s for 100 MB before: an edit distance to every defined name');
}
{
  const payload = example('patientadmin-patientmerge');
  payload.Meta.DataModel = 'P'.repeat(10_000_000);
  timed('validate(): a Meta.DataModel of 10 MB', 3_000, () => validate(payload));
}
{
  const payload = example('provider-deactivate');
  payload.Providers[0].Demographics.Addresses = Array(20_000).fill(5);
  timed('validate(): 20,000 failing items of one array', 5_000, () => validate(payload), '20 s before: ajv concatenated errors');
}
{
  const payload = example('cdshooks-patient-view-response');
  const card = payload.cards[0];
  // The resource fails both alternatives of the action's anyOf: a FHIR resource, or the deprecated string.
  const failing = { label: 'x', actions: [{ type: null, description: 'x', resource: 42 }] };
  payload.cards = Array.from({ length: 4000 }, (_, i) => ({ ...card, uuid: `card-${i}`, suggestions: [failing] }));
  const parsed = JSON.parse(JSON.stringify(payload));
  timed('validate(): 4,000 cards each failing one anyOf', 5_000, () => validate(parsed), '20 s before: untangle matched every combinator with every error');
}

// --- cdx-lint on hostile text ------------------------------------------------------------------
const settings = { rules: {}, pointerOverrides: [] };
timed(
  'lintText(): names repeated at each of 100,000 levels',
  10_000,
  () => lintText(`${'{"a":'.repeat(depth)}1${',"a":2}'.repeat(depth)}`, 'x.json', settings),
  'hung past 2 min and 3 GB before',
);
{
  const text = `${'{"a":'.repeat(500)}{${Array.from({ length: 20_000 }, (_, i) => `"k${i}":1,"k${i}":{}`).join(',')}}${'}'.repeat(500)}`;
  timed('lintText(): 20,000 names repeated 500 levels down', 10_000, () => lintText(text, 'x.json', settings), '30 s before');
}
timed(
  'lintText(): one name repeated 200,000 times',
  3_000,
  () => lintText(`{"a": 0${', "a": 0'.repeat(200_000)}}`, 'x.json', settings),
  '12 s before: each finding took its duplicate off the front of one queue',
);
{
  const hostile = hostileFiles({ mb: 20 });
  const dir = mkdtempSync(join(tmpdir(), 'cdx-budgets-'));
  try {
    for (const file of hostile) require('node:fs').writeFileSync(join(dir, `${file.name}.json`), file.bytes);
    timed('cdx-lint: every hostile file (20 MB set), one run', 60_000, () => {
      const run = spawnSync(process.execPath, [join(repo, 'packages/cdx-lint/dist/bin.js'), '--format', 'json', dir], { maxBuffer: 1024 * MB });
      if (run.status !== 1) throw new Error(`cdx-lint exited ${run.status}: ${String(run.stderr).slice(0, 500)}`);
    });
    // A FIFO put where a file was listed: reading it would block forever.
    const fifo = join(dir, 'fifo.json');
    unlinkSync(join(dir, 'bom.json'));
    if (spawnSync('mkfifo', [fifo]).status === 0)
      timed('cdx-lint: a FIFO where a file was listed', 1_000, () => runChunk([{ path: fifo, settings }], { fix: 'off', hashing: false }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// --- Regular expressions against 1 MB adversarial strings ---------------------------------------
// (robust-regex.test.ts proves each free of catastrophic backtracking with recheck; this runs them.)
{
  const { regexes } = await import(dist('scripts/robustness/regexes.mjs'));
  const adversarial = (source) => {
    const prefix = /^\^((?:[^\\^$.|?*+()[\]{}]|\\[/.:-])*)/.exec(source)?.[1]?.replace(/\\(.)/g, '$1') ?? '';
    const named = [...new Set(source.replace(/\\[dDwWsSbBnrtu]|\\x[0-9a-f]{2}|\\u[0-9a-f]{4}/gi, '').match(/[A-Za-z0-9 .:/_@+=~-]/g) ?? [])].slice(0, 6);
    const chars = [...new Set([...named, ' ', '\t', '0', 'a', 'A', '.', '/', '-'])];
    return chars.map((c) => `${prefix}${c.repeat(MB)}\u0000`);
  };
  let worst = { ms: 0, where: '' };
  for (const { source, flags, where } of regexes(CDX_FORMATS)) {
    const regex = new RegExp(source, flags);
    for (const input of adversarial(source)) {
      const started = performance.now();
      regex.test(input);
      const ms = performance.now() - started;
      if (ms > worst.ms) worst = { ms, where: `/${source.slice(0, 40)}/ (${where})` };
    }
  }
  rows.push({ name: 'the slowest regular expression on 1 MB adversarial strings', budgetMs: 1_000, ms: worst.ms, note: worst.where });
  const { fullFormats } = require(require.resolve('ajv-formats/dist/formats', { paths: [join(repo, 'packages/validate')] }));
  for (const name of ['date', 'date-time', 'uri', 'uuid', 'email']) {
    const format = fullFormats[name];
    const check =
      format instanceof RegExp
        ? (s) => format.test(s)
        : typeof format === 'function'
          ? format
          : (s) => (format.validate instanceof RegExp ? format.validate.test(s) : format.validate(s));
    const inputs = [...adversarial('^https://'), ...adversarial('^urn:uuid:'), ...adversarial('^2026-03-01T'), ...adversarial('^a@b.')];
    timed(`ajv-formats ${name} on 1 MB adversarial strings`, 1_000, () => {
      inputs.forEach(check);
    });
  }
}

// --- the hang guards the unit tests used to time (they now check findings only) -------------------
{
  const { checkTokenForm } = await import(dist('packages/validate/dist/auth/index.js'));
  const { compileGlob } = await import(dist('packages/cdx-lint/dist/config/glob.js'));
  timed(
    'checkTokenForm(): 100,000 repeats of one field',
    1_000,
    () => checkTokenForm(`grant_type=client_credentials${'&x='.repeat(100_000)}`),
    '~30 s for 30,000 before',
  );
  timed(
    'glob: `**/` twelve times against a path 21 deep',
    1_000,
    () => compileGlob(`${'**/'.repeat(12)}x.json`)(`${'a/'.repeat(21)}y.json`),
    'over a minute before',
  );
  timed('glob: three wildcards against a 255-character name', 1_000, () => compileGlob('*a*a*ab.json')('a'.repeat(255)), '11 s for 100 characters before');
  const bundle = example('fhir-message');
  const patient = bundle.entry.find((e) => e.resource.resourceType === 'Patient').resource;
  let open = '';
  for (let i = 0; i < 4000; i++) open += `{"reference":"urn:uuid:${String(i).padStart(8, '0')}-0000-4000-8000-000000000000","x":`;
  patient.generalPractitioner = ['\u0000'];
  const deep = JSON.parse(JSON.stringify(bundle).replace('"\\u0000"', `${open}1${'}'.repeat(4000)}`));
  timed('validate(): a bundle 4,000 levels deep, a dangling reference at each', 5_000, () => validate(deep));
  const merge = readFileSync(join(repo, 'packages/cdx-lint/test/fixtures/e2e/valid/patient-merge.json'), 'utf8');
  const repeated = merge.replace('"FirstName"', `${'"x":0,'.repeat(300_000)}"FirstName"`);
  timed('lintText(): 300,000 repeated names (the findings cap)', 10_000, () => lintText(repeated, 'dup.json', settings));
}

console.log(`Node ${process.version}, ${process.platform}/${process.arch}\n`);
console.log('| case | time | budget | note |');
console.log('|---|---|---|---|');
for (const r of rows)
  console.log(`| ${r.name} | ${r.ms.toFixed(0)} ms | ${r.budgetMs.toLocaleString('en')} ms | ${r.ms > r.budgetMs ? 'OVER BUDGET ' : ''}${r.note} |`);
const over = rows.filter((r) => r.ms > r.budgetMs);
if (over.length > 0) {
  console.error(`\n${over.length} case(s) over budget.`);
  process.exit(1);
}
