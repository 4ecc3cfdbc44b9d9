// @ts-check
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
import { withoutAnnotations } from './fhir-schemas.mjs';
import { resourceSlotKeywords, sharedDefKeyword } from './fhir-keywords.mjs';
import { hookInfo } from './hooks.mjs';
import { withResourceSlots } from './resource-slots.mjs';
import { resolveRef } from './resolve.mjs';
import { canonicalStandalone, localNames, pruneSchemaConstants, spreadConstants, standalone, withoutContext, withoutErrorObjects } from './standalone.mjs';
import { STRICT_BASE, strictTwin } from './strict.mjs';
import { createAjv } from './ajv.mjs';
import { createTwinAjv } from './twin-ajv.mjs';
import { emitCodeLists } from './code-lists.mjs';
import { emitReferenceTargets } from './reference-targets.mjs';
import { emitR4References } from './r4-references.mjs';
import { fileURLToPath } from 'node:url';

/** The repository, where the R4 definitions package is installed. */
const REPO = fileURLToPath(new URL('../..', import.meta.url));

/** @typedef {import('./schemas.mjs').Entry} Entry */
/** A kind as the generator knows it (scripts/generate.mjs). @typedef {{ id: string, family: string, title: string, slug: string, entry: Entry }} Kind */

/**
 * One standalone module's code in its own function scope, so that two of them (each names its
 * functions validate0, validate1, …) can share a file: returns an expression for its exports.
 * @param {string} code
 */
function scoped(code) {
  return `(function (exports) {\n${code}\nreturn exports;\n})({})`;
}

/** The dispatcher of resource slots (packages/validate/src/fhir/resources.cjs), from generated/validators/. */
const DISPATCHER = '../../fhir/resources.cjs';

/**
 * The module of a Data Model, CDS Hooks or auth kind: canonical validator, field map and strict
 * twin. `entries` are the family's own schemas with resource slots (scripts/lib/resource-slots.mjs).
 * Returns the code and whether the field map holds a resource slot (walked with the FHIR shapes).
 * The field map stands one node a line, so a schema edit is a diff of the nodes it changes.
 * @param {Kind} kind
 * @param {Entry[]} entries
 * @param {{ canonical: import('ajv').default, twin: import('ajv').default }} ajvs
 * @returns {Promise<{ code: string, resources: boolean }>}
 */
async function emitKindModule(kind, entries, ajvs) {
  const own = entries.find((e) => e.id === kind.entry.id);
  if (!own) throw new Error(`emit-validators: no schema ${kind.entry.id}`);
  const shape = buildShape(await dereference(own, entries));
  const canonical = `const canonical = ${scoped(canonicalStandalone(ajvs.canonical, { v0: kind.entry.id }))};`;
  const nodes = `[\n${shape.map((node) => `      ${JSON.stringify(node)},`).join('\n')}\n    ]`;
  const kinds = `exports.kinds = {\n  ${JSON.stringify(kind.id)}: {\n    validate: canonical.v0,\n    shape: ${nodes},\n  },\n};`;
  const twin = `const twin = ${scoped(pruneSchemaConstants(withoutContext(withoutErrorObjects(standalone(ajvs.twin, { s0: STRICT_BASE + kind.entry.rel })))))};`;
  const code = spreadConstants(localNames([canonical, kinds, twin, `exports.twins = {\n  ${JSON.stringify(kind.id)}: twin.s0,\n};`].join('\n')));
  return { code, resources: shape.some((node) => node.r === 1) };
}

/** The shared definitions module's file, under generated/validators/, and its path from a kind's module. */
const SHARED_DEFS = 'defs.cjs';
/** Members that hold data, never a schema: a `$ref` inside one is not followed. */
const DATA = new Set(['const', 'enum', 'default', 'examples', 'required', 'cdxDetect', 'cdxHook', 'cdxKind', 'cdxTargets', 'cdxChoice']);
/** A shared definition: a schema file of a family's `defs/` folder (the Data Model's, CDS Hooks'). */
const isSharedDef = (/** @type {Entry} */ entry) => /(^|\/)defs\//.test(entry.rel);

/**
 * The entry with each `$ref` into a shared definitions file (but its own) made a `cdxDef` call of
 * that definition, by its absolute id: its code is then emitted once, in the shared definitions
 * module, rather than inlined into every kind's module that refers to it. Adds each id to `called`.
 * @param {Entry} entry
 * @param {Entry[]} entries
 * @param {Set<string>} called
 * @returns {Entry}
 */
function callingSharedDefs(entry, entries, called) {
  /** @param {unknown} node @returns {any} */
  const visit = (node) => {
    if (Array.isArray(node)) return node.map(visit);
    if (!node || typeof node !== 'object') return node;
    const object = /** @type {Record<string, any>} */ (node);
    if (typeof object.$ref === 'string') {
      const { entry: target, fragment } = resolveRef(object.$ref, entry.id, entries);
      if (target !== entry && isSharedDef(target)) {
        const { $ref, ...siblings } = object;
        const id = fragment ? `${target.id}#${fragment}` : target.id;
        called.add(id);
        return { ...siblings, cdxDef: id };
      }
    }
    /** @type {Record<string, any>} */
    const out = {};
    for (const [key, value] of Object.entries(object)) out[key] = DATA.has(key) ? value : visit(value);
    return out;
  };
  return { ...entry, schema: visit(entry.schema) };
}

/**
 * The canonical validators and strict twins of the Data Model and auth schemas. Annotations are
 * left out of what ajv compiles: standalone code embeds each schema it compiles. A kind's canonical
 * validator calls the shared definitions (`defs`, compiled once for the shared definitions module);
 * its strict twin holds them.
 * @param {Entry[]} entries
 */
function ownAjvs(entries) {
  const slots = (/** @type {boolean} */ twin) => resourceSlotKeywords({ twin, dispatcher: DISPATCHER });
  const canonical = createAjv({ keywords: [...slots(false), sharedDefKeyword({ module: `./${SHARED_DEFS}` })] });
  const defs = createAjv({ keywords: slots(false) });
  const twin = createTwinAjv({ keywords: slots(true) });
  /** @type {Set<string>} */
  const called = new Set();
  for (const entry of entries) {
    canonical.addSchema(withoutAnnotations(isSharedDef(entry) ? entry.schema : callingSharedDefs(entry, entries, called).schema));
    defs.addSchema(withoutAnnotations(entry.schema));
    twin.addSchema(withoutAnnotations(strictTwin(entry, entries)));
  }
  return { canonical, twin, defs, called };
}

/**
 * The shared definitions module: each definition a kind's canonical validator calls, exported by its id.
 * @param {{ defs: import('ajv').default, called: Set<string> }} ajvs
 */
function emitSharedDefs({ defs, called }) {
  const names = Object.fromEntries([...called].sort().map((id) => [id, id]));
  return spreadConstants(localNames(canonicalStandalone(defs, names)));
}

/**
 * @param {Entry[]} entries every schema (scripts/lib/schemas.mjs)
 * @param {Kind[]} kinds
 * @param {string} banner
 * @returns {Promise<Map<string, string>>} path relative to packages/validate/src/generated → contents
 */
export async function emitValidators(entries, kinds, banner) {
  const files = new Map();
  // ajv's standalone code starts with its own "use strict".
  const file = (/** @type {string} */ code) => `${banner}\n${code.startsWith('"use strict";') ? '' : '"use strict";\n'}${code}\n`;
  const own = entries.filter((e) => e.family !== 'fhir').map((e) => withResourceSlots(e, entries));
  const ajvs = ownAjvs(own);
  const holdsResources = new Set();
  for (const kind of kinds.filter((k) => k.family !== 'fhir')) {
    const { code, resources } = await emitKindModule(kind, own, ajvs);
    files.set(`validators/${kind.slug}.cjs`, file(code));
    if (resources) holdsResources.add(kind.id);
  }
  files.set(`validators/${SHARED_DEFS}`, file(emitSharedDefs(ajvs)));
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
        ...(k.entry.schema.cdxUnpublished ? { unpublished: true } : {}),
        ...(k.entry.schema.cdxStandard ? { standard: k.entry.schema.cdxStandard } : {}),
        ...(k.entry.schema.cdxDetect ? { detect: k.entry.schema.cdxDetect } : {}),
        ...(holdsResources.has(k.id) ? { resources: true } : {}),
        ...(k.entry.schema.cdxHook ? { hook: hookInfo(k.entry, entries) } : {}),
      };
      return `  ${JSON.stringify(info)},`;
    }),
    '] as const satisfies readonly KindInfo[];',
    '',
  ];
  files.set('kinds.ts', registry.join('\n'));
  files.set('code-lists.ts', emitCodeLists(banner));
  files.set('reference-targets.ts', emitReferenceTargets(entries, kinds, banner, REPO));
  files.set('r4-references.ts', emitR4References(banner, REPO));
  return files;
}
