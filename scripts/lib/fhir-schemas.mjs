// @ts-check
// How the FHIR schemas are cut up for @cdx/validate's generated code (scripts/lib/emit-fhir.mjs):
//
// - base: every R4 definition (schemas/fhir/r4/, derived) compiles on its own. A reference to a data
//   type becomes a call into the shared data type module (`cdxDatatype`), and a place that holds any
//   resource (`cdxResource`: a contained resource, a bundle entry) a call into the run-time dispatcher,
//   which validates what is there as its own resourceType. So a payload loads the data types and the
//   types it carries, never all 146.
// - overlay: a service profile (schemas/fhir/profiles/) is its R4 base plus what the service adds.
//   The overlay is the profile without its base: validated beside the base, its findings are what
//   the service requires beyond R4 (rule service-profile), never a second report of an R4 problem.
import { createHash } from 'node:crypto';
import { ID_BASE } from './schemas.mjs';
import { resolveRef } from './resolve.mjs';

/** @typedef {import('./schemas.mjs').Entry} Entry */
/** @typedef {Record<string, any>} Json */

export const R4_DIR = 'fhir/r4/';
export const PROFILES_DIR = 'fhir/profiles/';
export const DATATYPES_REL = `${R4_DIR}datatypes.schema.json`;
/** Overlays are compiled under their own ids (relative refs between profiles resolve to overlays). */
export const OVERLAY_BASE = `${ID_BASE}.overlay/`;

/** Keywords that describe and never constrain: left out of compiled code (docs and types carry them). */
const ANNOTATIONS = new Set(['title', 'description', '$comment', 'examples', 'cdxLabel', 'cdxBeta', 'cdxHook', 'cdxPrefetchToken', 'cdxTargets']);
/** Keywords whose values are data, not subschemas. */
const DATA = new Set(['const', 'enum', 'default', 'examples', 'required', 'cdxDetect', 'cdxKind']);

/** @param {Entry} entry */
export const isR4 = (entry) => entry.rel.startsWith(R4_DIR);
/** @param {Entry} entry */
export const isProfile = (entry) => entry.rel.startsWith(PROFILES_DIR);
/** `fhir/r4/Patient.schema.json` → `Patient`. @param {Entry} entry */
export const r4Type = (entry) => entry.rel.slice(R4_DIR.length).replace(/\.schema\.json$/, '');

/**
 * A copy of a schema without annotations: what ajv compiles (it embeds each compiled schema in the
 * generated code, so descriptions would otherwise make up much of it).
 * @template T
 * @param {T} node
 * @returns {T}
 */
export function withoutAnnotations(node) {
  if (Array.isArray(node)) return /** @type {T} */ (node.map(withoutAnnotations));
  if (!node || typeof node !== 'object') return node;
  /** @type {Json} */
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    if (ANNOTATIONS.has(key)) continue;
    if (DATA.has(key)) out[key] = value;
    else if (key === 'properties' || key === '$defs' || key === 'patternProperties' || key === 'dependentSchemas') {
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutAnnotations(v)]));
    } else out[key] = withoutAnnotations(value);
  }
  return /** @type {T} */ (out);
}

/**
 * Rewrites every $ref of an R4 schema that leaves its file for the data types: a resource slot
 * (the target says `cdxResource`) becomes `{ cdxResource: true }`, any other data type
 * `{ cdxDatatype: <name> }`. Refs inside the file (backbone elements) stay.
 * @param {Entry} entry an R4 schema other than the data types
 * @param {Entry[]} entries
 * @returns {Json}
 */
export function externalizeDatatypes(entry, entries) {
  /** @param {unknown} node @returns {any} */
  const visit = (node) => {
    if (Array.isArray(node)) return node.map(visit);
    if (!node || typeof node !== 'object') return node;
    const object = /** @type {Json} */ (node);
    if (typeof object.$ref === 'string') {
      const { entry: target, target: sub, fragment } = resolveRef(object.$ref, entry.id, entries);
      if (target.rel === DATATYPES_REL) {
        const { $ref, ...siblings } = object;
        if (sub.cdxResource === true) return { ...siblings, cdxResource: true };
        const name = fragment.replace('/$defs/', '');
        if (!/^[A-Za-z]+$/.test(name)) throw new Error(`${entry.rel}: ${object.$ref} is not a data type definition`);
        return { ...siblings, cdxDatatype: name };
      }
      if (target !== entry) throw new Error(`${entry.rel}: ${object.$ref} leaves the file for another resource`);
    }
    /** @type {Json} */
    const out = {};
    for (const [key, value] of Object.entries(object)) out[key] = DATA.has(key) ? value : visit(value);
    return out;
  };
  return visit(entry.schema);
}

/**
 * The data type definitions modules export: every `$defs` member of the data types file but the
 * resource slot (which the dispatcher serves).
 * @param {Entry} datatypes
 * @returns {string[]}
 */
export function datatypeNames(datatypes) {
  return Object.entries(datatypes.schema.$defs ?? {})
    .filter(([, def]) => def.cdxResource !== true)
    .map(([name]) => name)
    .sort();
}

/** `if resourceType is T then { $ref }`: one branch of a bundle entry's resource dispatch. */
const dispatchBranch = (/** @type {Json} */ part) =>
  typeof part.if?.properties?.resourceType?.const === 'string' && typeof part.then?.$ref === 'string' && !part.else;

/**
 * The overlay of a profile: the profile with its R4 base taken out (`allOf: [{ $ref: ../r4/T }]` at
 * the root), branches of a resource dispatch that lead to plain R4 definitions dropped (the base
 * dispatch validates those), refs to other profiles pointing at their overlays. An overlay may not
 * refer to R4 anywhere else: it would report R4's findings a second time.
 * @param {Entry} entry a profile
 * @param {Entry[]} entries
 * @returns {{ schema: Json, base: string | undefined }} base: the R4 type it extends, if any
 */
export function overlayOf(entry, entries) {
  const leadsToR4 = (/** @type {string} */ ref) => resolveRef(ref, entry.id, entries).entry.rel.startsWith(R4_DIR);
  /** @type {string | undefined} */
  let base;
  /** @param {unknown} node @param {boolean} root @returns {any} */
  const visit = (node, root) => {
    if (Array.isArray(node)) return node.map((n) => visit(n, false));
    if (!node || typeof node !== 'object') return node;
    const object = /** @type {Json} */ (node);
    if (typeof object.$ref === 'string' && leadsToR4(object.$ref)) {
      throw new Error(`${entry.rel}: the overlay refers to R4 (${object.$ref}) outside its base and resource dispatch`);
    }
    /** @type {Json} */
    const out = {};
    for (const [key, value] of Object.entries(object)) {
      if (DATA.has(key)) out[key] = value;
      else if (key === 'allOf') {
        const kept = value.filter((/** @type {Json} */ part) => {
          if (root && typeof part.$ref === 'string' && Object.keys(part).length === 1 && leadsToR4(part.$ref)) {
            const { entry: target, fragment } = resolveRef(part.$ref, entry.id, entries);
            if (fragment) throw new Error(`${entry.rel}: a profile's base is a whole R4 resource, not ${part.$ref}`);
            base = target.rel.slice(R4_DIR.length).replace(/\.schema\.json$/, '');
            return false;
          }
          return !(dispatchBranch(part) && leadsToR4(part.then.$ref));
        });
        if (kept.length > 0) out.allOf = kept.map((/** @type {unknown} */ part) => visit(part, false));
      } else if (key === '$id') out.$id = OVERLAY_BASE + entry.rel;
      else if (key === 'properties' || key === '$defs' || key === 'patternProperties' || key === 'dependentSchemas') {
        out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, visit(v, false)]));
      } else out[key] = visit(value, false);
    }
    return out;
  };
  return { schema: visit(entry.schema, true), base };
}

/**
 * The resource types the service carries somewhere (spec: its operations, notifications and search
 * results): those its profiles extend or dispatch a bundle entry to. A standalone resource of any
 * other R4 type is valid FHIR the service has no use for (rule service-resource-type).
 * @param {Entry[]} entries
 * @returns {Set<string>}
 */
export function serviceTypes(entries) {
  const out = new Set();
  /** @param {unknown} node */
  const visit = (node) => {
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const object = /** @type {Json} */ (node);
    const type = object.if?.properties?.resourceType?.const;
    if (dispatchBranch(object) && typeof type === 'string') out.add(type);
    for (const [key, value] of Object.entries(object)) if (!DATA.has(key)) visit(value);
  };
  for (const entry of entries.filter(isProfile)) {
    visit(entry.schema);
    const base = overlayOf(entry, entries).base;
    if (base) out.add(base);
  }
  return out;
}

/**
 * The data types' schema with each `$ref` to one of its definitions written `{ cdxDatatype: <name> }`,
 * as externalizeDatatypes writes the resource types' (its refs are all to its own definitions).
 * @param {Json} datatypes
 * @returns {Json}
 */
function datatypeCalls(datatypes) {
  /** @param {unknown} node @returns {any} */
  const visit = (node) => {
    if (Array.isArray(node)) return node.map(visit);
    if (!node || typeof node !== 'object') return node;
    /** @type {Json} */
    const out = {};
    for (const [key, value] of Object.entries(node)) {
      if (key !== '$ref') out[key] = DATA.has(key) ? value : visit(value);
      else {
        const name = /^(?:datatypes\.schema\.json)?#\/\$defs\/([A-Za-z_]+)$/.exec(value)?.[1];
        if (!name) throw new Error(`fhir-schemas: the data types refer to ${value}, not to one of their definitions`);
        out.cdxDatatype = name;
      }
    }
    return out;
  };
  return visit(datatypes);
}

/** A shared member definition's name in the data types module: `member_` and its schema's hash. */
const sharedName = (/** @type {string} */ json) => `member_${createHash('sha256').update(json).digest('hex').slice(0, 10)}`;

/** A member subschema that is one call already (a data type, a resource slot, a backbone element). */
const isCall = (/** @type {Json} */ member) =>
  Object.keys(member).length === 1 && (typeof member.cdxDatatype === 'string' || member.cdxResource === true || typeof member.$ref === 'string');

/**
 * Whether a subschema holds a `$ref` anywhere (a backbone element of its own file, which stays there).
 * @param {unknown} node
 * @returns {boolean}
 */
function holdsRef(node) {
  if (!node || typeof node !== 'object') return false;
  if (typeof (/** @type {Json} */ (node).$ref) === 'string') return true;
  return Object.entries(node).some(([key, value]) => !DATA.has(key) && holdsRef(value));
}

/** The objects whose `properties` members are shared: a schema's root and its `$defs` (never a combinator's branch). */
const memberHolders = (/** @type {Json} */ schema) => [schema, ...Object.values(schema.$defs ?? {})].filter((s) => s && typeof s === 'object' && s.properties);

/**
 * What the canonical validators compile: each member subschema the R4 resource types repeat (a
 * `string` with `minLength: 1`, an array of Extension, a code's pattern, a status value set) is
 * defined once among the data types, as `member_<hash>`, and each member holding it becomes a call
 * of it (`{ cdxDatatype: "member_…" }`): 10,000 members were each compiled in place, every one with
 * its type check, pattern and errors. The same checks, the same errors at the same instance paths
 * (a member's errors carry the shared definition's schema path, as a data type's do); only members
 * of a type's root and its backbone elements are shared, never a combinator's branch, whose errors
 * are matched to it by schema path. The strict twins and the published schemas are not changed.
 * @param {Json[]} resources the resource types' schemas, data type refs externalized (externalizeDatatypes)
 * @param {Json} datatypes the data types' schema
 * @returns {{ resources: Json[], datatypes: Json }} the same schemas with shared members, and the data types with their definitions
 */
export function shareMembers(resources, datatypes) {
  // The data types' members as the resource types' are: a data type a `cdxDatatype` call.
  const ownDatatypes = datatypeCalls(datatypes);
  /** @type {Map<string, number>} */
  const counts = new Map();
  for (const schema of [...resources, ownDatatypes])
    for (const holder of memberHolders(schema))
      for (const member of Object.values(holder.properties)) {
        if (!member || typeof member !== 'object' || isCall(member) || holdsRef(member)) continue;
        const json = JSON.stringify(member);
        counts.set(json, (counts.get(json) ?? 0) + 1);
      }
  /** @type {Map<string, string>} member schema as JSON → shared definition name */
  const shared = new Map([...counts].filter(([, n]) => n > 1).map(([json]) => [json, sharedName(json)]));
  const names = new Set(shared.values());
  if (names.size !== shared.size || Object.keys(datatypes.$defs ?? {}).some((name) => names.has(name)))
    throw new Error('fhir-schemas: two shared member definitions, or one and a data type, have one name');
  /** @param {Json} schema @param {Json} [calls] the same with data types as calls, where they are `$ref`s @param {boolean} [inDatatypes] */
  const withShared = (schema, calls = schema, inDatatypes = false) => {
    const out = { ...schema };
    if (schema.properties)
      out.properties = Object.fromEntries(
        Object.entries(schema.properties).map(([key, member]) => {
          const call = calls.properties[key];
          const name = call && typeof call === 'object' ? shared.get(JSON.stringify(call)) : undefined;
          return [key, name === undefined ? member : inDatatypes ? { $ref: `#/$defs/${name}` } : { cdxDatatype: name }];
        }),
      );
    return out;
  };
  /** In the data types' own file a data type is a `$ref`, a call of the same module. */
  /** @param {unknown} node @returns {any} */
  const local = (node) => {
    if (Array.isArray(node)) return node.map(local);
    if (!node || typeof node !== 'object') return node;
    /** @type {Json} */
    const out = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === 'cdxDatatype') out.$ref = `#/$defs/${value}`;
      else out[key] = DATA.has(key) ? value : local(value);
    }
    return out;
  };
  return {
    resources: resources.map((schema) => {
      const out = withShared(schema);
      if (schema.$defs)
        out.$defs = Object.fromEntries(Object.entries(schema.$defs).map(([key, def]) => [key, def && typeof def === 'object' ? withShared(def) : def]));
      return out;
    }),
    datatypes: {
      ...datatypes,
      $defs: {
        ...Object.fromEntries(Object.entries(datatypes.$defs ?? {}).map(([key, def]) => [key, withShared(def, ownDatatypes.$defs[key], true)])),
        ...Object.fromEntries([...shared].map(([json, name]) => [name, local(JSON.parse(json))])),
      },
    },
  };
}
