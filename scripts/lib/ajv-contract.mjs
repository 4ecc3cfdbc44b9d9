// @ts-check
// The contract between the generator and the ajv release it is pinned to: a small schema set that
// holds every form the rewrites of scripts/lib/standalone.mjs expect, compiled as the generator
// compiles a canonical validator and a strict twin. scripts/test/ajv-contract.test.ts compares the
// result with the committed expectation (scripts/test/fixtures/ajv-contract/), so that an ajv
// upgrade which changes what it emits fails there, with the difference to review, before any
// generated module changes. `node scripts/lib/ajv-contract.mjs --write` records a reviewed change.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { createAjv } from './ajv.mjs';
import { canonicalStandalone, localNames, pruneSchemaConstants, spreadConstants, standalone, withoutContext, withoutErrorObjects } from './standalone.mjs';
import { strictTwin } from './strict.mjs';
import { createTwinAjv } from './twin-ajv.mjs';

const require = createRequire(import.meta.url);

/** Where the expectation is committed. */
export const EXPECTED_DIR = fileURLToPath(new URL('../test/fixtures/ajv-contract/', import.meta.url));

const ID = 'https://schemas.cdx.dev/contract/x.schema.json';
const DEF_ID = 'https://schemas.cdx.dev/contract/def.schema.json';

/** A shared definition, referred to from another file: ajv inlines it (its errors' paths concatenated). */
const DEF = {
  $id: DEF_ID,
  type: 'object',
  properties: { ID: { type: 'string' }, use: { enum: ['home', 'work', 'temp', 'old', 'billing', 'mobile', 'office', 'school', 'other', 'unknown'] } },
};

/** Every keyword whose error or call the rewrites meet in the generated modules. */
const SCHEMA = {
  $id: ID,
  type: 'object',
  properties: {
    resourceType: { const: 'X' },
    id: { type: 'string', pattern: '^[A-Za-z0-9]{1,64}$', minLength: 1 },
    gender: { enum: ['male', 'female', 'other', 'unknown'] },
    destinations: { type: 'array', items: { $ref: 'def.schema.json' } },
    items: { type: 'array', items: { $ref: '#/$defs/item' } },
    prefetch: { type: 'object', additionalProperties: { type: 'string' }, propertyNames: { maxLength: 8 } },
    value: { anyOf: [{ type: 'string' }, { type: 'number', minimum: 0 }] },
    status: { not: { type: 'null' } },
    start: { type: 'string' },
    end: { type: 'string' },
    zone: { type: 'string' },
    dose: { type: 'number' },
    unit: { type: 'string' },
  },
  required: ['resourceType'],
  dependentRequired: { start: ['end', 'zone'] },
  dependentSchemas: { dose: { required: ['unit'] } },
  // Recursive, so that ajv calls it rather than inlining it: a call's errors and context.
  $defs: {
    item: {
      type: 'object',
      properties: { code: { type: 'string', minLength: 1 }, parts: { type: 'array', items: { $ref: '#/$defs/item' } } },
      required: ['code'],
    },
  },
};

/** The fixture's code as the generator emits a canonical module (scripts/lib/emit-fhir.mjs). */
export function contractCanonical() {
  const ajv = createAjv();
  ajv.addSchema(DEF);
  ajv.addSchema(SCHEMA);
  return spreadConstants(localNames(canonicalStandalone(ajv, { validate: ID })));
}

/** The fixture's code as ajv emits it for the canonical flavour, before any rewrite. */
export function contractRaw() {
  const ajv = createAjv();
  ajv.addSchema(DEF);
  ajv.addSchema(SCHEMA);
  return standalone(ajv, { validate: ID });
}

/** The fixture's code as the generator emits a strict twin (scripts/lib/emit-fhir.mjs). */
export function contractTwin() {
  const ajv = createTwinAjv();
  const entries = [
    { id: DEF_ID, rel: 'contract/def.schema.json', schema: DEF },
    { id: ID, rel: 'contract/x.schema.json', schema: SCHEMA },
  ];
  for (const entry of entries) ajv.addSchema(strictTwin(entry, entries));
  return spreadConstants(
    localNames(
      pruneSchemaConstants(withoutContext(withoutErrorObjects(standalone(ajv, { validate: 'https://schemas.cdx.dev/.strict/contract/x.schema.json' })))),
    ),
  );
}

/** The ajv release installed (the catalog pins it). */
export const ajvVersion = () => /** @type {string} */ (require('ajv/package.json').version);

/** The committed expectation's files and what they hold now. */
export function contractFiles() {
  const header = `// ajv ${ajvVersion()}: scripts/lib/ajv-contract.mjs, recorded with --write after review.\n`;
  return { 'canonical.cjs': header + contractCanonical() + '\n', 'twin.cjs': header + contractTwin() + '\n' };
}

/** @param {string} name */
export const expected = (name) => readFileSync(`${EXPECTED_DIR}${name}`, 'utf8');

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv.includes('--write')) {
  for (const [name, text] of Object.entries(contractFiles())) writeFileSync(`${EXPECTED_DIR}${name}`, text);
}
