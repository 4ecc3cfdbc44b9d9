// The FHIR table interpreter (src/fhir/table/), node kind by node kind, on hand-written tables in the
// generator's format (scripts/lib/fhir-tables.mjs): each keyword accepts what the strict twin's
// keyword accepts and rejects the rest, and the gathering receives what a twin hands over.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
// The entry lets generated modules load from disk (src/modules.cjs).
import '../../src/index.js';
import check from '../../src/fhir/table/check.cjs';
import { link } from '../../src/fhir/table/link.cjs';
import tables from '../../src/fhir/table/tables.cjs';

type Raw = Record<string, unknown>;
const formats = createRequire(import.meta.url)('../../src/formats.cjs') as Record<string, unknown>;
/** Node 0 of a table of `nodes`, which comes with the format checks its nodes name (as a generated table does). */
const nodeOf = (...nodes: Raw[]) => link({ nodes, formats: { 'fhir-date': formats['fhir-date'] } })[0]!;
const passes = (node: ReturnType<typeof nodeOf>, data: unknown) => check.accepts(node, data, undefined);
const T = { null: 1, boolean: 2, object: 4, array: 8, number: 16, integer: 32, string: 64 };

describe('FHIR table nodes', () => {
  it('type: each JSON type, integers without a fraction, finite numbers only', () => {
    expect([null, true, {}, [], 1.5, 2, 'x'].map((v) => passes(nodeOf({ t: T.integer | T.string }), v))).toEqual([
      false,
      false,
      false,
      false,
      false,
      true,
      true,
    ]);
    expect([1.5, Infinity, Number.NaN].map((v) => passes(nodeOf({ t: T.number }), v))).toEqual([true, false, false]);
    expect([[], {}, null].map((v) => passes(nodeOf({ t: T.object }), v))).toEqual([false, true, false]);
    expect([[], {}, null].map((v) => passes(nodeOf({ t: T.array | T.null }), v))).toEqual([true, false, true]);
  });

  it('enum and const: strict equality with primitives', () => {
    expect(['male', 'Male', 1].map((v) => passes(nodeOf({ e: ['male', 'female', 1] }), v))).toEqual([true, false, true]);
    expect(['Patient', 'patient'].map((v) => passes(nodeOf({ k: ['Patient'] }), v))).toEqual([true, false]);
  });

  it('strings: pattern, format, minimum length in code units; none applies to other types', () => {
    const node = nodeOf({ g: '^[a-z]+$', u: 3 });
    expect(['abc', 'ab', 'abC', 5].map((v) => passes(node, v))).toEqual([true, false, false, true]);
    const date = nodeOf({ t: T.string, f: 'fhir-date' });
    expect(['2024-02-29', '2023-02-29', '2024-02'].map((v) => passes(date, v))).toEqual([true, false, true]);
    expect(passes(nodeOf({ f: 'no-such-format' }), 'x')).toBe(false);
  });

  it('numbers: minimum and maximum, inclusive', () => {
    const node = nodeOf({ t: T.integer, n: -2, x: 2 });
    expect([-3, -2, 2, 3].map((v) => passes(node, v))).toEqual([false, true, true, false]);
  });

  it('items: every item passes', () => {
    const node = nodeOf({ t: T.array, i: 1 }, { t: T.string });
    expect([['a', 'b'], ['a', 1], []].map((v) => passes(node, v))).toEqual([true, false, true]);
  });

  it('objects: required, members, absent-only members, closed, plain prototypes', () => {
    const node = nodeOf(
      {
        o: 1,
        t: T.object,
        q: ['a'],
        c: 1,
        p: [
          ['a', 1],
          ['_b', -1],
          ['c', 1],
        ],
      },
      { t: T.string },
    );
    expect(passes(node, { a: 'x', c: 'y' })).toBe(true);
    expect(passes(node, { c: 'y' })).toBe(false);
    expect(passes(node, { a: 1 })).toBe(false);
    expect(passes(node, { a: 'x', _b: {} })).toBe(false);
    expect(passes(node, { a: 'x', d: 1 })).toBe(false);
    expect(passes(node, Object.assign(Object.create(null) as object, { a: 'x' }))).toBe(true);
    expect(passes(node, Object.assign(Object.create({ a: 'x' }) as object, {}))).toBe(false);
    expect(passes(node, JSON.parse('{"a":"x","__proto__":{}}'))).toBe(false);
    // A member set to undefined is absent, as a twin reads it.
    expect(passes(node, { a: 'x', c: undefined })).toBe(true);
  });

  it('additional members: checked against their node; choices: one form each', () => {
    const open = nodeOf({ t: T.object, p: [['a', 1]], a: 2 }, { t: T.string }, { t: T.integer });
    expect(
      [
        { a: 'x', b: 1 },
        { a: 'x', b: 'y' },
      ].map((v) => passes(open, v)),
    ).toEqual([true, false]);
    const choice = nodeOf({ t: T.object, h: [['valueString', 'valueInteger']] });
    expect([{ valueString: 'a' }, { valueString: 'a', _valueString: {} }, { valueString: 'a', _valueInteger: {} }].map((v) => passes(choice, v))).toEqual([
      true,
      true,
      false,
    ]);
  });

  it('choices of a plain node, checked as its keys are read: one form each, `_form` the same form, nested ones apart', () => {
    const members = (names: string[]) => names.map((name) => [name, 1]);
    const forms = ['valueString', 'valueInteger', 'valueQuantity'];
    // Names every form and `_form` (the generated tables' way), open or closed: the forms by position.
    for (const closed of [0, 1]) {
      const node = nodeOf(
        { o: 1, t: T.object, c: closed, p: members(['id', ...forms, '_valueString', '_valueInteger', '_valueQuantity', 'extension']), h: [forms] },
        {},
      );
      expect(node.formAt).not.toBeNull();
      const cases = [
        [{ valueString: 'a' }, true],
        [{ _valueString: {}, valueString: 'a' }, true],
        [{ valueString: 'a', valueInteger: 1 }, false],
        [{ valueInteger: 1, id: 'x', _valueString: {} }, false],
        [{ _valueQuantity: {}, valueString: 'a' }, false],
        [{ id: 'x' }, true],
        // Each object starts afresh: the forms met in the one before do not count.
        [{ valueInteger: 1 }, true],
      ] as const;
      for (const [value, expected] of cases) expect(passes(node, value), JSON.stringify(value)).toBe(expected);
    }
    // Open, without `_valueQuantity` among its names: the object's keys are read again (choiceForms).
    const partial = nodeOf({ o: 1, t: T.object, p: members(['valueString', 'valueQuantity', '_valueString']), h: [['valueString', 'valueQuantity']] }, {});
    expect(partial.formAt).toBeNull();
    expect(
      [
        { valueString: 'a', _valueQuantity: {} },
        { valueQuantity: {}, _valueQuantity: {} },
      ].map((v) => passes(partial, v)),
    ).toEqual([false, true]);
    // The same node nested in itself: each object's forms are its own.
    const nested = nodeOf(
      {
        o: 1,
        t: T.object,
        c: 1,
        p: [
          ['valueString', 1],
          ['valueInteger', 2],
          ['extension', 3],
        ],
        h: [['valueString', 'valueInteger']],
      },
      { t: T.string },
      { t: T.integer },
      { i: 0, t: T.array },
    );
    expect(passes(nested, { extension: [{ valueInteger: 1 }, { valueString: 'b' }], valueString: 'a' })).toBe(true);
    expect(passes(nested, { valueString: 'a', extension: [{ valueInteger: 1, valueString: 'b' }] })).toBe(false);
  });

  it('allOf, if/then: every part; then only where if passes', () => {
    const node = nodeOf(
      {
        t: T.object,
        p: [
          ['status', 3],
          ['_status', 3],
        ],
        l: [1],
      },
      { if: 2, th: 4 },
      { p: [['_status', -1]] },
      {},
      { q: ['status'] },
    );
    expect([{ status: 1 }, { _status: 1 }, {}].map((v) => passes(node, v))).toEqual([true, true, false]);
  });

  it('never: a false schema accepts nothing', () => {
    expect([null, {}, 'x'].map((v) => passes(nodeOf({ z: 1 }), v))).toEqual([false, false, false]);
  });

  it('gathering: references handed over in order, opaque places mark it incomplete', () => {
    const node = nodeOf(
      {
        t: T.object,
        p: [
          ['reference', 1],
          ['more', 2],
          ['free', 3],
        ],
      },
      { t: T.string, cl: 1 },
      { t: T.array, i: 4 },
      { op: 1 },
      { t: T.object, p: [['reference', 1]] },
    );
    const gathered = { references: [] as string[], complete: true };
    expect(check.accepts(node, { reference: 'a', more: [{ reference: 'b' }, { reference: 'c' }] }, gathered)).toBe(true);
    expect(gathered).toEqual({ references: ['a', 'b', 'c'], complete: true });
    expect(check.accepts(node, { free: {} }, gathered)).toBe(true);
    expect(gathered.complete).toBe(false);
  });

  it('members out of order: each is read once, however deep (no second visit per level)', () => {
    // An Extension whose `id` follows its nested `extension` at every level: a visit that started again
    // in order at each level read the innermost value 2^depth times.
    let reads = 0;
    let ext: Raw = {
      url: 'http://example.org/x',
      get valueString() {
        reads++;
        return 'a';
      },
    };
    for (let i = 0; i < 24; i++) ext = { extension: [ext], id: `e${i}`, url: 'http://example.org/x' };
    expect(tables.tableTwin('Patient').call({ references: [], complete: true, sites: [] }, { resourceType: 'Patient', extension: [ext] })).toBe(true);
    expect(reads).toBeLessThanOrEqual(2);
  });

  it('resources: checked as their own R4 type through the generated tables', () => {
    const slot = nodeOf({ r: 1 });
    expect(
      [{ resourceType: 'Patient' }, { resourceType: 'Patient', gender: 'x' }, { resourceType: 'NoSuchType' }, { resourceType: 1 }, [], null].map((v) =>
        passes(slot, v),
      ),
    ).toEqual([true, false, false, false, false, false]);
    const twin = tables.tableTwin('Patient');
    const gathered = { references: [] as string[], complete: true };
    expect(twin.call(gathered, { resourceType: 'Patient', managingOrganization: { reference: 'Organization/1' } })).toBe(true);
    expect(gathered.references).toEqual(['Organization/1']);
  });

  it('a service type moves to its compiled twin after a few hundred validations and answers the same; another type stays on its table', () => {
    const compiled: string[] = [];
    const patient = tables.fastTwin('Patient', () => compiled.push('Patient'));
    const basic = tables.fastTwin('Basic', () => compiled.push('Basic'));
    for (let i = 0; i < 300; i++) {
      const gathered = { references: [] as string[], complete: true };
      expect(patient.call(gathered, { resourceType: 'Patient', managingOrganization: { reference: 'Organization/1' } })).toBe(true);
      expect(gathered.references).toEqual(['Organization/1']);
      expect(patient.call(undefined, { resourceType: 'Patient', gender: 3 })).toBe(false);
      expect(basic.call(undefined, { resourceType: 'Basic', code: { text: 'x' } })).toBe(true);
    }
    expect(compiled).toEqual(['Patient']);
  });
});
