// Emits @cdx/validate's generated half: CommonJS modules holding precompiled ajv validators (each
// kind's canonical validator and its strict twin, scripts/lib/strict.mjs) and field maps, loaded on
// first use, and a registry listing every kind.
//
// Modules are grouped by family. Data Model and auth kinds get one small module each, so a
// pre-commit run on one message loads only what it needs. FHIR kinds share one module: every FHIR
// schema reaches the same R4 datatype closure, and ajv emits shared code once per module
// (one module per FHIR kind repeated it 32 times: 85 MB).
import standaloneCode from 'ajv/dist/standalone/index.js';
import { buildShape } from './shape.mjs';
import { dereference } from './resolve.mjs';
import { STRICT_BASE } from './strict.mjs';

const SHARED_FAMILIES = new Set(['fhir']);

/** The module file of a kind's canonical validator and field map, relative to generated/validators/. */
const moduleOf = (kind) => (SHARED_FAMILIES.has(kind.family) ? `${kind.family}.cjs` : `${kind.slug}.cjs`);
/**
 * The file of its strict twin: the same small file for a Data Model or auth kind; for a shared
 * family a file of its own, so that a valid payload (which the twin settles) never loads the
 * 4 MB of canonical FHIR code, nor an invalid one the twins twice.
 */
const twinModuleOf = (kind) => (SHARED_FAMILIES.has(kind.family) ? `${kind.family}.twin.cjs` : moduleOf(kind));

/**
 * ajv's standalone code gathers a $ref'd validator's errors with
 * `vErrors = vErrors === null ? v.errors : vErrors.concat(v.errors)`, copying every error so far
 * at each failing call: quadratic when many items of one array fail (20,000 failing addresses,
 * a 100 KB payload, took 20 s). Appending in place is linear and reports the same errors.
 */
export function appendErrorsInPlace(code) {
  const out = code.replace(
    /vErrors = vErrors === null \? ([\w$.]+)\.errors : vErrors\.concat\(\1\.errors\);/g,
    'if (vErrors === null) vErrors = $1.errors; else for (const vError of $1.errors) vErrors.push(vError);',
  );
  if (out.includes('vErrors.concat(')) throw new Error('ajv emitted an error concat this generator does not know: update appendErrorsInPlace');
  return out;
}

/**
 * One standalone module's code in its own function scope, so that two of them (each names its
 * functions validate0, validate1, …) can share a file: returns an expression for its exports.
 */
function scoped(code) {
  return `(function (exports) {\n${code}\nreturn exports;\n})({})`;
}

/** The canonical validators and field maps of `kinds`: code and `exports.kinds` lines. */
async function emitCanonical(ajv, entries, kinds) {
  const names = Object.fromEntries(kinds.map((kind, i) => [`v${i}`, kind.entry.id]));
  const table = [];
  for (const [i, kind] of kinds.entries()) {
    const shape = buildShape(await dereference(kind.entry, entries));
    table.push(`  ${JSON.stringify(kind.id)}: { validate: canonical.v${i}, shape: ${JSON.stringify(shape)} },`);
  }
  return `const canonical = ${scoped(standalone(ajv, names))};\nexports.kinds = {\n${table.join('\n')}\n};`;
}

/**
 * A twin answers only yes or no: its errors are never read. ajv's code still builds the
 * instancePath of every call to a subschema's function (`instancePath+"/entry/" + i0`: a string
 * per call, an index formatted per array item); passing the caller's own instead made the FHIR
 * twin 9% faster. A path built with a comma in it (member names escaped for the pointer) is left
 * as it is: only a little slower.
 */
export function withoutInstancePaths(code) {
  return code.replace(/\{instancePath:instancePath\+[^,{}]*,parentData/g, '{instancePath,parentData');
}

/** The strict twins of `kinds`: code and `exports.twins` lines. */
function emitTwins(ajv, kinds) {
  const names = Object.fromEntries(kinds.map((kind, i) => [`s${i}`, STRICT_BASE + kind.entry.rel]));
  const table = kinds.map((kind, i) => `  ${JSON.stringify(kind.id)}: twin.s${i},`);
  return `const twin = ${scoped(withoutInstancePaths(standalone(ajv, names)))};\nexports.twins = {\n${table.join('\n')}\n};`;
}

const standalone = (ajv, names) => appendErrorsInPlace(standaloneCode.default(ajv, names));

/**
 * @param {{ canonical: import('ajv').default, twin: import('ajv').default }} ajvs the instances holding
 *   the canonical schemas and their strict twins (scripts/lib/strict.mjs)
 * @returns {Promise<Map<string, string>>} path relative to packages/validate/src/generated → contents
 */
export async function emitValidators(ajvs, entries, kinds, banner) {
  const files = new Map();
  const byModule = new Map();
  for (const kind of kinds) {
    const module = moduleOf(kind);
    if (!byModule.has(module)) byModule.set(module, []);
    byModule.get(module).push(kind);
  }
  const file = (...parts) => `${banner}\n"use strict";\n${parts.join('\n')}\n`;
  for (const [module, members] of byModule) {
    const canonical = await emitCanonical(ajvs.canonical, entries, members);
    const twins = emitTwins(ajvs.twin, members);
    const twinModule = twinModuleOf(members[0]);
    if (twinModule === module) files.set(`validators/${module}`, file(canonical, twins));
    else files.set(`validators/${module}`, file(canonical)).set(`validators/${twinModule}`, file(twins));
  }

  const registry = [
    banner,
    "import type { KindInfo } from '../kind-info.js';",
    '',
    '/** Every kind, in schema path order. `module` and `twinModule` name files under generated/validators/. */',
    'export const KINDS = [',
    ...kinds.map((k) => {
      const info = {
        id: k.id,
        family: k.family,
        title: k.title,
        schemaId: k.entry.id,
        module: moduleOf(k),
        twinModule: twinModuleOf(k),
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
  return files;
}
