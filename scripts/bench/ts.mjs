#!/usr/bin/env node
// Benchmarks cdx-lint on TypeScript fixtures: one generated 1,000-line file holding 50 payload
// literals, against the same 50 payloads as JSON files (what a JSON-only run costs), and breaks
// the TypeScript run down in-process (loading the compiler, parsing, the rest).
// Not a test: it prints numbers for docs/performance.md and fails only if a run fails.
// Needs a build first (`pnpm build`). Fixtures go to bench/.fixtures/ (gitignored).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compare } from './lib/timing.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dist = join(root, 'packages/cdx-lint/dist');
const bin = join(dist, 'bin.js');
const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const PAYLOADS = 50;

if (!existsSync(bin)) {
  console.error(`cdx-lint build not found at ${bin}: run \`pnpm build\` first.`);
  process.exit(1);
}

/**
 * One PatientMerge as 20 lines of TypeScript. Like real fixtures, some values come from code (a
 * call, a spread every 5th payload); 1 in 10 has a misspelt member and 1 in 25 a bad date, so
 * findings are located and printed too.
 */
function payload(i) {
  const date = i % 25 === 7 ? 'yesterday' : '2026-03-02T14:05:31.201Z';
  return [
    `export const merge${i} = {`,
    '  Meta: {',
    "    DataModel: 'PatientAdmin',",
    "    EventType: 'PatientMerge',",
    `    EventDateTime: '${date}',`,
    i % 5 === 0 ? '    ...metaDefaults,' : '    Test: false,',
    "    Source: { ID: '7ce6f387-c33c-417d-8682-81e83628cbd9', Name: 'Riverside Health EHR' },",
    "    Destinations: [{ ID: 'af394f14-b34a-464f-8d24-895f370af4c9', Name: 'Care Coordination App' }],",
    '  },',
    '  Patient: {',
    `    Identifiers: [{ ID: '${1_000_000 + i}', IDType: 'MRN' }],`,
    "    PreviousIdentifiers: [{ ID: '0000000987', IDType: 'MRN' }],",
    '    Demographics: {',
    `      ${i % 10 === 3 ? 'FirstNmae' : 'FirstName'}: 'Patient${i}',`,
    "      LastName: 'Bixby',",
    "      DOB: '2008-01-06',",
    "      Sex: pick('Male'),",
    '    },',
    '  },',
    '} satisfies PatientMerge;',
  ];
}

/** The same payload as JSON: the values code would give are written out. */
function asJson(i) {
  return {
    Meta: {
      DataModel: 'PatientAdmin',
      EventType: 'PatientMerge',
      EventDateTime: i % 25 === 7 ? 'yesterday' : '2026-03-02T14:05:31.201Z',
      Test: false,
      Source: { ID: '7ce6f387-c33c-417d-8682-81e83628cbd9', Name: 'Riverside Health EHR' },
      Destinations: [{ ID: 'af394f14-b34a-464f-8d24-895f370af4c9', Name: 'Care Coordination App' }],
    },
    Patient: {
      Identifiers: [{ ID: String(1_000_000 + i), IDType: 'MRN' }],
      PreviousIdentifiers: [{ ID: '0000000987', IDType: 'MRN' }],
      Demographics: { [i % 10 === 3 ? 'FirstNmae' : 'FirstName']: `Patient${i}`, LastName: 'Bixby', DOB: '2008-01-06', Sex: 'Male' },
    },
  };
}

const dir = join(root, 'bench/.fixtures/ts');
rmSync(dir, { recursive: true, force: true });
mkdirSync(join(dir, 'json'), { recursive: true });
const lines = Array.from({ length: PAYLOADS }, (_, i) => payload(i)).flat();
const tsFile = join(dir, 'merges.ts');
writeFileSync(tsFile, `${lines.join('\n')}\n`);
for (let i = 0; i < PAYLOADS; i++) writeFileSync(join(dir, 'json', `merge-${String(i).padStart(2, '0')}.json`), `${JSON.stringify(asJson(i), null, 2)}\n`);
const oneJson = join(dir, 'json', 'merge-00.json');

/** Interleaved medians of each command. */
const compareRuns = (commands) => compare(commands, RUNS, root);

/** In a fresh process: load the compiler, then read and lint the file cold and warm. */
function breakdown() {
  const script = `
    const { performance } = await import('node:perf_hooks');
    const { readFileSync } = await import('node:fs');
    const { createRequire } = await import('node:module');
    const { lintText } = await import(${JSON.stringify(pathToFileURL(join(dist, 'lint/lint-text.js')).href)});
    const text = readFileSync(${JSON.stringify(tsFile)}, 'utf8');
    const settings = { rules: {}, pointerOverrides: [] };
    let t = performance.now();
    const ts = createRequire(${JSON.stringify(pathToFileURL(join(dist, 'sources/ts/load.js')).href)})('typescript');
    const load = performance.now() - t;
    t = performance.now();
    ts.createSourceFile('x.ts', text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
    const parseCold = performance.now() - t;
    t = performance.now();
    const result = lintText(text, ${JSON.stringify(tsFile)}, settings);
    const lintCold = performance.now() - t;
    const warm = [], parseWarm = [];
    for (let i = 0; i < 20; i++) {
      t = performance.now(); ts.createSourceFile('x.ts', text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS); parseWarm.push(performance.now() - t);
      t = performance.now(); lintText(text, ${JSON.stringify(tsFile)}, settings); warm.push(performance.now() - t);
    }
    const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
    console.log(JSON.stringify({ load, parseCold, lintCold, parseWarm: median(parseWarm), lintWarm: median(warm), messages: result.messages.length }));
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
  if (run.status !== 0) {
    console.error(run.stderr);
    process.exit(1);
  }
  return JSON.parse(run.stdout);
}

console.log(`TypeScript fixtures: node ${process.version}, ${availableParallelism()} cores, median of ${RUNS} interleaved runs`);
console.log(`${lines.length} lines, ${PAYLOADS} payload literals in ${tsFile.slice(root.length)}\n`);
const cli = compareRuns([
  ['cdx-lint merges.ts (1,000 lines, 50 payloads)', [bin, tsFile]],
  ['cdx-lint json/ (the same 50 payloads, JSON-only)', [bin, join(dir, 'json')]],
  ['cdx-lint one JSON file (JSON-only cold start)', [bin, oneJson]],
  ['node -e 0', ['-e', '0']],
]);
for (const [name, ms] of cli) console.log(`${name.padEnd(52)} ${ms.toFixed(0).padStart(5)} ms`);
const b = breakdown();
console.log('\nIn one process (ms):');
console.log(`  load typescript (createRequire)        ${b.load.toFixed(0).padStart(5)}`);
console.log(`  createSourceFile, first / warm          ${b.parseCold.toFixed(1).padStart(5)} / ${b.parseWarm.toFixed(1)}`);
console.log(`  lintText of the file, first / warm      ${b.lintCold.toFixed(1).padStart(5)} / ${b.lintWarm.toFixed(1)}  (${b.messages} messages)`);
