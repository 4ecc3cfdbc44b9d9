// Property tests of validate(): for arbitrary JSON and for mutations of every valid example it
// never throws, every finding's pointer resolves in the payload, messages stay short and free of
// control characters, and removing or retyping a member the schema requires is always reported
// at that member. Runs: CDX_FUZZ_RUNS (default 300, `pnpm fuzz` 100,000); seed: CDX_FUZZ_SEED.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { listKinds, validate, type ValidateOptions, type ValidationResult } from '../src/index.js';
import {
  examples,
  fuzzParameters,
  fuzzTimeout,
  jsonTextArbitrary,
  mutationArbitrary,
  pointerOf,
  requirementAt,
  resolvesInPayload,
  schemaOf,
  typeAllowed,
  valueAt,
} from './support/fuzz.js';

const KIND_IDS = listKinds().map((k) => k.id);
/** Control characters, DEL, C1, line/paragraph separators, bidi overrides: never raw in a message. */
const RAW_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

const optionsArbitrary: fc.Arbitrary<ValidateOptions> = fc.record(
  {
    kind: fc.constantFrom(...KIND_IDS),
    multipleApiKeys: fc.boolean(),
    fhirDefsUrl: fc.constant('https://fhir.example.com/fhir-definitions'),
    attachmentLimit: fc.nat({ max: 100 }),
  },
  { requiredKeys: [] },
);

/** What must hold of any result, whatever the payload. */
function checkResult(payload: unknown, result: ValidationResult): void {
  expect(result.valid).toBe(!result.findings.some((f) => f.severity === 'error'));
  for (const finding of result.findings) {
    expect(finding.ruleId).toMatch(/^[a-z][a-z0-9-]*$/);
    expect(resolvesInPayload(payload, finding.pointer), `${finding.ruleId} at ${JSON.stringify(finding.pointer)} does not resolve`).toBe(true);
    expect(finding.message.length, finding.message.slice(0, 200)).toBeLessThan(1000);
    expect(finding.message).not.toMatch(RAW_CONTROL);
  }
}

const prototypeNames = Object.getOwnPropertyNames(Object.prototype).sort();
afterAll(() => {
  // No payload, however its members are named, may change what every object inherits.
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeNames);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

describe('validate() on arbitrary JSON', () => {
  it(
    'never throws, and every pointer resolves',
    () => {
      fc.assert(
        fc.property(jsonTextArbitrary, optionsArbitrary, (text, options) => {
          const payload = JSON.parse(text);
          checkResult(payload, validate(payload));
          checkResult(payload, validate(payload, options));
        }),
        fuzzParameters(1),
      );
    },
    fuzzTimeout(),
  );

  it(
    'never throws for a known kind’s header over arbitrary members',
    () => {
      const headers = examples.map((e) => {
        const p = e.payload as Record<string, unknown>;
        return p.Meta ? { Meta: p.Meta } : p.resourceType ? { resourceType: p.resourceType, type: p.type } : {};
      });
      fc.assert(
        fc.property(fc.nat(), jsonTextArbitrary, (i, text) => {
          const body = JSON.parse(text);
          const payload = typeof body === 'object' && body !== null && !Array.isArray(body) ? { ...headers[i % headers.length], ...body } : body;
          checkResult(payload, validate(payload));
        }),
        fuzzParameters(2),
      );
    },
    fuzzTimeout(),
  );
});

describe('validate() on mutations of the valid examples', () => {
  it('there is a valid example of every kind but the R4 types the service does not carry', () => {
    const own = listKinds().filter((k) => k.family !== 'fhir' || k.overlay !== undefined || k.service);
    expect(examples.map((e) => e.kind)).toEqual(own.map((k) => k.id));
    // An event whose payload the spec does not publish always says so, and nothing else.
    const unpublished = new Set(own.filter((k) => k.unpublished).map((k) => k.id));
    for (const { kind, payload } of examples) {
      expect(
        validate(payload, { kind }).findings.filter((f) => !(unpublished.has(kind) && f.ruleId === 'unpublished-payload')),
        kind,
      ).toEqual([]);
    }
  });

  it(
    'never throws, and every pointer resolves',
    () => {
      fc.assert(
        fc.property(mutationArbitrary, fc.boolean(), ({ example, payload }, named) => {
          checkResult(payload, validate(payload, named ? { kind: example.kind } : {}));
        }),
        fuzzParameters(3),
      );
    },
    fuzzTimeout(),
  );

  it(
    'a required member removed, renamed or given another type is reported at its pointer',
    async () => {
      const schemas = new Map(await Promise.all(examples.map(async ({ kind: id }) => [id, await schemaOf(id)] as const)));
      let checked = 0;
      fc.assert(
        fc.property(mutationArbitrary, ({ example, op, path, payload }) => {
          if (path.length === 0 || !['delete', 'rename', 'retype'].includes(op)) return;
          const requirement = requirementAt(schemas.get(example.kind), path);
          if (!requirement) return;
          if (op === 'retype' ? typeAllowed(requirement, valueAt(payload, path)) !== false : !requirement.required) return;
          // An edit can give the name back (replace a letter by itself): nothing is missing then.
          if (op === 'rename' && Object.hasOwn(valueAt(payload, path.slice(0, -1)) as object, path.at(-1)!)) return;
          checked++;
          const pointer = pointerOf(path);
          const result = validate(payload, { kind: example.kind });
          // A rename that is a slip of the required name is reported once, at the member as written,
          // by spelling-drift: an error whose fix gives the name back.
          const at = (f: (typeof result.findings)[number]) =>
            f.fix && f.ruleId === 'spelling-drift' && f.severity === 'error'
              ? `${f.fix.pointer.slice(0, f.fix.pointer.lastIndexOf('/'))}/${f.fix.to}`
              : f.pointer;
          expect(
            result.findings.map(at),
            `${op} ${pointer} in ${example.kind}: ${JSON.stringify(result.findings.map((f) => [f.ruleId, f.pointer]))}`,
          ).toContain(pointer);
        }),
        fuzzParameters(4),
      );
      expect(checked).toBeGreaterThan(0);
    },
    fuzzTimeout(3),
  );
});
