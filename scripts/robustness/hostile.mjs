// Hostile inputs for cdx-lint and @cdx/validate, generated rather than committed (the large ones
// run to hundreds of MB). Each is built from a valid example, so it fails for the one reason its
// name gives. The test suites import hostileFiles(); the measurement script (rss.mjs) uses the
// same builders at full size.
//
//   node scripts/robustness/hostile.mjs <dir> [--mb 20]   writes every file into <dir>
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const example = (name) => readFileSync(join(repo, 'schemas/examples/valid', `${name}.json`), 'utf8');

const MB = 1_000_000;
const utf8 = (text) => Buffer.from(text, 'utf8');

/** A valid PatientMerge whose Notes array holds about `bytes` of text, plus one schema error. */
export function bigFile(bytes) {
  const note = `"${'Merged after duplicate registration at the walk-in clinic. '.repeat(16)}"`;
  const count = Math.max(1, Math.ceil(bytes / (note.length + 8)));
  const notes = `[\n      ${Array.from({ length: count }, () => note).join(',\n      ')}\n    ]`;
  return utf8(
    example('patientadmin-patientmerge')
      .replace('"Test": false', '"Test": "no"')
      .replace(/"Notes": \[[^\]]*\]/, `"Notes": ${notes}`),
  );
}

/** A PatientMerge whose date of birth is one string of `bytes` characters. */
export function hugeString(bytes) {
  const merge = example('patientadmin-patientmerge');
  const [before, after] = merge.split('"2008-01-06"');
  return Buffer.concat([utf8(`${before}"`), Buffer.alloc(bytes, 'A'), utf8(`"${after}`)]);
}

/** A FHIR searchset of about `bytes`: its entries repeated, so the file is many small objects. */
export function bigBundle(bytes) {
  const bundle = JSON.parse(example('fhir-searchset'));
  const entries = bundle.entry.map((e) => JSON.stringify(e));
  const per = entries.reduce((n, e) => n + e.length + 2, 0) / entries.length;
  const count = Math.max(1, Math.ceil(bytes / per));
  bundle.total = count;
  const [head, tail] = JSON.stringify({ ...bundle, entry: ['\u0000'] }).split('"\\u0000"');
  const parts = [Buffer.from(head)];
  for (let i = 0; i < count; i++) parts.push(Buffer.from(`${i > 0 ? ',\n' : ''}${entries[i % entries.length]}`));
  parts.push(Buffer.from(tail));
  return Buffer.concat(parts);
}

/** Bytes with `insert` put in place of the first occurrence of `marker` in the merge example. */
function spliceBytes(marker, insert) {
  const [before, after] = example('patientadmin-patientmerge').split(marker);
  return Buffer.concat([utf8(before), insert, utf8(after)]);
}

/** `"name": value` members named `__proto__`, `constructor` and `prototype` in every object. */
function withPrototypeNames(text) {
  return text.replace(/\{(?=\s*")/g, '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}, "prototype": {"polluted": true}, ');
}

/**
 * Every hostile file: `name`, `bytes`, and what a linter must say: `rules` it must report,
 * `fatal` when it is a parse error, `at` a position some finding must start at.
 * `mb` scales the large ones (the default run uses 20 MB; rss.mjs 200 MB and 100 MB).
 */
export function hostileFiles({ mb = 20 } = {}) {
  const merge = example('patientadmin-patientmerge');
  const withError = merge.replace('"Test": false', '"Test": "no"');
  const lineOf = (text, needle) => text.slice(0, text.indexOf(needle)).split(/\r\n|\n/).length;
  const testLine = lineOf(withError, '"Test"');
  const slots = example('scheduling-availableslotsresponse');
  const provider = JSON.parse(example('provider-deactivate'));
  provider.Providers[0].Demographics.Addresses = Array(20_000).fill(5);
  const cards = JSON.parse(example('cdshooks-patient-view-response'));
  const card = cards.cards[0];
  // Each card's action resource fails both alternatives of its anyOf (a FHIR resource, or the deprecated string).
  const failing = { label: 'x', actions: [{ type: null, description: 'x', resource: 42 }] };
  cards.cards = Array.from({ length: 2000 }, (_, i) => ({ ...card, uuid: `card-${i}`, suggestions: [failing] }));
  const depth = 100_000;

  return [
    // Size
    { name: 'big-file', bytes: bigFile(mb * MB), rules: ['schema'], at: { line: testLine, column: 5 } },
    { name: 'huge-string', bytes: hugeString(mb * MB), rules: ['schema'] },
    // Encodings
    { name: 'invalid-utf8', bytes: spliceBytes('Methodist', Buffer.from([0x4d, 0x65, 0x74, 0xff, 0x68])), rules: ['parse-error'], fatal: true },
    { name: 'utf8-encoded-surrogate', bytes: spliceBytes('Methodist', Buffer.from([0xed, 0xa0, 0x80])), rules: ['parse-error'], fatal: true },
    { name: 'overlong-utf8', bytes: spliceBytes('Methodist', Buffer.from([0xc0, 0xaf])), rules: ['parse-error'], fatal: true },
    { name: 'lone-surrogates', bytes: utf8(merge.replace('"Timothy"', '"\\ud800Tim"').replace('"2008-01-06"', '"\\udfff"')), rules: ['schema'] },
    { name: 'nul-in-string', bytes: utf8(merge.replace('"Timothy"', '"Tim\u0000othy"')), rules: ['parse-error'], fatal: true },
    { name: 'nul-escaped', bytes: utf8(merge.replace('"2008-01-06"', '"\\u0000\\u001b[31m"')), rules: ['schema'] },
    { name: 'nul-between-tokens', bytes: utf8(merge.replace('{', '{\u0000')), rules: ['parse-error'], fatal: true, at: { line: 1, column: 2 } },
    { name: 'escape-sequence-between-tokens', bytes: utf8(merge.replace('{', '{\u001b[2J\u001b[31m')), rules: ['parse-error'], fatal: true },
    { name: 'bom', bytes: utf8(`\uFEFF${withError}`), rules: ['schema'], at: { line: testLine, column: 5 } },
    {
      name: 'utf16le-bom',
      bytes: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(merge, 'utf16le')]),
      rules: ['parse-error'],
      fatal: true,
      at: { line: 1, column: 1 },
    },
    {
      name: 'utf16be-bom',
      bytes: Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(merge, 'utf16le').swap16()]),
      rules: ['parse-error'],
      fatal: true,
      at: { line: 1, column: 1 },
    },
    { name: 'utf16le', bytes: Buffer.from(merge, 'utf16le'), rules: ['parse-error'], fatal: true, at: { line: 1, column: 1 } },
    { name: 'crlf', bytes: utf8(withError.replace(/\n/g, '\r\n')), rules: ['schema'], at: { line: testLine, column: 5 } },
    { name: 'cr-only', bytes: utf8(withError.replace(/\n/g, '\r')), rules: ['schema'], at: { line: testLine, column: 5 } },
    { name: 'empty', bytes: Buffer.alloc(0), rules: ['parse-error'], fatal: true, at: { line: 1, column: 1 } },
    { name: 'whitespace-only', bytes: utf8(' \r\n\t \n'), rules: ['parse-error'], fatal: true },
    // Names and values JavaScript treats specially
    { name: 'prototype-names', bytes: utf8(withPrototypeNames(merge)), rules: ['unknown-field'] },
    { name: 'control-characters-in-names', bytes: utf8(merge.replace('"FirstName"', '"First\\u001b[2JName\\u0007\\u2028\\u202e"')), rules: ['unknown-field'] },
    {
      name: 'long-member-name',
      bytes: utf8(merge.replace('"Notes": [', `"${'N'.repeat(10 * MB)}": 1, "${'N'.repeat(10 * MB)}": 2, "Notes": [`)),
      rules: ['unknown-field', 'duplicate-key'],
    },
    {
      name: 'duplicate-keys',
      bytes: utf8(merge.replace('"FirstName"', `${'"Nickname": 0, '.repeat(5000)}"FirstName"`)),
      rules: ['duplicate-key', 'unknown-field'],
    },
    { name: 'duplicate-keys-at-every-level', bytes: utf8(`${'{"a":'.repeat(depth)}1${',"a":2}'.repeat(depth)}`), rules: ['duplicate-key', 'unknown-kind'] },
    {
      name: 'duplicate-keys-deep-and-wide',
      bytes: utf8(`${'{"a":'.repeat(500)}{${Array.from({ length: 2000 }, (_, i) => `"k${i}":1,"k${i}":2`).join(',')}}${'}'.repeat(500)}`),
      rules: ['duplicate-key'],
    },
    {
      name: 'numbers',
      bytes: utf8(merge.replace('"Test": false', '"Test": 1e400').replace('"0000000001"', '12345678901234567890').replace('"Notes": [', '"Notes": [-0, ')),
      rules: ['schema'],
    },
    { name: 'number-out-of-range', bytes: utf8(slots.replace('"Duration": 30', '"Duration": 1e400')), rules: ['schema'] },
    // Shapes
    { name: 'truncated', bytes: utf8(merge.slice(0, Math.floor(merge.length / 2))), rules: ['parse-error'], fatal: true },
    { name: 'scalar-number', bytes: utf8('42'), rules: ['unknown-kind'], at: { line: 1, column: 1 } },
    { name: 'scalar-string', bytes: utf8('"PatientMerge"'), rules: ['unknown-kind'] },
    { name: 'scalar-null', bytes: utf8('null'), rules: ['unknown-kind'] },
    { name: 'array-of-messages', bytes: utf8(`[${merge}, ${merge}]`), rules: ['unknown-kind'], at: { line: 1, column: 1 } },
    // Many failures in one payload: linear work, not quadratic
    { name: 'many-failing-items', bytes: utf8(JSON.stringify(provider)), rules: ['schema'] },
    { name: 'many-failing-alternatives', bytes: utf8(JSON.stringify(cards)), rules: ['schema'] },
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values, positionals } = parseArgs({ options: { mb: { type: 'string', default: '20' } }, allowPositionals: true });
  const dir = positionals[0];
  if (!dir) {
    console.error('usage: node scripts/robustness/hostile.mjs <dir> [--mb 20]');
    process.exit(2);
  }
  mkdirSync(dir, { recursive: true });
  const files = hostileFiles({ mb: Number(values.mb) });
  for (const file of files) writeFileSync(join(dir, `${file.name}.json`), file.bytes);
  console.log(`Wrote ${files.length} hostile files to ${dir}.`);
}
