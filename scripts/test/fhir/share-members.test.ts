// What the canonical R4 validators compile (scripts/lib/fhir-schemas.mjs shareMembers,
// scripts/lib/fhir-members.mjs withMembers): schema transformations that must keep every check where
// it was, so that the same errors come out at the same instance paths.
import { describe, expect, it } from 'vitest';
import { shareMembers } from '../../lib/fhir-schemas.mjs';
import { withMembers } from '../../lib/fhir-members.mjs';

const CODE = { type: 'string', pattern: '^[^\\s]+(\\s[^\\s]+)*$' };
const EXTENSIONS = { items: { cdxDatatype: 'Extension' }, type: 'array' };
const datatypes = {
  $id: 'https://schemas.cdx.dev/fhir/r4/datatypes.schema.json',
  $defs: {
    Extension: { type: 'object', properties: { url: { type: 'string' } } },
    Coding: {
      type: 'object',
      properties: { code: CODE, extension: { items: { $ref: 'datatypes.schema.json#/$defs/Extension' }, type: 'array' } },
    },
  },
};
const resource = (name: string, extra: Record<string, unknown> = {}) => ({
  $id: `https://schemas.cdx.dev/fhir/r4/${name}.schema.json`,
  type: 'object',
  properties: { resourceType: { const: name }, status: CODE, extension: EXTENSIONS, meta: { cdxDatatype: 'Meta' }, ...extra },
  $defs: { [`${name}_Part`]: { type: 'object', properties: { code: CODE, part: { items: { $ref: `#/$defs/${name}_Part` }, type: 'array' } } } },
  allOf: [{ if: { properties: { _status: false } }, then: { properties: { status: CODE }, required: ['status'] } }],
});

describe('shareMembers', () => {
  const { resources, datatypes: shared } = shareMembers([resource('Basic'), resource('Patient', { once: { type: 'boolean' } })], datatypes);
  const names = Object.keys(shared.$defs as object).filter((n) => n.startsWith('member_'));
  const [basic, patient] = resources as [Record<string, any>, Record<string, any>];

  it('defines each member subschema repeated across the types once among the data types, and calls it', () => {
    expect(names).toHaveLength(2);
    const code = basic.properties.status.cdxDatatype as string;
    expect((shared.$defs as Record<string, unknown>)[code]).toEqual(CODE);
    expect(patient.properties.status).toEqual({ cdxDatatype: code });
    expect(basic.$defs.Basic_Part.properties.code).toEqual({ cdxDatatype: code });
    // In the data types' own module a data type is a $ref, a call of the same module.
    expect((shared.$defs as Record<string, unknown>)[basic.properties.extension.cdxDatatype as string]).toEqual({
      items: { $ref: '#/$defs/Extension' },
      type: 'array',
    });
  });

  it('leaves a call, a member used once, a member holding a local $ref and a combinator branch as they are', () => {
    expect(basic.properties.meta).toEqual({ cdxDatatype: 'Meta' });
    expect(basic.properties.resourceType).toEqual({ const: 'Basic' });
    expect(patient.properties.once).toEqual({ type: 'boolean' });
    expect(basic.$defs.Basic_Part.properties.part).toEqual({ items: { $ref: '#/$defs/Basic_Part' }, type: 'array' });
    expect(basic.allOf).toEqual(resource('Basic').allOf);
  });

  it("shares the data types' own members too, as refs within their module", () => {
    const coding = (shared.$defs as Record<string, any>).Coding;
    expect(coding.properties.code).toEqual({ $ref: `#/$defs/${basic.properties.status.cdxDatatype as string}` });
    expect(coding.properties.extension).toEqual({ $ref: `#/$defs/${basic.properties.extension.cdxDatatype as string}` });
  });
});

describe('withMembers', () => {
  it('moves the members to cdxMembers and keeps their names in properties, each true', () => {
    const schema = { type: 'object', required: ['a'], properties: { a: CODE, b: EXTENSIONS } };
    expect(withMembers(schema)).toEqual({ type: 'object', required: ['a'], properties: { a: true, b: true }, cdxMembers: { a: CODE, b: EXTENSIONS } });
  });

  it('leaves an object whose other keywords read properties as it is', () => {
    const closed = { type: 'object', properties: { a: CODE }, additionalProperties: false };
    expect(withMembers(closed)).toBe(closed);
  });
});
