#!/usr/bin/env node
// `pnpm bench`: runs every other script in scripts/bench/ in turn, in its own process, and fails
// if any of them does. Benchmarks print numbers; none of them is a test.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const self = basename(fileURLToPath(import.meta.url));
const only = process.argv.slice(2); // `pnpm bench lint` runs lint.mjs alone
const scripts = readdirSync(here)
  .filter((f) => f.endsWith('.mjs') && f !== self)
  .filter((f) => only.length === 0 || only.includes(f.replace(/\.mjs$/, '')))
  .sort();

let failed = 0;
for (const script of scripts) {
  console.log(`\n=== ${script}`);
  const run = spawnSync(process.execPath, [join(here, script)], { stdio: 'inherit' });
  if (run.status !== 0) {
    console.error(`${script} failed (exit ${run.status ?? run.signal})`);
    failed++;
  }
}
if (scripts.length === 0) console.error(only.length > 0 ? `No bench script named ${only.join(', ')}.` : 'No bench scripts.');
process.exit(failed > 0 || scripts.length === 0 ? 1 : 0);
