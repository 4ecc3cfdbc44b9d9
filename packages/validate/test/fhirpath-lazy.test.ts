// Cold start of a FHIR payload: the FHIRPath engine (fhirpath, antlr4, ucum) is most of what a FHIR lint
// loads beyond a Data Model one, and a resource whose constraints are native or guarded by members it
// lacks needs no expression evaluated; the engine's parser (antlr4) is not needed for R4's expressions,
// parsed by the build (fhir/invariants/preparsed.ts). Checked in a fresh process on the build (`pnpm
// build` first): what it has required after each step.
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const entry = join(dirname(fileURLToPath(import.meta.url)), '../dist/index.bundle.js');

const SCRIPT = `
import { createRequire } from 'node:module';
const { validate } = await import(process.argv[1]);
const require = createRequire(process.argv[1]);
const files = () => Object.keys(require.cache).map((file) => file.replaceAll('\\\\', '/'));
// The engine, its parser, and its whole R4 model (the invariant walk reads three of the model's files alone).
const loaded = () => [
  files().some((file) => file.endsWith('/fhirpath/src/fhirpath.js')),
  files().some((file) => file.includes('/antlr4/')),
  files().some((file) => file.endsWith('/fhir-context/r4/index.js')),
];
const out = [];
const patient = {
  resourceType: 'Patient',
  id: 'p1',
  identifier: [{ system: 'urn:oid:1.2.3', value: '42' }],
  name: [{ family: 'Doe', given: ['Jo'] }],
  gender: 'female',
  birthDate: '1970-01-01',
};
out.push([validate(patient).findings.map((f) => f.ruleId), loaded()]);
// rng-2 of quantities in two UCUM units (5 g to 3 mg) is FHIRPath's to convert: the engine loads.
const ucum = (value, code) => ({ value, system: 'http://unitsofmeasure.org', code });
const observation = { resourceType: 'Observation', status: 'final', code: { text: 'x' }, valueRange: { low: ucum(5, 'g'), high: ucum(3, 'mg') } };
out.push([validate(observation, { rules: { 'service-resource-type': 'off' } }).findings.map((f) => f.ruleId + ' ' + f.pointer), loaded()]);
// An expression of no R4 constraint: the package's own parser, loaded then.
const { compile } = require('fhirpath');
out.push([compile("name.given.count() = 1")(patient), loaded()]);
console.log(JSON.stringify(out));
`;

describe('the FHIRPath engine loads on the first expression evaluated', () => {
  it('not for a resource that needs none; then for one that does, which it checks without its parser', () => {
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', SCRIPT, entry], { encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual([
      [[], [false, false, false]],
      [['fhir-invariant /valueRange'], [true, false, true]],
      [[true], [true, true, true]],
    ]);
  });
});
