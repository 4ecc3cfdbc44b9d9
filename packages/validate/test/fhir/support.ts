// Shared by the FHIR tests: the derived schemas compiled exactly as the generator compiles them,
// the R4 examples package, and the valid examples.
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
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
  return validator;
}

const require = createRequire(join(repoRoot, 'package.json'));
/** The folder of hl7.fhir.r4.examples@4.0.1. */
export const r4ExamplesDir = dirname(require.resolve('hl7.fhir.r4.examples/package.json'));

/** The example files of hl7.fhir.r4.examples (package.json aside): 5,306 resources of every type but five. */
export function r4Examples(): string[] {
  return readdirSync(r4ExamplesDir)
    .filter((f) => f.endsWith('.json') && f !== 'package.json')
    .sort();
}

export function readR4Example(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(r4ExamplesDir, file), 'utf8')) as Record<string, unknown>;
}

/** Valid resources of the R4 types hl7.fhir.r4.examples has no example of: type → resource. */
export const withoutExamplesDir = join(dirname(fileURLToPath(import.meta.url)), 'fixtures/r4-without-examples');
export function r4Fixtures(): Map<string, Record<string, unknown>> {
  const files = readdirSync(withoutExamplesDir).filter((f) => f.endsWith('.json'));
  return new Map(files.map((f) => [f.replace(/\.json$/, ''), JSON.parse(readFileSync(join(withoutExamplesDir, f), 'utf8')) as Record<string, unknown>]));
}

/** Every resource in a payload: itself, its bundle entries and contained resources, at any depth, with pointers. */
export function* resourcesIn(resource: unknown, pointer = ''): Generator<[string, Record<string, unknown>]> {
  if (!resource || typeof resource !== 'object' || Array.isArray(resource)) return;
  const r = resource as Record<string, unknown>;
  if (typeof r.resourceType !== 'string') return;
  yield [pointer, r];
  for (const [i, e] of ((Array.isArray(r.entry) ? r.entry : []) as { resource?: unknown }[]).entries())
    yield* resourcesIn(e.resource, `${pointer}/entry/${i}/resource`);
  for (const [i, c] of ((Array.isArray(r.contained) ? r.contained : []) as unknown[]).entries()) yield* resourcesIn(c, `${pointer}/contained/${i}`);
}

let typesWithExamples: Set<string> | undefined;
/** The resource types the official examples (anywhere in them) and the fixtures hold. */
export function r4TypesWithExamples(): Set<string> {
  if (!typesWithExamples) {
    typesWithExamples = new Set(r4Fixtures().keys());
    for (const file of r4Examples()) for (const [, r] of resourcesIn(readR4Example(file))) typesWithExamples.add(String(r.resourceType));
  }
  return typesWithExamples;
}

/** A valid example of a kind, by its file name without .json (`fhir-chargeitemcreate`). */
export function validExample(name: string): Record<string, any> {
  return JSON.parse(readFileSync(join(examplesDir, 'valid', `${name}.json`), 'utf8')) as Record<string, any>;
}
