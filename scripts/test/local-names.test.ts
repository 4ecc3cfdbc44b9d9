// Generated code changes where its schema changes, and nowhere else: ajv numbers a module's
// functions and constants across everything one instance compiles, so localNames() renumbers
// them per module. A one-schema edit of an R4 type changes that type's two modules (and the shared
// field maps), not every module compiled after it.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emitFhir } from '../lib/emit-fhir.mjs';
import { loadSchemas } from '../lib/schemas.mjs';
import { localNames } from '../lib/standalone.mjs';

const ROOT = join(import.meta.dirname, '../..');
/** The data types and a few resource types (the whole set takes a minute to compile twice). */
const TYPES = ['datatypes', 'Account', 'Observation', 'Patient'];
const r4 = () => loadSchemas(join(ROOT, 'schemas')).filter((e) => TYPES.some((t) => e.rel === `fhir/r4/${t}.schema.json`));

describe('localNames', () => {
  it('renumbers module-level names from 0 in order of use, each family apart, and leaves strings, comments and regexes alone', () => {
    const code = [
      'exports.validate = validate12;',
      'const schema40 = {"validate7": "schema40"};',
      'const formats9 = /validate3[/]/u;',
      '/* validate12 */ function validate12(data){ return func7(data) && validate30(data) && "func7" !== data && data / schema40 > 1; }',
      'function validate30(data){ return formats9.test(data); }',
    ].join('\n');
    expect(localNames(code)).toBe(
      [
        'exports.validate = validate0;',
        'const schema0 = {"validate7": "schema40"};',
        'const formats0 = /validate3[/]/u;',
        '/* validate12 */ function validate0(data){ return func0(data) && validate1(data) && "func7" !== data && data / schema0 > 1; }',
        'function validate1(data){ return formats0.test(data); }',
      ].join('\n'),
    );
  });

  it('throws on code without a validator function', () => {
    expect(() => localNames('const x = 1;')).toThrow(/no validator function/);
  });

  it('a new member in one R4 type changes its own modules and the field maps, nothing else', () => {
    const before = emitFhir(r4(), []);
    const edited = r4();
    edited.find((e) => e.rel === 'fhir/r4/Account.schema.json')!.schema.properties.extraThing = { type: 'object', properties: { x: { type: 'string' } } };
    const after = emitFhir(edited, []);
    expect([...after.keys()].filter((path) => after.get(path) !== before.get(path)).sort()).toEqual([
      'fhir/r4/Account.cjs',
      'fhir/r4/Account.table.cjs',
      'fhir/shapes.cjs',
    ]);
  });
});
