#!/usr/bin/env node
// `pnpm robustness` (after `pnpm build`): the measurements of hostile input, each in its own
// process, failing if any does. Memory: rss.mjs (200 MB files, peak RSS against 3× the file).
// Time: budgets.mjs (the unit suites' hostile cases against time budgets). Limits: limits.mjs
// (the findings cap, deep bundles, a long URI, the token form, the worst globs). Races:
// fix-race.mjs (--fix against an editor's atomic saves). Editor: editor.mjs (the language server
// under a fast typist and a 12 MB bundle); playground.mjs (the page's main thread with 2 MB; skipped
// without a Chromium, except under CI). `pnpm robustness rss`
// runs one. Measurements, never tests: the unit suites keep only hang guards.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const SCRIPTS = ['rss.mjs', 'budgets.mjs', 'limits.mjs', 'fix-race.mjs', 'editor.mjs', 'playground.mjs'];
const only = process.argv.slice(2);
const scripts = SCRIPTS.filter((s) => only.length === 0 || only.includes(s.replace(/\.mjs$/, '')));

let failed = 0;
for (const script of scripts) {
  console.log(`\n=== ${script}`);
  const run = spawnSync(process.execPath, [join(here, script)], { stdio: 'inherit' });
  if (run.status !== 0) {
    console.error(`${script} failed (exit ${run.status ?? run.signal})`);
    failed++;
  }
}
if (scripts.length === 0) console.error(`No robustness script named ${only.join(', ')}; there are ${SCRIPTS.join(', ')}.`);
process.exit(failed > 0 || scripts.length === 0 ? 1 : 0);
