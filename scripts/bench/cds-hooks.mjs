#!/usr/bin/env node
// CDS Hooks documents through validate(), against the floor (JSON.parse of the same text) and against
// what a user would run instead: ajv with the same schemas (R4 included, as ajv resolves them), which
// checks the structure only. Each document valid (the strict twin's fast path) and with one mistake
// (the exact path: canonical validator, member walk, rules). Then cdx-lint on one file, cold, against
// a Data Model message: what a pre-commit hook on one CDS Hooks fixture pays. Not a test: prints numbers
// for docs/performance.md ("CDS Hooks"). Needs a build first (`pnpm build`).
import { join } from 'node:path';
import { createAjv } from '../lib/ajv.mjs';
import { loadSchemas } from '../lib/schemas.mjs';
import { example, importValidate, ms, root, time } from './lib/in-process.mjs';
import { compare } from './lib/timing.mjs';

const { validate } = await importValidate();
const entries = loadSchemas(join(root, 'schemas'));
const ajv = createAjv();
for (const entry of entries) ajv.addSchema(entry.schema);

/** Each document, valid, and with one mistake a user makes. */
const DOCUMENTS = [
  ['cds-hooks-response', (d) => delete d.cards[0].selectionBehavior],
  ['cds-hooks-order-sign', (d) => (d.context.draftOrders.entry[0].resource.status = 'pending')],
  ['cds-hooks-patient-view', (d) => (d.prefetch.patient.gender = 'man')],
  ['cds-hooks-discovery', (d) => (d.services[1].prefetch.patient = 'Patient/{{context.patient}}')],
  ['cds-hooks-feedback', (d) => delete d.feedback[0].acceptedSuggestions],
  ['cdshooks-patient-view-response', (d) => delete d.cards[0].selectionBehavior],
];

console.log('document                         bytes   JSON.parse   ajv (structure)   validate() valid   validate() one mistake');
for (const [name, mistake] of DOCUMENTS) {
  const text = JSON.stringify(example(name));
  const valid = JSON.parse(text);
  const broken = JSON.parse(text);
  mistake(broken);
  const kind = validate(valid).kind;
  const schema = entries.find((e) => e.schema.cdxKind === kind);
  const bare = ajv.getSchema(schema.id);
  if (validate(valid).findings.length > 0 || validate(broken).findings.length === 0) throw new Error(`${name}: the valid document has findings, or the broken one none`);
  const parse = time(() => JSON.parse(text), { batch: 200 });
  const structure = time(() => bare(valid), { batch: 200 });
  const fast = time(() => validate(valid), { batch: 200 });
  const exact = time(() => validate(broken), { batch: 50 });
  console.log(`${name.padEnd(31)}  ${String(text.length).padStart(5)}   ${ms(parse).padStart(10)}   ${ms(structure).padStart(15)}   ${ms(fast).padStart(16)}   ${ms(exact).padStart(22)}`);
}

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const bin = join(root, 'packages/cdx-lint/dist/bin.js');
const valid = join(root, 'schemas/examples/valid');
const cold = compare(
  [
    ['Data Model message', [bin, join(valid, 'patientadmin-patientmerge.json')]],
    ['CDS Hooks discovery (no FHIR)', [bin, join(valid, 'cds-hooks-discovery.json')]],
    ['CDS Hooks response', [bin, join(valid, 'cds-hooks-response.json')]],
    ['CDS Hooks order-sign request', [bin, join(valid, 'cds-hooks-order-sign.json')]],
    ['node -e 0', ['-e', '0']],
  ],
  RUNS,
  root,
);
console.log(`\ncdx-lint, one file, cold start (whole process), median of ${RUNS} interleaved runs:`);
const base = cold[0][1];
for (const [name, t] of cold) console.log(`  ${name.padEnd(30)} ${t.toFixed(0).padStart(5)} ms${name.startsWith('CDS') ? `  ${(t / base).toFixed(2)}× the Data Model message` : ''}`);
