// Shared by the FHIR tests: the derived schemas compiled exactly as the generator compiles them,
// the R4 examples package, and the valid examples.
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createAjv } from '../../../../scripts/lib/ajv.mjs';
import { loadSchemas } from '../../../../scripts/lib/schemas.mjs';
import { examplesDir, repoRoot } from '../support/cases.js';

export { repoRoot };

type Validator = ((data: unknown) => boolean) & { errors?: { instancePath: string; keyword: string; params: Record<string, unknown> }[] | null };

let ajv: ReturnType<typeof createAjv> | undefined;
/** The validator of a schema under schemas/ by its path there (`fhir/r4/Patient.schema.json`). */
export function schemaValidator(rel: string): Validator {
  if (!ajv) {
    ajv = createAjv();
    for (const entry of loadSchemas(join(repoRoot, 'schemas'))) ajv.addSchema(entry.schema);
  }
  const validator = ajv.getSchema(`https://schemas.cdx.dev/${rel}`);
  if (!validator) throw new Error(`no schema ${rel}`);
  return validator as unknown as Validator;
}

const require = createRequire(join(repoRoot, 'package.json'));
/** The folder of hl7.fhir.r4.examples@4.0.1. */
export const r4ExamplesDir = dirname(require.resolve('hl7.fhir.r4.examples/package.json'));

export function r4Examples(): string[] {
  return readdirSync(r4ExamplesDir).filter((f) => f.endsWith('.json') && f !== 'package.json').sort();
}

export function readR4Example(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(r4ExamplesDir, file), 'utf8')) as Record<string, unknown>;
}

/** A valid example of a kind, by its file name without .json (`fhir-chargeitemcreate`). */
export function validExample<T = Record<string, any>>(name: string): T {
  return JSON.parse(readFileSync(join(examplesDir, 'valid', `${name}.json`), 'utf8')) as T;
}
