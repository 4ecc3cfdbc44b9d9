#!/usr/bin/env node
// `pnpm bench`: runs every other script in scripts/bench/ in turn, in its own process, and fails
// if any of them does. Benchmarks print numbers; none of them is a test.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const self = basename(fileURLToPath(import.meta.url));
// `pnpm bench lint` runs lint.mjs alone; `pnpm bench fhir` every fhir-*.mjs.
const only = process.argv.slice(2);
const wanted = (name) => only.length === 0 || only.some((o) => name === o || name.startsWith(`${o}-`));
const scripts = readdirSync(here)
  .filter((f) => f.endsWith('.mjs') && f !== self)
  .filter((f) => wanted(f.replace(/\.mjs$/, '')))
  .sort();

let failed = 0;
for (const script of scripts) {
  console.log(`\n=== ${script}`);
  // --expose-gc: fhir-attach.mjs measures the heap one validation grows.
  const run = spawnSync(process.execPath, ['--expose-gc', join(here, script)], { stdio: 'inherit' });
  if (run.status !== 0) {
    console.error(`${script} failed (exit ${run.status ?? run.signal})`);
    failed++;
  }
}
if (scripts.length === 0) console.error(only.length > 0 ? `No bench script named ${only.join(', ')}.` : 'No bench scripts.');
process.exit(failed > 0 || scripts.length === 0 ? 1 : 0);
