// Cold start of a FHIR payload: the FHIRPath engine (fhirpath, antlr4, ucum) is most of what a FHIR lint
// loads beyond a Data Model one, and a resource whose constraints are native or guarded by members it
// lacks needs no expression evaluated. Checked in a fresh process on the build (`pnpm build` first):
// what it has required after each validate().
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const entry = join(dirname(fileURLToPath(import.meta.url)), '../dist/index.bundle.js');

const SCRIPT = `
import { createRequire } from 'node:module';
const { validate } = await import(process.argv[1]);
const cache = createRequire(import.meta.url).cache;
const loaded = () => Object.keys(cache).some((file) => file.replaceAll('\\\\', '/').endsWith('/fhirpath/src/fhirpath.js'));
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
// att-1 (an Attachment with data has a contentType) is evaluated with FHIRPath once data is there.
const media = { resourceType: 'Media', status: 'completed', content: { data: 'AAAA' } };
out.push([validate(media, { rules: { 'service-resource-type': 'off' } }).findings.map((f) => f.ruleId + ' ' + f.pointer), loaded()]);
console.log(JSON.stringify(out));
`;

describe('the FHIRPath engine loads on the first expression evaluated', () => {
  it('not for a resource that needs none; then for one that does, which it checks', () => {
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', SCRIPT, entry], { encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual([
      [[], false],
      [['fhir-invariant /content'], true],
    ]);
  });
});
