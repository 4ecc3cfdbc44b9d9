// Runs every property test with many cases: `pnpm fuzz` (100,000 per property), or
// `pnpm fuzz --runs 5000 --seed 42`. The default `pnpm test` runs the same properties with 300
// cases each. Seeded, so a run replays exactly; a failure prints fast-check's counterexample
// with its seed and path, and this script prints the command that replays it.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

/** The property-test files and how many properties each runs with CDX_FUZZ_RUNS cases. */
const SUITES = [
  ['packages/validate/test/fuzz-validate.test.ts', 4],
  ['packages/validate/test/twin-differential.test.ts', 1],
  ['packages/validate/test/auth/fuzz-form.test.ts', 1],
  ['packages/validate/test/fuzz-cap.test.ts', 1],
  ['packages/cdx-lint/test/robust-fix.test.ts', 1],
  ['packages/cdx-lint/test/robust-positions.test.ts', 1],
  ['packages/cdx-lint/test/fuzz-cache.test.ts', 1],
  ['packages/cdx-lint/test/fuzz-config.test.ts', 1],
  ['packages/cdx-lint/test/fuzz-junit.test.ts', 1],
];

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '100000' }, seed: { type: 'string', default: '20260301' } },
});
const runs = Number(values.runs);
const seed = Number(values.seed);
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(seed)) {
  console.error('usage: node scripts/fuzz.mjs [--runs 100000] [--seed 20260301]');
  process.exit(2);
}

const properties = SUITES.reduce((n, [, count]) => n + count, 0);
console.log(
  `Fuzzing: ${runs.toLocaleString('en')} cases per property × ${properties} properties = ${(runs * properties).toLocaleString('en')} cases, seed ${seed}.`,
);
const started = Date.now();
const vitest = join(dirname(require.resolve('vitest/package.json')), 'vitest.mjs');
const result = spawnSync(process.execPath, [vitest, 'run', ...SUITES.map(([file]) => file)], {
  cwd: repo,
  stdio: 'inherit',
  env: { ...process.env, CDX_FUZZ_RUNS: String(runs), CDX_FUZZ_SEED: String(seed) },
});
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
if (result.status === 0) {
  console.log(`\n${(runs * properties).toLocaleString('en')} cases, 0 failures, seed ${seed}, ${minutes} min.`);
} else {
  console.error(`\nFailures above (fast-check prints each counterexample's seed and path). Replay: pnpm fuzz --runs ${runs} --seed ${seed}`);
}
process.exit(result.status ?? 1);
