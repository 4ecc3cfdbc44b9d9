// @ts-check
// The FHIR fast path as data: each R4 type's strict twin (scripts/lib/strict.mjs) written as a
// compact table of nodes that one interpreter walks (packages/validate/src/fhir/table/), instead of
// a compiled function per element. V8 compiles a module's code the first time a type is met, and a
// run over many types is mostly that; a table is parsed as JSON, and the interpreter stays hot.
//
// A node is an object with short keys, read once into a uniform node at load
// (packages/validate/src/fhir/table/link.cjs); nodes point at each other by index in their table:
//
//   t  type bitmask (TYPE below)          o   1: the object's prototype must be Object.prototype or null
//   p  [[member, node], …] (node -1: the member must be absent)
//   q  required members                   c   1: closed (no member the node's `p` lacks)
//   a  additionalProperties node          e   enum (primitives)     k  [const] (a primitive)
//   g  pattern source (flag u)           f   format name           u  minimum length in UTF-16 units
//   n  minimum                            x   maximum               i  items node
//   l  allOf nodes                        if, th   if / then nodes
//   d  a data type's name (datatypes table)                         r  1: any R4 resource (by resourceType)
//   h  choice groups (forms)              cl  1: hand the string over as a reference
//   s  a Reference's element (`Observation.subject`): hand the object over with it, after its members
//   op 1: members no schema names may be here (the gathering is incomplete)
//   z  1: the node accepts nothing (a `false` schema, or a keyword the interpreter does not model)
//
// The twin's keywords are exact here or the node is `z`, which only sends a payload to the exact
// path: the interpreter never accepts what the twin rejects (packages/validate/test/fhir/table.test.ts).
import { r4Type } from './fhir-schemas.mjs';

/** @typedef {Record<string, any>} Json */

/** Type bits; packages/validate/src/fhir/table/node.cjs reads the same. */
export const TYPE = { null: 1, boolean: 2, object: 4, array: 8, number: 16, integer: 32, string: 64 };
/** Keywords that only identify or describe a schema. */
const IGNORED = new Set(['$schema', '$id', 'cdxKind', 'cdxDetect', '$defs']);

/** The type name and $defs name a ref names: `Type.schema.json#/$defs/X`, `#/$defs/X`. */
function refTarget(/** @type {string} */ ref, /** @type {string} */ owner) {
  const hash = ref.indexOf('#/$defs/');
  if (hash < 0 || ref.slice(hash + 8).includes('/')) return undefined;
  const file = ref.slice(0, hash);
  const type = file === '' ? owner : file.endsWith('.schema.json') ? file.slice(0, -12) : undefined;
  return type && { type, name: ref.slice(hash + 8) };
}

/**
 * One table: the nodes reachable from `roots` (each a [owner type, schema]), refs into other types'
 * $defs followed into this table, data types and resources left as names.
 * @param {Map<string, Json>} schemas twin schema by type ('datatypes' included)
 * @param {[string, Json][]} roots
 */
function table(schemas, roots) {
  /** @type {Json[]} */
  const nodes = [];
  /** @type {Map<string, number>} definition (`Type#Name`) → node */
  const defined = new Map();
  const push = (/** @type {Json} */ node) => nodes.push(node) - 1;
  /** @param {unknown} schema @param {string} owner @returns {number} */
  const visit = (schema, owner) => {
    if (schema === true) return push({});
    if (schema === false || !schema || typeof schema !== 'object' || Array.isArray(schema)) return push({ z: 1 });
    const node = /** @type {Json} */ (schema);
    // A Reference handed over with its element: the definition as a part, the site on a node of its own.
    if (typeof node.$ref === 'string' && typeof node.cdxSite === 'string' && Object.keys(node).length === 2) {
      const index = push({});
      nodes[index] = { l: [visit({ $ref: node.$ref }, owner)], s: node.cdxSite };
      return index;
    }
    if (typeof node.$ref === 'string' && Object.keys(node).length === 1) {
      const target = refTarget(node.$ref, owner);
      const def = target && schemas.get(target.type)?.$defs?.[target.name];
      if (!target || def === undefined) return push({ z: 1 });
      const key = `${target.type}#${target.name}`;
      const known = defined.get(key);
      if (known !== undefined) return known;
      // Reserved before the visit, so that a recursive definition points at itself.
      const index = push({});
      defined.set(key, index);
      nodes[index] = def === true ? {} : def && typeof def === 'object' && !('$ref' in def) ? compile(def, target.type, visit) : { z: 1 };
      return index;
    }
    const index = push({});
    nodes[index] = compile(node, owner, visit);
    return index;
  };
  const indexes = roots.map(([owner, schema]) => visit(schema, owner));
  return { nodes, indexes };
}

/**
 * @param {Json} node
 * @param {string} owner
 * @param {(schema: unknown, owner: string) => number} visit
 * @returns {Json}
 */
function compile(node, owner, visit) {
  /** @type {Json} */
  const out = {};
  const unsupported = () => ({ z: 1 });
  for (const [key, value] of Object.entries(node)) {
    if (IGNORED.has(key)) continue;
    switch (key) {
      case 'type': {
        const names = [value].flat();
        if (!names.every((n) => n in TYPE)) return unsupported();
        out.t = names.reduce((bits, n) => bits | TYPE[/** @type {keyof typeof TYPE} */ (n)], 0);
        break;
      }
      case 'cdxPlainObject':
        if (value === true) out.o = 1;
        break;
      case 'properties':
        out.p = Object.entries(value).map(([name, sub]) => [name, sub === false ? -1 : visit(sub, owner)]);
        break;
      case 'required':
        out.q = value;
        break;
      case 'unevaluatedProperties':
        if (value !== false) return unsupported();
        out.c = 1;
        break;
      case 'additionalProperties':
        out.a = visit(value, owner);
        break;
      case 'enum':
      case 'const': {
        const values = key === 'enum' ? value : [value];
        if (!values.every((/** @type {unknown} */ v) => v === null || typeof v !== 'object')) return unsupported();
        if (key === 'enum') out.e = values;
        else out.k = values;
        break;
      }
      case 'pattern':
        out.g = value;
        break;
      case 'format':
        out.f = value;
        break;
      case 'cdxMinUnits':
        out.u = value;
        break;
      case 'minimum':
        out.n = value;
        break;
      case 'maximum':
        out.x = value;
        break;
      case 'items':
        out.i = visit(value, owner);
        break;
      case 'allOf':
        out.l = value.map((/** @type {unknown} */ s) => visit(s, owner));
        break;
      case 'if':
        out.if = visit(value, owner);
        break;
      case 'then':
        out.th = visit(value, owner);
        break;
      case 'cdxDatatype':
        out.d = value;
        break;
      case 'cdxResource':
        if (value === true) out.r = 1;
        break;
      case 'cdxChoice':
        out.h = Object.values(value);
        break;
      case 'cdxCollect':
        if (value === true) out.cl = 1;
        break;
      case 'cdxOpaque':
        if (value === true) out.op = 1;
        break;
      case 'cdxSite':
        out.s = value;
        break;
      default:
        return unsupported();
    }
  }
  if ('th' in out && !('if' in out)) return unsupported();
  // unevaluatedProperties: false is decided by the node's own members. A subschema in place that
  // names a member the node lacks would make it depend on which subschemas passed: not modelled.
  if (out.c && !inPlaceNamesDeclared(node)) return unsupported();
  if (out.c && out.a !== undefined) return unsupported();
  return out;
}

/** Whether every member an in-place subschema (allOf, if, then) names is one of the node's own. */
function inPlaceNamesDeclared(/** @type {Json} */ node) {
  const own = new Set(Object.keys(node.properties ?? {}));
  /** @param {unknown} sub @returns {boolean} */
  const declared = (sub) => {
    if (!sub || typeof sub !== 'object') return true;
    const s = /** @type {Json} */ (sub);
    const keys = Object.keys(s);
    if (keys.some((k) => !['properties', 'required', 'allOf', 'if', 'then'].includes(k))) return false;
    if (!Object.keys(s.properties ?? {}).every((n) => own.has(n))) return false;
    return [...(s.allOf ?? []), s.if, s.then].every(declared);
  };
  return [...(node.allOf ?? []), node.if, node.then].every(declared);
}

/**
 * JSON of a value, broken into lines where it is long (members one a line, enum values, choice
 * forms), so that no generated line grows with a type's size.
 * @param {unknown} value
 * @returns {string}
 */
function jsonLines(value) {
  const compact = JSON.stringify(value);
  if (compact.length <= 200 || !value || typeof value !== 'object') return compact;
  if (Array.isArray(value)) return `[\n${value.map(jsonLines).join(',\n')}]`;
  return `{${Object.entries(value)
    .map(([k, v]) => `${JSON.stringify(k)}:${jsonLines(v)}`)
    .join(',\n')}}`;
}

/**
 * A table module: JSON.parse of one node a line (V8 reads JSON faster than an object literal), and
 * the format checks its nodes name, required as the compiled validators require them, so that a
 * bundler puts them in the table's chunk (packages/validate/src/formats.cjs, from fhir/r4/).
 * @param {Json} exports
 */
function moduleOf(exports) {
  const { nodes, ...rest } = exports;
  const json = `{${jsonLines(rest).slice(1, -1)},"nodes":[\n${nodes.map(jsonLines).join(',\n')}\n]}`;
  if (/`|\$\{/.test(json)) throw new Error('fhir-tables: a table holds a character a template literal would change');
  const formats = [...new Set(nodes.filter((/** @type {Json} */ n) => n.f !== undefined).map((/** @type {Json} */ n) => n.f))].sort();
  const required = formats.length === 0 ? '{}' : `{ ${formats.map((f) => `${JSON.stringify(f)}: formats[${JSON.stringify(f)}]`).join(', ')} }`;
  return [
    ...(formats.length === 0 ? [] : ['const formats = require("../../../../formats.cjs");']),
    `module.exports = JSON.parse(String.raw\`${json}\`);`,
    `module.exports.formats = ${required};`,
  ].join('\n');
}

/**
 * The table modules: `fhir/r4/<Type>.table.cjs` for each resource type and `fhir/r4/datatypes.table.cjs`.
 * @param {{ entry: import('./schemas.mjs').Entry, twin: Json }[]} twins every R4 twin schema, data types included
 * @param {string} datatypesRel
 * @param {string} dir
 * @returns {Map<string, string>}
 */
export function emitFhirTables(twins, datatypesRel, dir) {
  /** @type {Map<string, Json>} */
  const schemas = new Map();
  for (const { entry, twin } of twins) schemas.set(entry.rel === datatypesRel ? 'datatypes' : r4Type(entry), twin);
  /** @type {Map<string, string>} */
  const files = new Map();
  const datatypes = schemas.get('datatypes');
  if (!datatypes) throw new Error('fhir-tables: no data types');
  const names = Object.keys(datatypes.$defs ?? {});
  const shared = table(
    schemas,
    names.map((n) => ['datatypes', { $ref: `#/$defs/${n}` }]),
  );
  files.set(`${dir}/datatypes.table.cjs`, moduleOf({ names: Object.fromEntries(names.map((n, i) => [n, shared.indexes[i]])), nodes: shared.nodes }));
  for (const [type, schema] of schemas) {
    if (type === 'datatypes') continue;
    const own = table(schemas, [[type, schema]]);
    files.set(`${dir}/${type}.table.cjs`, moduleOf({ root: own.indexes[0], nodes: own.nodes }));
  }
  return files;
}
