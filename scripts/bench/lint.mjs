#!/usr/bin/env node
// Benchmarks cdx-lint against `ajv-cli validate` (5.0.0, the root devDependency) on the same
// generated fixtures, and prints the ratios the issue sets as targets:
//   - 2,000 files, all checks:        cdx-lint ≤ 0.7 × ajv-cli (one schema)
//   - one file, cold start:           cdx-lint ≤ 0.6 × ajv-cli
//   - 10,000 files vs 2,000 files:    cdx-lint ≤ 5.2 × (linear)
// Not a test: it prints numbers for docs/performance.md and fails only if a tool fails to run.
// Needs a build first (`pnpm build`). Fixtures go to bench/.fixtures/ (gitignored).
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compare } from './lib/timing.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = join(root, 'packages/cdx-lint/dist/bin.js');
const ajvCli = join(root, 'node_modules/ajv-cli/dist/index.js');
const schema = join(root, 'schemas/datamodel/patientadmin/patient-merge.schema.json');
const example = JSON.parse(readFileSync(join(root, 'schemas/examples/valid/patientadmin-patientmerge.json'), 'utf8'));
const RUNS = Number(process.env.BENCH_RUNS ?? 7);

for (const [what, path] of [['cdx-lint build', bin], ['ajv-cli', ajvCli]]) {
  if (!existsSync(path)) {
    console.error(`${what} not found at ${path}: run \`pnpm install\` and \`pnpm build\` first.`);
    process.exit(1);
  }
}

/**
 * Realistic fixtures: the PatientMerge example with varied values, 1 in 25 with a misspelt member
 * (spelling-drift) and 1 in 50 with a bad date (schema), so the run also pays for locating
 * findings. Written once per size; regenerated when the example changes.
 */
function fixtures(count) {
  const dir = join(root, 'bench/.fixtures', `lint-${count}`);
  const stamp = join(dir, '.stamp');
  const key = `${count}:${JSON.stringify(example).length}`;
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === key) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (let i = 0; i < count; i++) {
    const payload = structuredClone(example);
    const demographics = payload.Patient.Demographics;
    demographics.FirstName = `Patient${i}`;
    payload.Patient.Identifiers[0].ID = String(1_000_000 + i);
    if (i % 25 === 7) {
      demographics.FirstNmae = demographics.FirstName;
      delete demographics.FirstName;
    }
    if (i % 50 === 11) payload.Meta.EventDateTime = 'yesterday';
    writeFileSync(join(dir, `fixture-${String(i).padStart(5, '0')}.json`), `${JSON.stringify(payload, null, 2)}\n`);
  }
  writeFileSync(stamp, key);
  return dir;
}

/** Interleaved medians of each command, by name. */
const compareRuns = (commands) => Object.fromEntries(compare(commands, RUNS, root));

const ajv = (data) => [ajvCli, 'validate', '--spec=draft2020', '--strict=false', '-c', 'ajv-formats', '-s', schema, '-r', 'schemas/datamodel/defs/*.schema.json', '-d', data];
const cdx = (...args) => [bin, ...args];

const two = fixtures(2000);
const ten = fixtures(10_000);
const one = join(two, readdirSync(two).find((f) => f.endsWith('.json')));

console.log(`cdx-lint benchmark: node ${process.version}, ${availableParallelism()} cores, median of ${RUNS} interleaved runs\n`);
const many = compareRuns([
  ['cdx-lint 2,000', cdx(two)],
  ['ajv-cli 2,000', ajv(join(two, '*.json'))],
  ['cdx-lint 10,000', cdx(ten)],
]);
const cold = compareRuns([
  ['cdx-lint 1 file', cdx(one)],
  ['ajv-cli 1 file', ajv(one)],
  ['node -e 0', ['-e', '0']],
]);

const rows = [
  ['2,000 files, all checks', many['cdx-lint 2,000'], many['ajv-cli 2,000'], 0.7],
  ['one file, cold start', cold['cdx-lint 1 file'], cold['ajv-cli 1 file'], 0.6],
];
for (const [what, ours, theirs, target] of rows) {
  const ratio = ours / theirs;
  console.log(`${what.padEnd(26)} cdx-lint ${ours.toFixed(0).padStart(5)} ms  ajv-cli ${theirs.toFixed(0).padStart(5)} ms  ratio ${ratio.toFixed(2)} (target ≤ ${target}) ${ratio <= target ? 'ok' : 'MISSED'}`);
}
const linear = many['cdx-lint 10,000'] / many['cdx-lint 2,000'];
console.log(`${'10,000 vs 2,000 files'.padEnd(26)} cdx-lint ${many['cdx-lint 10,000'].toFixed(0).padStart(5)} ms vs ${many['cdx-lint 2,000'].toFixed(0)} ms  ratio ${linear.toFixed(2)} (target ≤ 5.2) ${linear <= 5.2 ? 'ok' : 'MISSED'}`);
console.log(`${'node -e 0'.padEnd(26)} ${cold['node -e 0'].toFixed(0).padStart(5)} ms (start-up floor)`);
