// Every rewrite of ajv's standalone code rewrites what ajv emits today, and throws instead of
// shipping code it did not rewrite when ajv emits something else.
import { describe, expect, it } from 'vitest';
import { createAjv } from '../lib/ajv.mjs';
import { appendErrorsInPlace, pruneSchemaConstants, standalone, withoutContext, withoutErrorObjects } from '../lib/standalone.mjs';
import { strictTwin } from '../lib/strict.mjs';
import { createTwinAjv } from '../lib/twin-ajv.mjs';

const ID = 'https://schemas.cdx.dev/x.schema.json';
const SCHEMA = {
  $id: ID,
  type: 'object',
  properties: { gender: { enum: ['male', 'female'] }, items: { type: 'array', items: { $ref: '#/$defs/item' } } },
  required: ['gender'],
  // Recursive, so that ajv calls it rather than inlining it: a call's errors are what appendErrorsInPlace rewrites.
  $defs: {
    item: {
      type: 'object',
      properties: { code: { type: 'string', minLength: 1 }, parts: { type: 'array', items: { $ref: '#/$defs/item' } } },
      required: ['code'],
    },
  },
};

/** Standalone code of SCHEMA as the generator compiles a canonical validator and a twin. */
function canonicalCode(): string {
  const ajv = createAjv();
  ajv.addSchema(SCHEMA);
  return standalone(ajv, { v: ID });
}
function twinCode(): string {
  const ajv = createTwinAjv();
  const entry = { id: ID, rel: 'x.schema.json', schema: SCHEMA };
  ajv.addSchema(strictTwin(entry, [entry]));
  return withoutContext(withoutErrorObjects(standalone(ajv, { s: 'https://schemas.cdx.dev/.strict/x.schema.json' })));
}

describe('rewrites of ajv standalone code', () => {
  it('rewrite what ajv emits today', () => {
    const canonical = canonicalCode();
    expect(canonical).not.toContain('vErrors.concat(');
    expect(canonical).toMatch(/for \(const vError of [\w$.]+\.errors\) vErrors\.push\(vError\);/);
    const twin = twinCode();
    expect(twin).not.toMatch(/vErrors = \[|vErrors\.push\(|instancePath|rootData/);
    expect(twin).toMatch(/^function validate\d+\(data\)\{$/m);
  });

  it('appendErrorsInPlace throws on a concat it does not know', () => {
    expect(() => appendErrorsInPlace('vErrors = vErrors.concat(other.errors);')).toThrow(/error concat this generator does not know/);
  });

  it('withoutErrorObjects throws on an error recorded in a form it does not know', () => {
    expect(() => withoutErrorObjects('const err0 = {keyword:"x"};\nvErrors = [err0];')).toThrow(/withoutErrorObjects: ajv recorded an error/);
  });

  it('withoutContext throws without a signature it knows, and on a context left read', () => {
    expect(() => withoutContext('function validate1(data, ctx){\nreturn true;\n}')).toThrow(/withoutContext: a twin reads no signature/);
    expect(() =>
      withoutContext('function validate1(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){\nreturn rootData;\n}'),
    ).toThrow(/withoutContext: a twin reads rootData/);
  });

  it('pruneSchemaConstants throws on a schema constant in a form it does not know', () => {
    expect(() => pruneSchemaConstants('x(); const schema3 = {"a": 1};')).toThrow(/pruneSchemaConstants: ajv declared a schema constant/);
    expect(() => pruneSchemaConstants('const schema3 = {"a":{}};\nuse(schema3.a.b.c);')).toThrow(/reads what schema3 does not hold/);
  });
});
