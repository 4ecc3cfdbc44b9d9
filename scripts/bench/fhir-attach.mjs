#!/usr/bin/env node
// A 50 MB Claim $attach bundle carrying a 7.5 MB inline attachment: validate() against JSON.parse
// of the same text (target ≤ 2×), and the heap one validate() allocates (no copy of the data).
// Not a test: prints numbers for docs/performance.md ("FHIR"). Needs a build first (`pnpm build`);
// run with --expose-gc for the heap figure (`pnpm bench` does).
import { randomBytes } from 'node:crypto';
import { example, importValidate, ms, time } from './lib/in-process.mjs';

const { validate } = await importValidate();
const base = example('fhir-claimattach');
const document = base.entry[0];
const others = base.entry.slice(1);
// Realistic base64: random bytes, so every character of the alphabet occurs.
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
  console.log(`Claim $attach bundle, ${(text.length / 1e6).toFixed(1)} MB, ${payload.entry.length} entries: one 7.5 MB inline attachment, then ${what}`);
  console.log(`  JSON.parse: ${ms(parseMs)}; validate(): ${ms(validateMs)}; ratio ${(validateMs / parseMs).toFixed(2)}× (target ≤ 2×)`);
  console.log(`  findings: ${findings.join(', ')}; heap grown by one validate(): ${(grown / 1e6).toFixed(2)} MB`);
}