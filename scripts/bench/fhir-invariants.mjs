#!/usr/bin/env node
// validate() over every example of hl7.fhir.r4.examples@4.0.1 (5,306 files), in one process, as the
// corpus test runs them: the files are read and parsed first (not timed), then validated in turn.
// Prints the first pass (loading and compiling every resource type's validators included) and the
// median of the next passes (warm), with and without the R4 invariants (rule fhir-invariant).
// Not a test: numbers for docs/performance.md. Needs a build (`pnpm build`).
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { median } from './lib/timing.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const require = createRequire(join(root, 'package.json'));
const dir = dirname(require.resolve('hl7.fhir.r4.examples/package.json'));
// BENCH_VALIDATE: another build's bundle (a copy of an earlier dist), to compare in the same conditions.
const entry = process.env.BENCH_VALIDATE ?? join(root, 'packages/validate/dist/index.bundle.js');
const { validate, RULES } = await import(pathToFileURL(entry).href);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

const payloads = readdirSync(dir)
  .filter((f) => f.endsWith('.json') && f !== 'package.json' && !f.startsWith('.'))
  .sort()
  .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')));

const hasInvariants = RULES.some((rule) => rule.meta.id === 'fhir-invariant');
/** @param {object} options */
function pass(options) {
  const start = performance.now();
  for (const payload of payloads) validate(payload, options);
  return performance.now() - start;
}

const first = pass({});
const warm = [];
const without = [];
for (let i = 0; i < RUNS; i++) {
  warm.push(pass({}));
  if (hasInvariants) without.push(pass({ rules: { 'fhir-invariant': 'off' } }));
}
const ms = (n) => `${Math.round(n).toLocaleString('en')} ms`;
console.log(`R4 corpus, ${payloads.length} examples, validate() in one process (load average ${loadavg()[0].toFixed(2)}):`);
console.log(`  first pass (validators loaded and compiled): ${ms(first)}`);
console.log(`  warm, median of ${RUNS}: ${ms(median(warm))}`);
if (hasInvariants) console.log(`  warm, fhir-invariant off, median of ${RUNS}: ${ms(median(without))}`);
