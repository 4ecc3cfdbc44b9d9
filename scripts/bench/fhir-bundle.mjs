#!/usr/bin/env node
// A 30-entry ChargeItemCreate message bundle: validate() against the summed cost of the bare
// per-resource ajv validators over its entries (target ≤ 1.25×), then where the difference goes.
// Not a test: prints numbers for docs/performance.md ("FHIR"). Needs a build first (`pnpm build`).
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createAjv } from '../lib/ajv.mjs';
import { loadSchemas } from '../lib/schemas.mjs';
import { example, importValidate, ms, root } from './lib/in-process.mjs';
import { median } from './lib/timing.mjs';

const require = createRequire(import.meta.url);
const { validate } = await importValidate();
const entries = loadSchemas(join(root, 'schemas'));
const ajv = createAjv();
for (const entry of entries) ajv.addSchema(entry.schema);
const bare = (type) =>
  type === 'MessageHeader'
    ? ajv.getSchema('https://schemas.cdx.dev/fhir/profiles/message-header.schema.json')
    : ajv.getSchema(`https://schemas.cdx.dev/fhir/r4/${type}.schema.json`);
const base = example('fhir-chargeitemcreate');
const extra = base.entry.slice(3); // Encounter, Practitioner, Organization, Account, Coverage
const entry = [...base.entry];
for (let i = 0; entry.length < 30; i++) {
  const source = extra[i % extra.length];
  const id = `${source.resource.id}-${i}`;
  entry.push({ fullUrl: `urn:uuid:00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, resource: { ...source.resource, id } });
}
// Parsed from text, as a payload reaches validate(): flat strings, no objects shared between entries.
const bundle = JSON.parse(JSON.stringify({ ...base, entry }));
const result = validate(bundle);
if (!result.valid || result.findings.length > 0) throw new Error(`the 30-entry bundle is not clean: ${JSON.stringify(result.findings.slice(0, 3))}`);
const validators = bundle.entry.map((e) => [bare(e.resource.resourceType), e.resource]);
for (const [v, r] of validators) if (!v(r)) throw new Error(`bare ${r.resourceType} rejects its entry`);
// Back-to-back pairs, so that load from other processes on a shared machine cancels out in each ratio.
const sumOnce = () => { for (const [v, r] of validators) v(r); };
const fullOnce = () => validate(bundle);
for (let i = 0; i < 2000; i++) {
  sumOnce();
  fullOnce();
}
const sums = [];
const fulls = [];
const ratios = [];
for (let pair = 0; pair < 200; pair++) {
  let start = performance.now();
  for (let i = 0; i < 20; i++) sumOnce();
  const sum = (performance.now() - start) / 20;
  start = performance.now();
  for (let i = 0; i < 20; i++) fullOnce();
  const full = (performance.now() - start) / 20;
  sums.push(sum);
  fulls.push(full);
  ratios.push(full / sum);
}
console.log(`ChargeItemCreate message bundle, ${entry.length} entries, ${JSON.stringify(bundle).length.toLocaleString('en-US')} B`);
console.log(`  bare per-resource ajv validators, summed: ${ms(median(sums))} (median of 200 × 20)`);
console.log(`  validate() (kind detection, strict twin, every rule): ${ms(median(fulls))}`);
console.log(`  ratio of back-to-back pairs: median ${median(ratios).toFixed(2)}×, best ${Math.min(...ratios).toFixed(2)}× (target ≤ 1.25×)`);
// Where the difference goes: the strict twin alone, then the rules. Each validator against the bare
// sum in its own interleaved loop: alternating two multi-MB validators evicts each other's code
// from the CPU caches and slows both.
const generated = (file) => require(join(root, 'packages/validate/dist/generated/validators', file));
const overlay = () => generated('fhir/profiles.cjs').overlays['fhir/ChargeItemCreate'];
/** The R4 Bundle's strict twin: its table, walked by the interpreter (packages/validate/src/fhir/table/). */
const bundleTwin = () => require(join(root, 'packages/validate/dist/fhir/table/tables.cjs')).tableTwin('Bundle');
const parts = {
  'strict twin and overlay (the fast path validate() takes)': () => {
    const [twin, profile] = [bundleTwin(), overlay()];
    return (b) => twin(b) && profile(b);
  },
  'R4 Bundle strict twin alone (entries through the resource dispatcher)': bundleTwin,
  'canonical validator and overlay (the exact path)': () => {
    const [canonical, profile] = [generated('fhir/r4/Bundle.cjs').validate, overlay()];
    return (b) => canonical(b) && profile(b);
  },
};
for (const [name, load] of Object.entries(parts)) {
  const validator = load();
  for (let i = 0; i < 2000; i++) {
    validator(bundle);
    sumOnce();
  }
  const ratios = [];
  for (let round = 0; round < 100; round++) {
    let start = performance.now();
    for (let i = 0; i < 20; i++) validator(bundle);
    const own = performance.now() - start;
    start = performance.now();
    for (let i = 0; i < 20; i++) sumOnce();
    ratios.push(own / (performance.now() - start));
  }
  console.log(`  ${name}: median ${median(ratios).toFixed(2)}× the bare sum`);
}

// What each layer of a bundle schema costs, on 29 Patients and the MessageHeader.
const P = 'https://schemas.cdx.dev/fhir/r4/Patient.schema.json';
const MH = 'https://schemas.cdx.dev/fhir/profiles/message-header.schema.json';
const patients = { ...base, entry: [base.entry[0], ...Array.from({ length: 29 }, (_, i) => ({ fullUrl: `urn:uuid:00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, resource: { ...base.entry[2].resource, id: `p${i}` } }))] };
const dispatch = (types) => ({ type: 'object', allOf: types.map((t) => ({ if: { type: 'object', required: ['resourceType'], properties: { resourceType: { const: t } } }, then: { $ref: t === 'MessageHeader' ? MH : `https://schemas.cdx.dev/fhir/r4/${t}.schema.json` } })) });
const items = (resource) => ({ type: 'object', properties: { entry: { type: 'array', items: { type: 'object', properties: { resource } } } } });
const layers = {
  'sum of bare validators': (() => { const p = ajv.getSchema(P), h = ajv.getSchema(MH); return () => { void h(patients.entry[0].resource); for (let i = 1; i < 30; i++) void p(patients.entry[i].resource); }; })(),
  'entries → one $ref': (() => { const v = ajv.compile({ $id: 'bench:direct', ...items({ $ref: P }) }); return () => v(patients); })(),
  'entries → if/then dispatch over 9 types': (() => { const v = ajv.compile({ $id: 'bench:dispatch', ...items(dispatch(['MessageHeader', 'ChargeItem', 'Encounter', 'Organization', 'Coverage', 'Account', 'Practitioner', 'PractitionerRole', 'Patient'])) }); return () => v(patients); })(),
  'the ChargeItemCreate profile (envelope, entry layers, dispatch)': (() => { const v = ajv.getSchema('https://schemas.cdx.dev/fhir/profiles/charge-item-create.schema.json'); return () => v(patients); })(),
};
const layerTimes = Object.fromEntries(Object.keys(layers).map((k) => [k, []]));
for (let round = 0; round < 60; round++) for (const [k, fn] of Object.entries(layers)) { const start = performance.now(); for (let i = 0; i < 20; i++) void fn(); layerTimes[k].push((performance.now() - start) / 20); }
const layerBase = Math.min(...layerTimes['sum of bare validators']);
console.log('  bundle schema layers (30 entries: MessageHeader + 29 Patients; best of 60 × 20):');
for (const [k, xs] of Object.entries(layerTimes)) console.log(`    ${k}: ${ms(Math.min(...xs))} (${(Math.min(...xs) / layerBase).toFixed(2)}×)`);