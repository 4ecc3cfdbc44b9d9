#!/usr/bin/env node
// validate() over every resource of hl7.fhir.r4.examples@4.0.1 (5,306 files), in one process: the
// FHIR checks' cost on the whole R4 corpus (budget: a new check adds at most 1.2 × to it). Files are
// read and parsed before the clock starts; each run validates every file once; the median of RUNS
// runs after one warm-up run (which loads every validator module). Also validate() of a 30-entry
// transaction bundle (median of many calls). Not a test: prints numbers for docs/performance.md.
// Needs a build (`pnpm --filter @cdx/validate build`). With BENCH_BASE=<a dist folder of another
// build> the same runs time that build too, interleaved with this one (before/after in one run). Run
// it with `node --expose-gc` (see corpusRun).
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { median } from './lib/timing.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const require = createRequire(join(root, 'package.json'));
const r4Dir = dirname(require.resolve('hl7.fhir.r4.examples/package.json'));
const { validate } = await import(join(root, 'packages/validate/dist/index.bundle.js'));
const base = process.env.BENCH_BASE ? (await import(join(process.env.BENCH_BASE, 'index.bundle.js'))).validate : undefined;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

const files = readdirSync(r4Dir)
  .filter((f) => f.endsWith('.json') && f !== 'package.json')
  .sort();
/** The floor in process: reading and parsing every file (what validate() is compared with). */
function readAndParse() {
  const start = performance.now();
  const parsed = files.map((f) => JSON.parse(readFileSync(join(r4Dir, f), 'utf8')));
  return { ms: performance.now() - start, parsed };
}
const payloads = readAndParse().parsed;

/**
 * The parsed corpus is a live heap of some 600 MB: a major collection falling inside one run and not
 * another moved single runs by half. With `--expose-gc` each run starts after one.
 */
function corpusRun(check) {
  globalThis.gc?.();
  const start = performance.now();
  let findings = 0;
  for (const payload of payloads) findings += check(payload).findings.length;
  return { ms: performance.now() - start, findings };
}

const builds = [['this build', validate], ...(base ? [['BENCH_BASE', base]] : [])];
/** The builds' indexes in round `r`'s order: with a base build, the two take turns going first. */
const turns = (r) => (r % 2 === 0 ? [...builds.keys()] : [...builds.keys()].reverse());
const times = builds.map(() => []);
const findings = builds.map(() => 0);
for (const [, check] of builds) corpusRun(check);
for (let r = 0; r < RUNS; r++)
  for (const i of turns(r)) {
    const run = corpusRun(builds[i][1]);
    times[i].push(run.ms);
    findings[i] = run.findings;
  }
builds.forEach(([name], i) => { console.log(`R4 corpus, ${name}: ${payloads.length} files, validate() each: median ${median(times[i]).toFixed(0)} ms over ${RUNS} runs (${findings[i]} findings)`); },
);
if (base) console.log(`this build ÷ BENCH_BASE: ${(median(times[0]) / median(times[1])).toFixed(2)}×`);
const floor = median(Array.from({ length: RUNS }, () => readAndParse().ms));
console.log(`R4 corpus, reading and parsing every file (the floor): median ${floor.toFixed(0)} ms`);
console.log(`  validate() ÷ the floor: ${(median(times[0]) / floor).toFixed(2)}× (in process, warm; the whole-process budget, ≤ 2×, is in fhir-lint.mjs)`);

/** A 30-entry transaction: Patients, Observations and Encounters referring to each other by urn:uuid. */
function bundle30() {
  const uuid = (i) => `urn:uuid:${String(i).padStart(8, '0')}-0000-4000-8000-000000000000`;
  const entry = [];
  for (let i = 0; i < 30; i++) {
    const kind = i % 3;
    const resource =
      kind === 0
        ? { resourceType: 'Patient', name: [{ family: `F${i}`, given: ['G'] }], gender: 'female', birthDate: '1970-01-01' }
        : kind === 1
          ? { resourceType: 'Encounter', status: 'finished', class: { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'AMB' }, subject: { reference: uuid(i - 1) } }
          : { resourceType: 'Observation', status: 'final', code: { text: 'x' }, subject: { reference: uuid(i - 2) }, encounter: { reference: uuid(i - 1) }, effectiveDateTime: '2020-02-29T10:00:00Z' };
    entry.push({ fullUrl: uuid(i), resource, request: { method: 'POST', url: resource.resourceType } });
  }
  return { resourceType: 'Bundle', type: 'transaction', entry };
}
const bundle = bundle30();
const calls = builds.map(() => []);
for (const [, check] of builds) for (let i = 0; i < 200; i++) check(bundle);
// The builds take turns going first, as in the corpus runs: the same build measured against itself
// read 1.02× and 1.09× when one always went first.
for (let r = 0; r < 16; r++)
  for (const b of turns(r)) {
    const check = builds[b][1];
    const start = performance.now();
    for (let i = 0; i < 200; i++) check(bundle);
    calls[b].push((performance.now() - start) / 200);
  }
builds.forEach(([name, check], b) => { console.log(`30-entry transaction bundle, ${name}: validate() median ${median(calls[b]).toFixed(3)} ms a call (${check(bundle).findings.length} findings)`); },
);
if (base) console.log(`this build ÷ BENCH_BASE: ${(median(calls[0]) / median(calls[1])).toFixed(2)}× (budget: throughput not below BENCH_BASE's, ≤ 1.0×)`);
