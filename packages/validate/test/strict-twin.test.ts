// The strict twin is validate()'s fast path. Whenever it accepts, the slow path must have nothing to
// report; and on the data-driven cases it rejects exactly what the slow path reports something on
// (it may reject more than it must in general, which only costs time: twin-differential.test.ts
// checks the first direction on mutated payloads).
import { describe, expect, it } from 'vitest';
import Ajv2020 from 'ajv/dist/2020.js';
import { createAjv } from '../../../scripts/lib/ajv.mjs';
import { strictTwin } from '../../../scripts/lib/strict.mjs';
import { createTwinAjv } from '../../../scripts/lib/twin-ajv.mjs';
import { getKind, listKinds, validate } from '../src/index.js';
import { walkMembers } from '../src/members.js';
import { loadKind } from '../src/registry.js';
import { examplesDir, kindFile, kindsWithExamples, loadCaseFiles, readJson } from './support/cases.js';

const payloads = loadCaseFiles().flatMap(({ kind, cases }) => cases.map((c) => [kind, c.description, c.payload] as const));

describe('strict twin', () => {
  it('there are cases to compare, on both sides of the twin', () => {
    expect(payloads.length).toBeGreaterThan(50);
    const accepted = payloads.filter(([kind, , payload]) => loadKind(getKind(kind)!).strict(payload)).length;
    expect(accepted).toBeGreaterThan(20);
    expect(payloads.length - accepted).toBeGreaterThan(100);
  });

  it.each(payloads)('%s: %s', (kindId, _, payload) => {
    const module = loadKind(getKind(kindId)!);
    const { validate, overlay, shape } = module.exact();
    const walk = walkMembers(payload, shape, {});
    const exactHasNothing = validate(payload) && (!overlay || overlay(payload)) && walk.issues.length === 0 && walk.noDataOnDemand.length === 0;
    expect(
      module.strict(payload),
      exactHasNothing ? 'the twin rejects a payload the exact path has nothing to say about' : 'the twin accepts a payload the exact path reports',
    ).toBe(exactHasNothing);
  });

  it('accepts the valid examples, so valid payloads take the fast path', () => {
    for (const kind of kindsWithExamples(listKinds())) {
      const { strict } = loadKind(kind);
      expect(strict(readJson(`${examplesDir}/valid/${kindFile(kind.id)}.json`)), kind.id).toBe(true);
    }
  });

  it("closes an extended definition where it is used, also one typed object only through its allOf (a feedback's override reason)", () => {
    // StandardCdsCoding is allOf [the Coding, required code and system]; the Coding is extended, so closed
    // where used. The use `reason: { $ref, description }` was left open: `dislay` passed the twin unseen.
    const payload = readJson(`${examplesDir}/valid/cds-hooks-feedback.json`) as { feedback: { overrideReason?: { reason: Record<string, unknown> } }[] };
    const reason = payload.feedback[1]!.overrideReason!.reason;
    reason.dislay = reason.display;
    delete reason.display;
    expect(loadKind(getKind('cds-hooks/feedback')!).strict(payload)).toBe(false);
    expect(validate(payload).findings.map((f) => [f.ruleId, f.pointer])).toEqual([['spelling-drift', '/feedback/1/overrideReason/reason/dislay']]);
  });

  // Twins read members without hasOwnProperty (see scripts/lib/twin-ajv.mjs): an object that
  // inherits members must fail the twin, so the canonical validator (own members only) decides.
  describe('objects that are not plain', () => {
    const kind = getKind('PatientAdmin/PatientMerge')!;
    const example = () => readJson(`${examplesDir}/valid/${kindFile(kind.id)}.json`) as Record<string, unknown>;

    it('a message whose Meta is inherited fails the twin and gets the required finding', () => {
      const { Meta, ...rest } = example();
      const payload = Object.assign(Object.create({ Meta }), rest);
      expect(loadKind(kind).strict(payload)).toBe(false);
      const result = validate(payload, { kind: kind.id });
      expect(result.findings.map((f) => [f.ruleId, f.pointer])).toContainEqual(['schema', '/Meta']);
    });

    it('a nested object built from a class fails the twin', () => {
      const payload = example();
      class Patient {
        readonly madeBy = 'a constructor';
      }
      payload.Patient = Object.assign(new Patient(), payload.Patient);
      expect(loadKind(kind).strict(payload)).toBe(false);
      expect(validate(payload).valid).toBe(true);
    });

    it('a member named __proto__ (JSON.parse makes one) does not make an object look plain to the twin', () => {
      const payload = example();
      payload.Patient = JSON.parse(`{"__proto__": {"FirstName": "x"}, ${JSON.stringify(payload.Patient).slice(1)}`);
      expect(loadKind(kind).strict(payload)).toBe(false);
      const result = validate(payload);
      expect(result.findings.map((f) => [f.ruleId, f.pointer])).toContainEqual(['unknown-field', '/Patient/__proto__']);
    });

    it('a subschema in place that requires a member is guarded when its parent is not', () => {
      const compile = (schema: object) => {
        const entry = { id: 'https://schemas.cdx.dev/x.schema.json', rel: 'x.schema.json', schema };
        return {
          twin: createTwinAjv().compile({ ...strictTwin(entry, [entry]), $id: undefined }),
          canonical: createAjv({ strictRequired: false }).compile(schema),
        };
      };
      const inherited = Object.create({ a: 'x' });
      // Guarded once, by the parent that reads members; the subschema's guard would add nothing.
      const withParent = compile({ type: 'object', properties: { a: { type: 'string' } }, allOf: [{ required: ['a'] }] });
      expect([withParent.twin(inherited), withParent.canonical(inherited), withParent.twin({ a: 'x' })]).toEqual([false, false, true]);
      // No parent guard: the subschema keeps its own.
      const alone = compile({ allOf: [{ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }] });
      expect([alone.twin(inherited), alone.canonical(inherited), alone.twin({ a: 'x' })]).toEqual([false, false, true]);
    });

    it('objects without a prototype are plain', () => {
      const bare = (value: unknown): unknown =>
        Array.isArray(value)
          ? value.map(bare)
          : value && typeof value === 'object'
            ? Object.assign(Object.create(null), Object.fromEntries(Object.entries(value).map(([k, v]) => [k, bare(v)])))
            : value;
      expect(loadKind(kind).strict(bare(example()))).toBe(true);
    });
  });

  describe('the generator refuses what the plain-object guard cannot prove exact', () => {
    const twinOf = (schema: object) => {
      const entry = { id: 'https://schemas.cdx.dev/x.schema.json', rel: 'x.schema.json', schema };
      return createTwinAjv().compile({ ...strictTwin(entry, [entry]), $id: undefined });
    };
    // ajv's strict mode would ask for `type` beside `required`; the probe is the bare shape.
    const canonicalOf = (schema: object) => new Ajv2020.default({ strict: false, allErrors: true, ownProperties: true }).compile(schema);

    it('an `if` reading members of an object nothing else guards (a class instance passed the twin, failed the schema)', () => {
      const schema = { allOf: [{ if: { properties: { a: { const: 'x' } }, required: ['a'] }, then: { required: ['b'] } }] };
      class Thing {
        a = 'x';
      }
      // What the twin got wrong: the canonical schema rejects the instance; a twin must not accept it.
      expect(canonicalOf(schema)(new Thing())).toBe(false);
      expect(() => twinOf(schema)).toThrow(/cannot be proved exact: members of an object no guard proves plain are read under `if`/);
    });

    it('`not` reading members of an unguarded object', () => {
      expect(() => twinOf({ not: { required: ['a'] } })).toThrow(/under `not`/);
    });

    it('`oneOf` with a $ref (the referenced twin rejects more: a second branch could seem to fail)', () => {
      expect(() =>
        twinOf({
          type: 'object',
          properties: { a: { type: 'string' } },
          oneOf: [{ $ref: '#/$defs/d' }, { required: ['a'] }],
          $defs: { d: { type: 'object' } },
        }),
      ).toThrow(/\$ref "#\/\$defs\/d" calls a validator whose twin rejects more under `oneOf`/);
    });

    it('an `if` reading members of a member (another object, not the guarded one)', () => {
      expect(() =>
        twinOf({
          type: 'object',
          properties: { a: { type: 'object' } },
          if: { properties: { a: { properties: { b: { const: 1 } } } } },
          then: { required: ['a'] },
        }),
      ).toThrow(/under `if`/);
    });

    it('`contains` with `maxContains` over objects with members', () => {
      expect(() => twinOf({ type: 'array', contains: { type: 'object', properties: { a: { const: 1 } }, required: ['a'] }, maxContains: 1 })).toThrow(
        /under `contains`/,
      );
    });

    it("accepts R4's shape, an `if` on the members of an object its own properties guard, and decides as the schema does", () => {
      const schema = {
        type: 'object',
        properties: { type: { enum: ['a'] }, _type: { type: 'object' } },
        allOf: [{ if: { properties: { _type: false } }, then: { required: ['type'] } }],
      };
      const twin = twinOf(schema);
      const canonical = canonicalOf(schema);
      const inherited = Object.create({ type: 'a' });
      for (const value of [{}, { type: 'a' }, { _type: {} }, inherited, { type: 'b' }]) {
        if (twin(value)) expect(canonical(value), JSON.stringify(value)).toBe(true);
      }
      expect([twin({ type: 'a' }), twin({}), twin(inherited)]).toEqual([true, false, false]);
    });
  });

  describe('what a FHIR twin gathers goes to the object it is given, and nowhere else', () => {
    const bundle = () => readJson(`${examplesDir}/valid/fhir-chargeitemcreate.json`) as { entry: { resource: Record<string, any> }[] };
    const references = (payload: unknown): string[] =>
      JSON.stringify(payload)
        .match(/"reference":"[^"]*"/g)!
        .map((r) => r.slice(13, -1));

    it('fills the gathering it is called with: every reference, complete', () => {
      const { strict } = loadKind(getKind('fhir/ChargeItemCreate')!);
      const gathered = { references: [] as string[], complete: true };
      expect(strict(bundle(), gathered)).toBe(true);
      expect(gathered.complete).toBe(true);
      expect([...gathered.references].sort()).toEqual(references(bundle()).sort());
    });

    it('two gatherings stay apart, and a call without one gathers nothing', () => {
      const { strict } = loadKind(getKind('fhir/ChargeItemCreate')!);
      const first = { references: [] as string[], complete: true };
      const second = { references: [] as string[], complete: true };
      const other = bundle();
      other.entry[1]!.resource.subject.reference = other.entry[2]!.resource.id ? `Patient/${other.entry[2]!.resource.id}` : 'Patient/x';
      expect([strict(bundle(), first), strict(bundle()), strict(other, second)]).toEqual([true, true, true]);
      expect(first.references).not.toEqual(second.references);
      expect([...first.references].sort()).toEqual(references(bundle()).sort());
      expect([...second.references].sort()).toEqual(references(other).sort());
    });

    it('an object whose members no schema names marks the gathering incomplete (a reference there goes unseen)', () => {
      const entry = {
        id: 'https://schemas.cdx.dev/x.schema.json',
        rel: 'x.schema.json',
        family: 'fhir',
        schema: {
          type: 'object',
          properties: { subject: { type: 'object', properties: { reference: { type: 'string' } } }, data: { type: 'object', additionalProperties: {} } },
        },
      };
      const twin = createTwinAjv().compile({ ...strictTwin(entry, [entry]), $id: undefined });
      const gathered = { references: [] as string[], complete: true };
      expect(twin.call(gathered, { subject: { reference: 'Patient/1' } })).toBe(true);
      expect(gathered).toEqual({ references: ['Patient/1'], complete: true });
      expect(twin.call(gathered, { data: { reference: 'Patient/2' } })).toBe(true);
      expect(gathered).toEqual({ references: ['Patient/1'], complete: false });
    });
  });

  it('refuses a schema member named like a member of every object', () => {
    const entry = {
      id: 'https://schemas.cdx.dev/x.schema.json',
      rel: 'x.schema.json',
      schema: { type: 'object', properties: { toString: { type: 'string' } } },
    };
    expect(() => strictTwin(entry, [entry])).toThrow(/toString/);
  });

  it('counts minLength in code units only where that cannot accept what code points reject', () => {
    // `😀` is one code point in two UTF-16 units; twins compare .length (twin-ajv.mjs, cdxMinUnits).
    const entry = { id: 'https://schemas.cdx.dev/x.schema.json', rel: 'x.schema.json', schema: { type: 'string', minLength: 2 } };
    const canonical = createAjv().compile(entry.schema);
    const twin = createTwinAjv().compile({ ...strictTwin(entry, [entry]), $id: undefined });
    for (const text of ['', 'a', '😀', 'ab', '😀😀', 'abc', 'a😀']) {
      if (twin(text)) expect(canonical(text), JSON.stringify(text)).toBe(true);
    }
    expect(twin('😀')).toBe(false);
    expect(twin('abc')).toBe(true);
  });

  it('rejects a known variant spelling even where FHIR twins gather references', () => {
    const entry = {
      id: 'https://schemas.cdx.dev/x.schema.json',
      rel: 'x.schema.json',
      family: 'fhir',
      schema: { type: 'object', properties: { target: { type: 'string' }, reference: { type: 'string', cdxVariantOf: 'target' } } },
    };
    const twin = createTwinAjv().compile({ ...strictTwin(entry, [entry]), $id: undefined });
    expect(twin({ target: 'Patient/1' })).toBe(true);
    expect(twin({ reference: 'Patient/1' })).toBe(false);
  });
});
