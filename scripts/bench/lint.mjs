#!/usr/bin/env node
// Benchmarks cdx-lint against `ajv-cli validate` (5.0.0, the root devDependency) on the same
// generated fixtures, and prints the ratios the issue sets as targets:
//   - 2,000 files, all checks:        cdx-lint ≤ 0.7 × ajv-cli (one schema)
//   - one file, cold start:           cdx-lint ≤ 0.6 × ajv-cli
//   - 10,000 files vs 2,000 files:    cdx-lint ≤ 5.2 × (linear)
// Not a test: it prints numbers for docs/performance.md and fails only if a tool fails to run.
// Needs a build first (`pnpm build`). Fixtures go to bench/.fixtures/ (gitignored).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

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

/** Wall time of one run in ms; exit codes 0 and 1 are both normal (findings), anything else fails. */
function time(args) {
  const start = performance.now();
  const run = spawnSync(process.execPath, args, { cwd: root, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
  const ms = performance.now() - start;
  if (run.status !== 0 && run.status !== 1) {
    console.error(`failed (${run.status}): node ${args.join(' ')}\n${run.stderr}`);
    process.exit(1);
  }
  return ms;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Runs each command RUNS times, interleaved so that machine noise hits all of them alike. */
function compare(commands) {
  const times = commands.map(() => []);
  for (let r = 0; r < RUNS; r++) commands.forEach(([, args], i) => times[i].push(time(args)));
  return Object.fromEntries(commands.map(([name], i) => [name, median(times[i])]));
}

const ajv = (data) => [ajvCli, 'validate', '--spec=draft2020', '--strict=false', '-c', 'ajv-formats', '-s', schema, '-r', 'schemas/datamodel/defs/*.schema.json', '-d', data];
const cdx = (...args) => [bin, ...args];

const two = fixtures(2000);
const ten = fixtures(10_000);
const one = join(two, readdirSync(two).find((f) => f.endsWith('.json')));

console.log(`cdx-lint benchmark: node ${process.version}, ${availableParallelism()} cores, median of ${RUNS} interleaved runs\n`);
const many = compare([
  ['cdx-lint 2,000', cdx(two)],
  ['ajv-cli 2,000', ajv(join(two, '*.json'))],
  ['cdx-lint 10,000', cdx(ten)],
]);
const cold = compare([
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
