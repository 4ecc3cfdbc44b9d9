// Emits @cdx/validate's generated half: CommonJS modules holding precompiled ajv validators (each
// kind's canonical validator and its strict twin, scripts/lib/strict.mjs) and field maps, loaded on
// first use, and a registry listing every kind.
//
// Data Model and auth kinds get one small module each, so a pre-commit run on one message loads
// only what it needs. FHIR kinds are validated as their R4 resource type plus, for a service
// profile, its overlay: one module per resource type and one for the shared data types
// (scripts/lib/emit-fhir.mjs).
import { buildShape } from './shape.mjs';
import { dereference } from './resolve.mjs';
import { emitFhir, fhirKindModules } from './emit-fhir.mjs';
import { emitLoaders } from './emit-loaders.mjs';
import { withoutAnnotations } from './fhir-schemas.mjs';
import { standalone, withoutContext, withoutErrorObjects } from './standalone.mjs';
import { STRICT_BASE, strictTwin } from './strict.mjs';
import { createAjv } from './ajv.mjs';
import { createTwinAjv } from './twin-ajv.mjs';

/**
 * One standalone module's code in its own function scope, so that two of them (each names its
 * functions validate0, validate1, …) can share a file: returns an expression for its exports.
 */
function scoped(code) {
  return `(function (exports) {\n${code}\nreturn exports;\n})({})`;
}

/** The module of a Data Model or auth kind: canonical validator, field map and strict twin. */
async function emitKindModule(kind, entries, ajvs) {
  const shape = buildShape(await dereference(kind.entry, entries));
  const canonical = `const canonical = ${scoped(standalone(ajvs.canonical, { v0: kind.entry.id }))};`;
  const kinds = `exports.kinds = {\n  ${JSON.stringify(kind.id)}: { validate: canonical.v0, shape: ${JSON.stringify(shape)} },\n};`;
  const twin = `const twin = ${scoped(withoutContext(withoutErrorObjects(standalone(ajvs.twin, { s0: STRICT_BASE + kind.entry.rel }))))};`;
  return [canonical, kinds, twin, `exports.twins = {\n  ${JSON.stringify(kind.id)}: twin.s0,\n};`].join('\n');
}

/**
 * The canonical validators and strict twins of the Data Model and auth schemas. Annotations are
 * left out of what ajv compiles: standalone code embeds each schema it compiles.
 */
function ownAjvs(entries) {
  const canonical = createAjv();
  const twin = createTwinAjv();
  for (const entry of entries) {
    canonical.addSchema(withoutAnnotations(entry.schema));
    twin.addSchema(withoutAnnotations(strictTwin(entry, entries)));
  }
  return { canonical, twin };
}

/**
 * @param {any[]} entries every schema (scripts/lib/schemas.mjs)
 * @param {{ id: string, family: string, slug: string, entry: any }[]} kinds
 * @param {string} banner
 * @returns {Promise<Map<string, string>>} path relative to packages/validate/src/generated → contents
 */
export async function emitValidators(entries, kinds, banner) {
  const files = new Map();
  // ajv's standalone code starts with its own "use strict".
  const file = (code) => `${banner}\n${code.startsWith('"use strict";') ? '' : '"use strict";\n'}${code}\n`;
  const own = entries.filter((e) => e.family !== 'fhir');
  const ajvs = ownAjvs(own);
  for (const kind of kinds.filter((k) => k.family !== 'fhir')) {
    files.set(`validators/${kind.slug}.cjs`, file(await emitKindModule(kind, own, ajvs)));
  }
  const fhirKinds = kinds.filter((k) => k.family === 'fhir');
  for (const [path, code] of emitFhir(entries, fhirKinds)) files.set(`validators/${path}`, file(code));

  const registry = [
    banner,
    "import type { KindInfo } from '../kind-info.js';",
    '',
    '/** Every kind, in schema path order. `module` and `twinModule` name files under generated/validators/. */',
    'export const KINDS = [',
    ...kinds.map((k) => {
      const modules = k.family === 'fhir' ? fhirKindModules(k, entries) : { module: `${k.slug}.cjs`, twinModule: `${k.slug}.cjs` };
      const info = {
        id: k.id,
        family: k.family,
        title: k.title,
        schemaId: k.entry.id,
        ...modules,
        query: Boolean(k.entry.schema.cdxQuery),
        beta: Boolean(k.entry.schema.cdxBeta),
        ...(k.entry.schema.cdxDetect ? { detect: k.entry.schema.cdxDetect } : {}),
      };
      return `  ${JSON.stringify(info)},`;
    }),
    '] as const satisfies readonly KindInfo[];',
    '',
  ];
  files.set('kinds.ts', registry.join('\n'));
  files.set('loaders.ts', emitLoaders(files.keys(), banner));
  return files;
}
