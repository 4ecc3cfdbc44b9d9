// @ts-check
// Emits @cdx/validate's FHIR modules under generated/validators/fhir/ (layout in
// scripts/lib/fhir-schemas.mjs):
//
//   r4/datatypes.cjs, r4/datatypes.table.cjs  every data type's canonical validator and strict twin table
//   r4/<Type>.cjs, r4/<Type>.table.cjs        one resource type's, calling into the data types
//   r4/datatypes.twin.cjs, r4/<Type>.twin.cjs the compiled strict twins of the types the service
//                                             carries (serviceTypes), and of the data types they call
//   profiles.cjs                              the service profiles' overlays, by kind
//   shapes.cjs                                the field maps of every resource type, one shared table
//   types.cjs                                 the resource types, for the run-time dispatcher
//
// A payload loads the data types and the resource types it carries; a valid one only the strict twins.
// A twin is a table (scripts/lib/fhir-tables.mjs) walked by one interpreter, which compiles once for
// every type a corpus meets; the service's own types, validated over and over, also get a compiled
// twin, which V8 specialises to their properties (docs/performance.md, "FHIR fast path").
import { createAjv } from './ajv.mjs';
import { moduleKeywords } from './fhir-keywords.mjs';
import { membersKeyword, withMembers } from './fhir-members.mjs';
import {
  DATATYPES_REL,
  OVERLAY_BASE,
  datatypeNames,
  externalizeDatatypes,
  isProfile,
  isR4,
  overlayOf,
  r4Type,
  serviceTypes,
  shareMembers,
  withoutAnnotations,
} from './fhir-schemas.mjs';
import { resolveRef } from './resolve.mjs';
import { buildShapes } from './shape.mjs';
import { STRICT_BASE, strictTwin } from './strict.mjs';
import { createTwinAjv } from './twin-ajv.mjs';
import { emitFhirTables } from './fhir-tables.mjs';
import {
  LONG_LINE,
  canonicalStandalone,
  localNames,
  pruneSchemaConstants,
  spreadConstants,
  standalone,
  withoutContext,
  withoutErrorObjects,
} from './standalone.mjs';

/** @typedef {import('./schemas.mjs').Entry} Entry */
/** @typedef {Record<string, any>} Json */

const R4_MODULE_DIR = 'fhir/r4';

/**
 * The base definitions of every R4 schema: compiled canonical validators, strict twin tables, and
 * compiled strict twins of the types the service carries.
 * @param {Entry[]} entries every schema
 * @returns {Map<string, string>} file (relative to generated/validators/) → code
 */
function emitBase(entries) {
  const r4 = entries.filter(isR4);
  const datatypes = r4.find((e) => e.rel === DATATYPES_REL);
  if (!datatypes) throw new Error(`emit-fhir: no ${DATATYPES_REL}`);
  // What the modules compile: data type refs out of each resource's file become calls.
  const compiled = r4.map((entry) => (entry === datatypes ? entry : { ...entry, schema: externalizeDatatypes(entry, entries) }));
  // No R4 definition uses unevaluatedProperties: its bookkeeping is left out (scripts/lib/ajv.mjs).
  // Each definition a `$ref` names (a backbone element, a shared member) is compiled once, as a
  // function, not copied into each place that refers to it: the exact path is the slow one anyway.
  const canonical = createAjv({
    moduleDir: R4_MODULE_DIR,
    keywords: [...moduleKeywords({ twin: false }), membersKeyword({ moduleDir: R4_MODULE_DIR })],
    unevaluated: false,
    inlineRefs: false,
  });
  const twin = createTwinAjv({ moduleDir: R4_MODULE_DIR, keywords: moduleKeywords({ twin: true }) });
  // Every strict twin is a table walked by one interpreter (scripts/lib/fhir-tables.mjs).
  /** @type {{ entry: Entry, twin: Json }[]} */
  const twins = [];
  // The canonical validators define the members the types repeat once, among the data types.
  const resources = compiled.filter((entry) => entry !== datatypes);
  const shared = shareMembers(
    resources.map((entry) => withoutAnnotations(entry.schema)),
    withoutAnnotations(datatypes.schema),
  );
  canonical.addSchema(shared.datatypes);
  // A resource type's and its backbone elements' members: runs of calls through one table each.
  for (const schema of shared.resources) {
    const defs = schema.$defs && Object.fromEntries(Object.entries(schema.$defs).map(([name, def]) => [name, withMembers(def)]));
    canonical.addSchema({ ...withMembers(schema), ...(defs ? { $defs: defs } : {}) });
  }
  for (const entry of compiled) {
    const strict = withoutAnnotations(strictTwin(entry, compiled));
    twin.addSchema(strict);
    twins.push({ entry, twin: strict });
  }
  const names = datatypeNames(datatypes);
  const canonicalNames = datatypeNames({ ...datatypes, schema: shared.datatypes });
  /** @type {Map<string, string>} */
  const files = emitFhirTables(twins, DATATYPES_REL, R4_MODULE_DIR);
  const defs = (/** @type {string} */ base) => Object.fromEntries(names.map((n) => [n, `${base}#/$defs/${n}`]));
  /** @param {Record<string, string>} names */
  const canonicalCode = (names) => spreadConstants(localNames(canonicalStandalone(canonical, names)));
  // A twin reads no schema constant once its errors are gone: pruned again, they go.
  /** @param {Record<string, string>} names */
  const twinCode = (names) => spreadConstants(localNames(pruneSchemaConstants(withoutContext(withoutErrorObjects(standalone(twin, names))))));
  const hot = compiledTwinTypes(entries);
  files.set(`${R4_MODULE_DIR}/datatypes.cjs`, canonicalCode(Object.fromEntries(canonicalNames.map((n) => [n, `${datatypes.id}#/$defs/${n}`]))));
  files.set(`${R4_MODULE_DIR}/datatypes.twin.cjs`, twinCode(defs(STRICT_BASE + datatypes.rel)));
  for (const entry of compiled) {
    if (entry === datatypes) continue;
    const type = r4Type(entry);
    files.set(`${R4_MODULE_DIR}/${type}.cjs`, canonicalCode({ validate: entry.id }));
    if (hot.has(type)) files.set(`${R4_MODULE_DIR}/${type}.twin.cjs`, twinCode({ validate: STRICT_BASE + entry.rel }));
  }
  return files;
}

/**
 * The overlays of the profile kinds, one module: `exports.overlays[kind id]`.
 * @param {Entry[]} entries
 * @param {{ id: string, entry: Entry }[]} kinds the profile kinds
 */
function emitOverlays(entries, kinds) {
  if (kinds.length === 0) return 'exports.overlays = {};';
  const ajv = createAjv({ moduleDir: 'fhir' });
  for (const entry of entries.filter(isProfile)) ajv.addSchema(withoutAnnotations(overlayOf(entry, entries).schema));
  const names = Object.fromEntries(kinds.map((kind, i) => [`o${i}`, OVERLAY_BASE + kind.entry.rel]));
  const table = kinds.map((kind, i) => `  ${JSON.stringify(kind.id)}: overlay.o${i},`);
  return spreadConstants(
    localNames(
      `const overlay = (function (exports) {\n${canonicalStandalone(ajv, names)}\nreturn exports;\n})({});\nexports.overlays = {\n${table.join('\n')}\n};`,
    ),
  );
}

/**
 * A field map node as JSON on one line, or, longer than LONG_LINE (a resource's members), its
 * members' maps broken between members every hundred characters or so: whitespace between JSON
 * tokens, which JSON.parse skips.
 * @param {import('./shape.mjs').ShapeNode} node
 */
function nodeJson(node) {
  const line = JSON.stringify(node);
  if (line.length <= LONG_LINE) return line;
  const members = Object.entries(node).map(([key, value]) => {
    if (!value || typeof value !== 'object') return `${JSON.stringify(key)}:${JSON.stringify(value)}`;
    let text = '{';
    let piece = 0;
    for (const [i, [name, target]] of Object.entries(value).entries()) {
      const member = `${i === 0 ? '' : ','}${JSON.stringify(name)}:${JSON.stringify(target)}`;
      if (piece + member.length > 100) {
        text += '\n';
        piece = 0;
      }
      text += member;
      piece += member.length;
    }
    return `${JSON.stringify(key)}:${text}}`;
  });
  const json = `{${members.join(',\n')}}`;
  if (JSON.stringify(JSON.parse(json)) !== line || json.split('\n').some((l) => l.length > LONG_LINE))
    throw new Error('emit-fhir: a field map node broken over lines reads as another');
  return json;
}

/**
 * The field maps of every resource type in one table (the data types' nodes are shared).
 * @param {Entry[]} entries
 */
function emitShapes(entries) {
  const r4 = entries.filter((e) => isR4(e) && e.rel !== DATATYPES_REL);
  /** Which schema file each object belongs to, so that its relative $refs resolve. */
  const owner = new WeakMap();
  const mark = (/** @type {unknown} */ node, /** @type {string} */ id) => {
    if (!node || typeof node !== 'object' || owner.has(node)) return;
    owner.set(node, id);
    for (const value of Object.values(node)) mark(value, id);
  };
  for (const entry of entries.filter(isR4)) mark(entry.schema, entry.id);
  /** @param {any} schema @returns {any} */
  const resolve = (schema) => {
    let current = schema;
    while (current && typeof current.$ref === 'string') current = resolveRef(current.$ref, owner.get(current), entries).target;
    return current;
  };
  const { nodes, indexes } = buildShapes(
    r4.map((e) => e.schema),
    { resolve },
  );
  const types = Object.fromEntries(r4.map((e, i) => [r4Type(e), indexes[i]]));
  // One node a line, read by JSON.parse: V8 reads JSON five times faster than the same object
  // literal in code (10 ms against 53 for these 14,000 nodes). JSON holds no backtick or `${`.
  const json = `[\n${nodes.map(nodeJson).join(',\n')}\n]`;
  if (/`|\$\{/.test(json)) throw new Error('emit-fhir: the field maps hold a character a template literal would change');
  return `exports.types = ${JSON.stringify(types, null, 1)};\nexports.nodes = JSON.parse(String.raw\`${json}\`);`;
}

/**
 * @param {Entry[]} entries every schema
 * @param {{ id: string, entry: Entry }[]} kinds every FHIR kind
 * @returns {Map<string, string>} path relative to generated/validators/ → code (without banner)
 */
export function emitFhir(entries, kinds) {
  const files = emitBase(entries);
  files.set(
    'fhir/profiles.cjs',
    emitOverlays(
      entries,
      kinds.filter((k) => isProfile(k.entry)),
    ),
  );
  files.set('fhir/shapes.cjs', emitShapes(entries));
  const types = entries.filter((e) => isR4(e) && e.rel !== DATATYPES_REL).map(r4Type);
  const twins = types.filter((type) => compiledTwinTypes(entries).has(type));
  files.set('fhir/types.cjs', `exports.types = ${JSON.stringify(types, null, 1)};\nexports.twins = ${JSON.stringify(twins, null, 1)};`);
  return files;
}

const serviceTypesOf = new WeakMap();

/**
 * The R4 types whose strict twin is also compiled: those the service carries (its profiles' bases and
 * the types their bundle entries dispatch to), validated in every message; the dispatcher
 * (packages/validate/src/fhir/resources.cjs) prefers the compiled twin where there is one.
 * @param {Entry[]} entries
 * @returns {Set<string>}
 */
export function compiledTwinTypes(entries) {
  if (!serviceTypesOf.has(entries)) serviceTypesOf.set(entries, serviceTypes(entries));
  return serviceTypesOf.get(entries);
}

/**
 * What the registry says of a FHIR kind: the R4 type it is validated as, whether a profile overlay
 * applies, and whether the service carries resources of its type at all.
 * @param {{ id: string, entry: Entry }} kind
 * @param {Entry[]} entries
 * @returns {{ module: string, twinModule: string, base: string, overlay?: true, service?: true }}
 */
export function fhirKindModules(kind, entries) {
  const base = isR4(kind.entry) ? r4Type(kind.entry) : overlayOf(kind.entry, entries).base;
  if (!base) throw new Error(`${kind.entry.rel}: a FHIR kind's profile extends an R4 resource (allOf: [{ $ref: "../r4/<Type>.schema.json" }])`);
  const service = compiledTwinTypes(entries).has(base);
  return {
    module: `${R4_MODULE_DIR}/${base}.cjs`,
    twinModule: `${R4_MODULE_DIR}/${base}.${service ? 'twin' : 'table'}.cjs`,
    base,
    ...(isProfile(kind.entry) ? { overlay: /** @type {const} */ (true) } : {}),
    ...(service ? { service: /** @type {const} */ (true) } : {}),
  };
}
