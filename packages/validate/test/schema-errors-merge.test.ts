// One value, several schemas (a CDS Hooks kind checks the service's wider card and the standard's
// stricter one): one finding that says what satisfies them all, not one per schema.
import { describe, expect, it } from 'vitest';
import { validate } from '../src/index.js';
import type { AjvError } from '../src/registry.js';
import { mergeSamePlace } from '../src/schema-errors-merge.js';

const error = (instancePath: string, schemaPath: string, keyword: string, params: Record<string, unknown> = {}): AjvError => ({
  instancePath,
  schemaPath,
  keyword,
  params,
});
const shown = (errors: readonly AjvError[]) => errors.map((e) => `${e.instancePath} ${e.schemaPath} ${e.keyword} ${JSON.stringify(e.params)}`);

describe('mergeSamePlace', () => {
  it('value sets at one place become their intersection, in the order of the narrowest', () => {
    const errors = [
      error('/a', '#/properties/a/enum', 'enum', { allowedValues: ['x', 'y', 'z', null] }),
      error('/b', '#/properties/b/type', 'type', { type: 'string' }),
      error('/a', '#/allOf/1/properties/a/enum', 'enum', { allowedValues: ['z', 'w', 'x'] }),
    ];
    expect(shown(mergeSamePlace(errors))).toEqual([
      '/a #/allOf/1/properties/a/enum enum {"allowedValues":["z","x"]}',
      '/b #/properties/b/type type {"type":"string"}',
    ]);
  });

  it('one value left is a const (the schema path of the narrowest set, the first of equals)', () => {
    expect(
      shown(
        mergeSamePlace([
          error('/a', '#/properties/a/enum', 'enum', { allowedValues: ['x', 'y'] }),
          error('/a', '#/allOf/1/properties/a/enum', 'enum', { allowedValues: ['y', 'z'] }),
        ]),
      ),
    ).toEqual(['/a #/properties/a/enum const {"allowedValue":"y"}']);
    expect(
      shown(
        mergeSamePlace([
          error('/a', '#/properties/a/enum', 'enum', { allowedValues: ['Bearer', 'MAC'] }),
          error('/a', '#/allOf/1/properties/a/const', 'const', { allowedValue: 'Bearer' }),
        ]),
      ),
    ).toEqual(['/a #/allOf/1/properties/a/const const {"allowedValue":"Bearer"}']);
  });

  it('value sets with nothing in common are left as they are (no value satisfies both)', () => {
    const errors = [
      error('/a', '#/properties/a/enum', 'enum', { allowedValues: ['x', 'y'] }),
      error('/a', '#/allOf/1/properties/a/const', 'const', { allowedValue: 'z' }),
    ];
    expect(mergeSamePlace(errors)).toEqual(errors);
  });

  it('value sets at different places are not merged', () => {
    const errors = [
      error('/a/0', '#/properties/a/enum', 'enum', { allowedValues: ['x', 'y'] }),
      error('/a/1', '#/allOf/1/properties/a/enum', 'enum', { allowedValues: ['y'] }),
    ];
    expect(mergeSamePlace(errors)).toEqual(errors);
  });

  it('a type error goes when the value set says what to write, in types it allows', () => {
    expect(
      shown(
        mergeSamePlace([
          error('/t', '#/properties/t/type', 'type', { type: ['string', 'null'] }),
          error('/t', '#/allOf/1/properties/t/const', 'const', { allowedValue: 'Bearer' }),
        ]),
      ),
    ).toEqual(['/t #/allOf/1/properties/t/const const {"allowedValue":"Bearer"}']);
    // null is no string: following the value set alone could still break the type.
    const kept = [
      error('/t', '#/properties/t/type', 'type', { type: 'string' }),
      error('/t', '#/allOf/1/properties/t/enum', 'enum', { allowedValues: ['a', null] }),
    ];
    expect(mergeSamePlace(kept)).toEqual(kept);
  });

  it('a type error that refuses the value’s type drops what only that type is checked for', () => {
    expect(
      shown(
        mergeSamePlace([
          error('/e', '#/properties/e/pattern', 'pattern', { pattern: '^[0-9]+$' }),
          error('/e', '#/properties/e/maxLength', 'maxLength', { limit: 3 }),
          error('/e', '#/properties/e/format', 'format', { format: 'uuid' }),
          error('/e', '#/properties/e/enum', 'enum', { allowedValues: ['60', '3600'] }),
          error('/e', '#/allOf/1/properties/e/type', 'type', { type: 'integer' }),
        ]),
      ),
    ).toEqual(['/e #/allOf/1/properties/e/type type {"type":"integer"}']);
    // 1.5 is a number: an integer type does not make its range moot.
    const range = [
      error('/n', '#/properties/n/minimum', 'minimum', { limit: 2, comparison: '>=' }),
      error('/n', '#/allOf/1/properties/n/type', 'type', { type: 'integer' }),
    ];
    expect(mergeSamePlace(range)).toEqual(range);
  });

  it('one schema alone reporting a type and a value set at a place (an R4 code given a number): the value set', () => {
    const errors = [
      error('/status', '#/properties/status/type', 'type', { type: 'string' }),
      error('/status', '#/properties/status/enum', 'enum', { allowedValues: ['draft', 'active'] }),
    ];
    expect(shown(mergeSamePlace(errors))).toEqual(['/status #/properties/status/enum enum {"allowedValues":["draft","active"]}']);
  });

  it('a type error of one schema goes beside the value set of the same schema when another schema reports there too', () => {
    expect(
      shown(
        mergeSamePlace([
          error('/i', '#/properties/i/type', 'type', { type: 'string' }),
          error('/i', '#/properties/i/enum', 'enum', { allowedValues: ['info', 'warning'] }),
          error('/i', '#/allOf/1/properties/i/type', 'type', { type: 'string' }),
        ]),
      ),
    ).toEqual(['/i #/properties/i/enum enum {"allowedValues":["info","warning"]}']);
  });

  it('two type errors at one place: the narrowest stays, the first of equally narrow ones', () => {
    const nullable = error('/n', '#/$defs/s/type', 'type', { type: 'string,null' });
    const strict = error('/n', '#/allOf/1/properties/n/type', 'type', { type: 'string' });
    const again = error('/n', '#/allOf/2/properties/n/type', 'type', { type: 'integer' });
    expect(mergeSamePlace([nullable, strict, again])).toEqual([strict]);
  });

  it('errors of one place stay where the first of them was', () => {
    const errors = [
      error('/a', '#/properties/a/enum', 'enum', { allowedValues: ['x', 'y'] }),
      error('/b', '#/properties/b/required', 'required', { missingProperty: 'c' }),
      error('/a', '#/allOf/1/properties/a/enum', 'enum', { allowedValues: ['x'] }),
      error('/a', '#/allOf/1/properties/a/type', 'type', { type: 'string' }),
    ];
    expect(shown(mergeSamePlace(errors))).toEqual([
      '/a #/allOf/1/properties/a/enum const {"allowedValue":"x"}',
      '/b #/properties/b/required required {"missingProperty":"c"}',
    ]);
  });
});

describe('a CDS Hooks value both the listing and the standard refuse is one finding', () => {
  const messages = (payload: unknown) => validate(payload).findings.map((f) => `${f.ruleId} ${f.pointer} ${f.message}`);

  it('a response: value sets say what both allow', () => {
    const payload = {
      cards: [
        {
          summary: 'S',
          indicator: 'info',
          source: { label: 'L' },
          selectionBehavior: 'all',
          suggestions: [{ label: 'a', actions: [{ type: 'remove', description: 'd', resourceId: 'ServiceRequest/1' }] }],
          links: [{ label: 'l', url: 'https://x.org', type: 'link' }],
        },
      ],
    };
    expect(messages(payload).sort()).toEqual(
      [
        'schema /cards/0/selectionBehavior `cards[0].selectionBehavior` must be one of "at-most-one", "any"; got "all". Did you mean "any"?',
        'schema /cards/0/suggestions/0/actions/0/type `cards[0].suggestions[0].actions[0].type` must be one of "create", "update", "delete"; got "remove".',
        'schema /cards/0/links/0/type `cards[0].links[0].type` must be one of "absolute", "smart"; got "link".',
      ].sort(),
    );
  });

  it('a null indicator: its value set, not also its type', () => {
    expect(messages({ cards: [{ summary: 'S', indicator: null, source: { label: 'L' } }] })).toEqual([
      'schema /cards/0/indicator `cards[0].indicator` must be one of "info", "warning", "critical"; got null.',
    ]);
  });

  const request = (fhirAuthorization: Record<string, unknown>) => ({
    hook: 'patient-view',
    hookInstance: 'd1577c69-dfbe-44ad-ba6d-3e05e953b2ea',
    fhirServer: 'https://ehr.example.org/fhir',
    context: { userId: 'Practitioner/1', patientId: '1' },
    fhirAuthorization: {
      access_token: 'abc',
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'user/Patient.read',
      subject: 'cds-service4',
      ...fhirAuthorization,
    },
  });

  it('a token_type of another type: the one value it must be', () => {
    expect(messages(request({ token_type: 5 }))).toEqual(['schema /fhirAuthorization/token_type `fhirAuthorization.token_type` must be "Bearer"; got 5.']);
  });

  it('an expires_in of letters: an integer, not the listing’s digit string that the standard refuses', () => {
    expect(messages(request({ expires_in: 'five' }))).toEqual([
      'schema /fhirAuthorization/expires_in `fhirAuthorization.expires_in` must be integer, not a string.',
    ]);
  });
});
