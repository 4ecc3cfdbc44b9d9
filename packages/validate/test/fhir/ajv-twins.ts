// The FHIR strict twins as ajv compiles them (scripts/lib/strict.mjs, scripts/lib/twin-ajv.mjs), in
// process, from the same schemas the generator writes the FHIR tables from: the reference the table
// interpreter (src/fhir/table/) is compared with, for every type (the package ships compiled twins only
// for the types the service carries); the calls into the shared data types and the resource dispatch
// (generated code in the shipped twins) are keywords here that call the other compiled twins on the
// same gathering (`this`).
import { join } from 'node:path';
import type { KeywordDefinition } from 'ajv';
import { DATATYPES_REL, externalizeDatatypes, isR4, withoutAnnotations } from '../../../../scripts/lib/fhir-schemas.mjs';
import { loadSchemas } from '../../../../scripts/lib/schemas.mjs';
import { STRICT_BASE, strictTwin } from '../../../../scripts/lib/strict.mjs';
import { createTwinAjv } from '../../../../scripts/lib/twin-ajv.mjs';
import { types } from '../../src/generated/validators/fhir/types.cjs';
import { repoRoot } from './support.js';

export interface Gathering {
  references: string[];
  complete: boolean;
  sites?: unknown[];
  nested?: boolean;
}
export type Twin = (this: Gathering | undefined, data: unknown) => boolean;

/** A compiled twin by R4 resource type. */
export function ajvTwins(): (type: string) => Twin {
  const entries = loadSchemas(join(repoRoot, 'schemas'));
  const r4 = entries.filter(isR4);
  const compiled = r4.map((entry) => (entry.rel === DATATYPES_REL ? entry : { ...entry, schema: externalizeDatatypes(entry, entries) }));
  const R4 = new Set<string>(types);
  const byId = (id: string): Twin => {
    const found = ajv.getSchema(id);
    if (!found) throw new Error(`no twin ${id}`);
    return found as Twin;
  };
  const keywords: KeywordDefinition[] = [
    {
      keyword: 'cdxDatatype',
      schemaType: 'string',
      errors: false,
      validate(this: Gathering | undefined, name: string, data: unknown) {
        return byId(`${STRICT_BASE}${DATATYPES_REL}#/$defs/${name}`).call(this, data);
      },
    },
    {
      // As src/fhir/resources.cjs dispatches: an object whose resourceType is an R4 type, as that type.
      keyword: 'cdxResource',
      schemaType: 'boolean',
      errors: false,
      validate(this: Gathering | undefined, _: boolean, data: unknown) {
        if (typeof data !== 'object' || data === null || Array.isArray(data)) return false;
        const type = (data as { resourceType?: unknown }).resourceType;
        if (type === 'Bundle' && this) this.nested = true;
        return typeof type === 'string' && R4.has(type) && byId(`${STRICT_BASE}fhir/r4/${type}.schema.json`).call(this, data);
      },
    },
  ];
  const ajv = createTwinAjv({ keywords });
  for (const entry of compiled) ajv.addSchema(withoutAnnotations(strictTwin(entry, compiled)));
  return (type) => byId(`${STRICT_BASE}fhir/r4/${type}.schema.json`);
}
