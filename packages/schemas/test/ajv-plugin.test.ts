// @cdx/schemas as a plain JSON Schema tool meets it: ajv in strict mode, with and without the
// package's ajv plugin (`@cdx/schemas/ajv`). Runs on the built package (dist/), as it is published.
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';

const here = fileURLToPath(new URL('..', import.meta.url));
const dist = join(here, 'dist');
const examples = join(here, '../../schemas/examples/valid');
const require = createRequire(import.meta.url);
const manifest = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8')) as { exports: Record<string, unknown> };

interface CatalogEntry {
  $id: string;
  kind: string | null;
  file: string;
}
const catalog = JSON.parse(readFileSync(join(dist, 'catalog.json'), 'utf8')) as { schemas: CatalogEntry[]; vocabulary: string };
const schemaOf = (entry: CatalogEntry) => JSON.parse(readFileSync(join(dist, entry.file), 'utf8')) as object;
const kindFile = (kind: string) => `${kind.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.json`;

/**
 * A plain, strict ajv as a user would make it, with the standard formats. allowUnionTypes: a few
 * members accept two types ("integer or string of digits", docs/decisions.md), which strict mode
 * wants declared.
 */
function strictAjv() {
  const ajv = new Ajv2020.default({ strict: true, allowUnionTypes: true, allErrors: true });
  addFormats.default(ajv);
  return ajv;
}

type Plugin = (ajv: InstanceType<typeof Ajv2020.default>) => unknown;
const plugin = () => require(join(dist, 'ajv.cjs')) as Plugin & { default: Plugin; cdxAjv: Plugin };

describe('@cdx/schemas under ajv strict mode', () => {
  it('without the plugin, strict mode names the first cdx keyword it does not know', () => {
    const ajv = strictAjv();
    const merge = catalog.schemas.find((s) => s.kind === 'PatientAdmin/PatientMerge')!;
    for (const entry of catalog.schemas) ajv.addSchema(schemaOf(entry));
    expect(() => ajv.getSchema(merge.$id)).toThrow(/unknown keyword: "cdx/);
  });

  it('the package exports the plugin, for import and for require (ajv-cli -c)', () => {
    expect(manifest.exports['./ajv']).toBeDefined();
    const loaded = plugin();
    expect(typeof loaded).toBe('function');
    expect(loaded.default).toBe(loaded);
    expect(loaded.cdxAjv).toBe(loaded);
  });

  it('with the plugin, every kind schema compiles in strict mode and accepts its valid example', () => {
    const ajv = strictAjv();
    plugin()(ajv);
    for (const entry of catalog.schemas) ajv.addSchema(schemaOf(entry));
    const kinds = catalog.schemas.filter((s) => s.kind !== null);
    expect(kinds.length).toBeGreaterThan(150);
    const withExample = new Set(readdirSync(examples));
    let checked = 0;
    for (const entry of kinds) {
      const validate = ajv.getSchema(entry.$id)!;
      expect(validate, entry.$id).toBeTypeOf('function');
      if (!withExample.has(kindFile(entry.kind!))) continue;
      const valid = validate(JSON.parse(readFileSync(join(examples, kindFile(entry.kind!)), 'utf8')));
      expect([entry.kind, valid, validate.errors ?? null]).toEqual([entry.kind, true, null]);
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('with the plugin, the cdx formats are checked (a plain tool ignores them)', () => {
    const ajv = strictAjv();
    plugin()(ajv);
    const check = (format: string, value: string) => ajv.validate({ type: 'string', format }, value);
    expect([check('iso8601', '2026-03-01'), check('iso8601', '2026-03-01T09:30:00Z'), check('iso8601', 'yesterday')]).toEqual([true, true, false]);
    // Dates that exist (@cdx/validate's checker): a day its month lacks fails, a leap day passes.
    expect([check('iso8601', '2026-02-30'), check('iso8601', '2024-02-29T24:00'), check('iso8601', '2024-02-29T23:00')]).toEqual([false, false, true]);
    expect([check('fhir-date', '2026-02-29'), check('fhir-date', '2024-02-29'), check('fhir-dateTime', '2026-04-31T10:00:00Z')]).toEqual([false, true, false]);
    expect([check('e164', '+14155550123'), check('e164', '415-555-0123')]).toEqual([true, false]);
    expect([check('base64', 'aGVsbG8=\n'), check('base64', 'not base64!')]).toEqual([true, false]);
    // Without it, non-strict ajv passes any value through an unknown format.
    const lax = new Ajv2020.default({ strict: false });
    expect(lax.validate({ type: 'string', format: 'iso8601' }, 'yesterday')).toBe(true);
  });

  it('applying the plugin twice, or after another plugin added one of its formats, is harmless', () => {
    const ajv = strictAjv();
    plugin()(ajv);
    expect(() => plugin()(ajv)).not.toThrow();
  });

  it('the catalog names the vocabulary meta-schema, which describes every cdx keyword', () => {
    const vocabulary = JSON.parse(readFileSync(join(dist, catalog.vocabulary), 'utf8')) as { $id: string; properties: Record<string, unknown> };
    const used = new Set<string>();
    for (const entry of catalog.schemas) for (const [, key] of JSON.stringify(schemaOf(entry)).matchAll(/"(cdx[A-Za-z]+)":/g)) used.add(key!);
    expect([...used].filter((k) => !(k in vocabulary.properties))).toEqual([]);
    const ajv = strictAjv();
    plugin()(ajv);
    expect(ajv.getSchema(vocabulary.$id)).toBeTypeOf('function');
  });
});
