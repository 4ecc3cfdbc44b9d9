#!/usr/bin/env node
// Benchmarks @cdx/validate against the bare precompiled ajv validator of the same schema, and
// its cold start against `node -e 0`. Not a test: prints numbers for docs/performance.md.
// Needs a build first (`pnpm build`). With BENCH_BASE=<a dist folder of another build> the same
// pairs time that build's validate() too, interleaved (before/after in one run).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dist = join(root, 'packages/validate/dist');
const example = join(root, 'schemas/examples/valid/patientadmin-patientmerge.json');
const text = readFileSync(example, 'utf8');
const payload = JSON.parse(text);
// The entry users get: the package's exports (one bundled file, see scripts/bundle.mjs).
const manifest = JSON.parse(readFileSync(join(root, 'packages/validate/package.json'), 'utf8'));
const entry = join(root, 'packages/validate', manifest.exports['.'].default);
const { validate, getKind } = await import(entry);
const base = process.env.BENCH_BASE ? (await import(join(process.env.BENCH_BASE, 'index.bundle.js'))).validate : undefined;
const kind = getKind('PatientAdmin/PatientMerge');
const bare = createRequire(import.meta.url)(join(dist, 'generated/validators', kind.module)).kinds[kind.id].validate;

/** Calls per second of `fn` over one batch. */
function rate(fn, calls) {
  const start = performance.now();
  for (let i = 0; i < calls; i++) fn();
  return calls / ((performance.now() - start) / 1000);
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function wall(args, runs = 21) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const result = spawnSync(process.execPath, args, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${args.join(' ')} failed: ${result.stderr}`);
    times.push(performance.now() - start);
  }
  return median(times);
}

if (!validate(payload).valid) throw new Error('the example is not valid; the benchmark would measure error paths');
const bareOnce = () => bare(payload);
const cdxOnce = () => validate(payload);
// warm up
for (let i = 0; i < 20_000; i++) {
  bareOnce();
  cdxOnce();
}
// 200 back-to-back pairs of 2,000 calls each, so that load from other processes hits both sides of
// every ratio alike; the median ratio is the result, the 10th–90th percentiles show the noise.
const pairs = [];
const baseRates = [];
const baseOnce = () => base(payload);
if (base) for (let i = 0; i < 20_000; i++) baseOnce();
for (let i = 0; i < 200; i++) {
  const b = rate(bareOnce, 2000);
  pairs.push([b, rate(cdxOnce, 2000)]);
  if (base) baseRates.push(rate(baseOnce, 2000));
}
const ratios = pairs.map(([b, c]) => c / b).sort((x, y) => x - y);
const bareRate = median(pairs.map(([b]) => b));
const cdxRate = median(pairs.map(([, c]) => c));
const percentile = (p) => ratios[Math.floor((ratios.length - 1) * p)].toFixed(2);

const cold = `import(${JSON.stringify(entry)}).then((m) => { const r = m.validate(JSON.parse(require('fs').readFileSync(${JSON.stringify(example)}, 'utf8'))); if (!r.valid) process.exit(1); })`;
const baseline = wall(['-e', '0']);
const coldMs = wall(['-e', cold]);

console.log(`@cdx/validate — ${Buffer.byteLength(text)} B PatientMerge message`);
console.log(`  bare ajv standalone validator: ${Math.round(bareRate).toLocaleString('en-US')} validations/s`);
console.log(`  validate() with every rule:    ${Math.round(cdxRate).toLocaleString('en-US')} validations/s`);
if (base) {
  const baseRate = median(baseRates);
  console.log(`  BENCH_BASE validate():          ${Math.round(baseRate).toLocaleString('en-US')} validations/s (this build ÷ BENCH_BASE: ${(cdxRate / baseRate).toFixed(2)}×)`);
}
console.log(`  ratio: median ${median(ratios).toFixed(2)}× (10th–90th percentile ${percentile(0.1)}–${percentile(0.9)}; target ≥ 0.80×)`);
console.log(`  cold start: node -e 0 ${baseline.toFixed(0)} ms; import + validate one message ${coldMs.toFixed(0)} ms; beyond node: ${(coldMs - baseline).toFixed(0)} ms (target < 60 ms)`);
