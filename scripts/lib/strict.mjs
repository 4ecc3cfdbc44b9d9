// @ts-check
// The "strict twin" of every schema: the same constraints, plus no member the schema does not
// define (unevaluatedProperties: false), no known variant spelling and no value in a field that
// is not supported with data on demand. A payload that passes its strict twin has nothing for
// the schema, spelling-drift, unknown-field or data-on-demand rules to report, so validate()
// can skip the member walk: the common case (a valid payload) costs one precompiled validator.
// The twin is only a fast path: when it fails, the canonical validator and the walk decide.
//
// Twins are compiled by their own ajv instance (scripts/lib/twin-ajv.mjs), which reads members
// without hasOwnProperty; every object a twin reads members of is guarded for that.
import { R4_DIR } from './fhir-schemas.mjs';
import { markReferenceSites } from './fhir-sites.mjs';
import { plainObjectGuard } from './twin-ajv.mjs';
import { resolveRef } from './resolve.mjs';
import { ID_BASE } from './schemas.mjs';

export const STRICT_BASE = `${ID_BASE}.strict/`;

/** What the twin needs of a schema entry (tests build their own). @typedef {Pick<import('./schemas.mjs').Entry, 'id' | 'rel' | 'schema'> & { family?: string }} Entry */
/** A schema node as the twin is built from it and into it. @typedef {Record<string, any>} Node */
/** Where a node is: a use of its value, a definition (closed where defined), or in place of its parent. @typedef {'use' | 'definition' | 'in-place'} Position */

/** Keywords that describe a schema without constraining anything. */
const ANNOTATIONS = new Set(['title', 'description', '$comment', 'examples', 'default']);

/** Keywords whose values are data, not subschemas. */
const DATA_KEYWORDS = new Set(['const', 'enum', 'default', 'examples', 'required', 'cdxDetect', 'cdxHook', 'cdxTargets', 'cdxChoice']);
const OPEN_KEYWORDS = ['additionalProperties', 'patternProperties', 'unevaluatedProperties'];
/** Subschemas under these keywords describe the same instance as their parent, which closes it. */
const IN_PLACE = new Set(['allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else', 'dependentSchemas']);

/**
 * Keywords whose subschemas count against the instance when they pass: a twin that rejects more
 * there would accept more than the canonical schema. A twin is exact only where rejecting more
 * can only make it reject: see `exactCopy`.
 */
const NEGATIVE = new Set(['not', 'if', 'oneOf']);

/** Keywords that hand an instance's parts (members, items, names) to subschemas. */
const PARTS = new Set([
  'properties',
  'patternProperties',
  'additionalProperties',
  'unevaluatedProperties',
  'propertyNames',
  'items',
  'prefixItems',
  'contains',
  'unevaluatedItems',
  'dependentSchemas',
]);

/** Keywords that validate with another validator (its twin is stricter than it). */
const CALLS = ['$ref', '$dynamicRef', 'cdxDatatype', 'cdxResource'];

/**
 * A subschema under `not`, `if` or `oneOf` (or `contains` with `maxContains`), copied unchanged
 * into the twin. Whatever a twin adds (plain-object guards, closing, code-unit minLength,
 * variant and data-on-demand rejections) rejects more, and rejecting more there would make the
 * twin accept what the canonical schema rejects. Unchanged, the copy is exact only for members
 * read of an object a guard of its own in-place ancestors already proves plain (`covered`), and
 * without calls to other validators (their twins are stricter): the generator refuses anything else.
 * @param {any} node
 * @param {boolean} covered the instance is the guarded in-place one
 * @param {string} where for the error
 * @param {string} keyword the keyword that made the context negative, for the error
 * @returns {any}
 */
function exactCopy(node, covered, where, keyword) {
  if (Array.isArray(node)) return node.map((n) => exactCopy(n, covered, where, keyword));
  if (!node || typeof node !== 'object') return node;
  const refuse = (/** @type {string} */ why) => {
    throw new Error(
      `${where}: the strict twin cannot be proved exact: ${why} under \`${keyword}\`. Declare the members on the enclosing object (its properties guard it), or take the subschema out of \`${keyword}\`.`,
    );
  };
  const call = CALLS.find((k) => k in node);
  if (call) refuse(`${call} ${JSON.stringify(node[call])} calls a validator whose twin rejects more`);
  if ('cdxPlainObject' in plainObjectGuard(node, where) && !covered) refuse('members of an object no guard proves plain are read');
  /** @type {Node} */
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    if (DATA_KEYWORDS.has(key) || ANNOTATIONS.has(key) || typeof value !== 'object' || value === null) out[key] = value;
    else if (key === 'properties' || key === 'patternProperties' || key === 'dependentSchemas') {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, exactCopy(sub, key === 'dependentSchemas' && covered, where, keyword)]));
    } else out[key] = exactCopy(value, !PARTS.has(key) && covered, where, keyword);
  }
  return out;
}

/**
 * The member names declared as a known variant spelling anywhere in a schema.
 * @param {unknown} schema
 * @returns {Set<string>}
 */
function variantNames(schema) {
  /** @type {Set<string>} */
  const names = new Set();
  /** @param {any} node @returns {void} */
  const visit = (node) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    for (const [name, sub] of Object.entries(node.properties ?? {})) if (sub?.cdxVariantOf) names.add(name);
    for (const [key, value] of Object.entries(node)) if (!DATA_KEYWORDS.has(key)) visit(value);
  };
  visit(schema);
  return names;
}

/**
 * Definitions some schema extends (`allOf: [{ $ref }]` beside more members): closing them where
 * they are defined would reject the extension's members, so they are closed where they are used.
 * Every other definition is closed where it is defined, which ajv checks statically (fast).
 * @param {Entry[]} entries
 * @returns {Set<string>}
 */
function extendedDefinitions(entries) {
  /** @type {Set<string>} */
  const extended = new Set();
  /** @param {any} node @param {Entry} entry @returns {void} */
  const visit = (node, entry) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      node.forEach((n) => {
        visit(n, entry);
      });
      return;
    }
    for (const part of node.allOf ?? []) {
      if (typeof part?.$ref !== 'string') continue;
      const url = new URL(part.$ref, entry.id);
      extended.add(url.href.replace(/#$/, ''));
    }
    for (const [key, value] of Object.entries(node)) if (!DATA_KEYWORDS.has(key)) visit(value, entry);
  };
  for (const entry of entries) visit(entry.schema, entry);
  return extended;
}

/** @type {WeakMap<Entry[], Set<string>>} */
const extendedCache = new WeakMap();

/**
 * Whether members no schema names may sit at this node, so that a twin cannot have seen every
 * `reference` inside: a node open by design (`additionalProperties` or `patternProperties`: a
 * contained resource is `additionalProperties: {}`), or one that accepts anything (`{}`, `true`).
 * A node that only constrains a value (`{ type: object }`, `unevaluatedProperties: true`) is an
 * overlay on the definition that describes the same place in full (R4's, under a profile); that
 * one is closed, and answers for what is there.
 * @param {Node} node
 */
function isOpaque(node) {
  if (['additionalProperties', 'patternProperties'].some((k) => k in node && node[k] !== false)) return true;
  return Object.keys(node).every((k) => ANNOTATIONS.has(k));
}

/**
 * The type of what a $ref names, when it takes objects: its own `type` (`object`, or `[object, null]`),
 * or, for a definition that extends another (StandardCdsCoding is `allOf: [{ $ref: Coding }, { type:
 * object, … }]`), `object` when a part of its allOf says so. A use of it is typed so and closed; that
 * rejects nothing the schema accepts.
 * @param {string} ref
 * @param {string} baseId
 * @param {Entry[]} entries
 * @param {number} [depth]
 * @returns {unknown}
 */
function objectTypeOf(ref, baseId, entries, depth = 0) {
  const { entry, target } = resolveRef(ref, baseId, entries);
  if (target.type !== undefined) return [target.type].flat().includes('object') ? target.type : undefined;
  if (depth > 8) return undefined;
  const typed = (/** @type {any} */ part) =>
    (part.type !== undefined && [part.type].flat().length === 1 && [part.type].flat()[0] === 'object') ||
    (typeof part.$ref === 'string' && objectTypeOf(part.$ref, entry.id, entries, depth + 1) === 'object');
  return (target.allOf ?? []).some(typed) ? 'object' : undefined;
}

/**
 * Closes an object node; a node without a type gets `object` (strictTypes), which only a twin can afford: rejecting more is safe.
 * @param {Node} out
 */
function close(out) {
  out.unevaluatedProperties = false;
  out.type ??= 'object';
}

/**
 * The strict twin of one schema, with its own $id under STRICT_BASE.
 * @param {Entry} entry
 * @param {Entry[]} entries every schema it may refer to
 * @returns {Node}
 */
export function strictTwin(entry, entries) {
  let extended = extendedCache.get(entries);
  if (!extended) extendedCache.set(entries, (extended = extendedDefinitions(entries)));
  const known = extended;
  const isExtended = (/** @type {string} */ id) => known.has(id);
  const variants = variantNames(entry.schema);
  // FHIR twins hand bundle-reference the references they meet (scripts/lib/twin-ajv.mjs).
  const gathers = entry.family === 'fhir';
  /** A member or item schema `true`: anything may be there (references too), so it is opaque. */
  const anything = gathers ? {} : true;
  // `ownNames`: for a subschema in place (allOf, then…), the members its enclosing object declares;
  // `guarded`: whether an enclosing node in place already guards that object (twin-ajv.mjs).
  /**
   * @param {any} node
   * @param {Position} [position]
   * @param {string} [where]
   * @param {Set<string>} [ownNames]
   * @param {boolean} [guarded]
   * @returns {any}
   */
  const visit = (node, position = 'use', where = entry.id, ownNames = new Set(), guarded = false) => {
    if (Array.isArray(node)) return node.map((n) => visit(n, position, where, ownNames, guarded));
    if (!node || typeof node !== 'object') return node;
    const guard = plainObjectGuard(node, where);
    // A subschema in place reads the same object as its guarded parent, whose guard already fails
    // the parent for a non-plain object, whatever the subschema says: once is enough.
    const out = position === 'in-place' && guarded ? {} : guard;
    const guardsHere = guarded || 'cdxPlainObject' in guard;
    // Present and non-null is what the data-on-demand rule reports; null must still satisfy the field.
    if (node.cdxNoDataOnDemand) out.const = null;
    const names = new Set([...(position === 'in-place' ? ownNames : []), ...Object.keys(node.properties ?? {})]);
    for (const [key, value] of Object.entries(node)) {
      if (DATA_KEYWORDS.has(key)) out[key] = value;
      else if (key === 'minLength' && typeof value === 'number')
        out.cdxMinUnits = Math.max(0, 2 * value - 1); // twin-ajv.mjs
      else if (key === 'properties') out.properties = twinProperties(value, position === 'in-place' ? ownNames : new Set());
      else if (key === '$defs') {
        out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, visit(sub, 'definition', `${entry.id}#/$defs/${name}`)]));
      } else if (key === 'dependentSchemas') {
        out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, visit(sub, 'in-place', where, names, guardsHere)]));
      } else if (key === 'items' && value === true) out.items = visit(anything);
      else if (NEGATIVE.has(key) || (key === 'contains' && 'maxContains' in node)) out[key] = exactCopy(value, key !== 'contains' && guardsHere, where, key);
      else out[key] = IN_PLACE.has(key) ? visit(value, 'in-place', where, names, guardsHere) : visit(value, 'use', where);
    }
    if (position === 'in-place') return out;
    if (gathers && isOpaque(node)) out.cdxOpaque = true;
    if (OPEN_KEYWORDS.some((k) => k in node)) return out;
    const describesMembers = node.properties ?? node.allOf;
    if (position === 'definition') {
      if (describesMembers && !isExtended(where)) close(out);
    } else if (describesMembers) close(out);
    else if (node.$ref && !node.type) {
      // A use of an extended definition closes it here; ajv's strictTypes wants the holder typed,
      // and the target's own type says the same thing.
      const id = new URL(node.$ref, entry.id).href.replace(/#$/, '');
      const type = isExtended(id) ? objectTypeOf(node.$ref, entry.id, entries) : undefined;
      if (type !== undefined) Object.assign(out, { type, unevaluatedProperties: false });
    }
    return out;
  };
  /**
   * A member schema `true` in place (R4's `then: { properties: { status: true }, required: [status] }`)
   * only marks a member its object declares anyway as evaluated; kept, it made ajv track evaluated
   * members per object at run time instead of knowing them when compiling.
   */
  /**
   * @param {Record<string, any>} properties
   * @param {Set<string>} declared
   * @returns {Node}
   */
  const twinProperties = (properties, declared) => {
    /** @type {Node} */
    const out = {};
    for (const [name, sub] of Object.entries(properties)) {
      if (sub === true && declared.has(name)) continue;
      out[name] = variants.has(name) ? false : visit(sub === true ? anything : sub);
      // A variant spelling stays `false`: a member the twin rejects hands nothing over. Only a string
      // is a reference (CarePlan.activity.reference is a Reference element, whose own member is).
      const twin = out[name];
      if (gathers && name === 'reference' && typeof twin === 'object' && [twin.type].flat().includes('string')) twin.cdxCollect = true;
    }
    return out;
  };
  const schema = visit(entry.schema, entry.schema.cdxKind ? 'use' : 'definition');
  // Each Reference handed over with its element, for fhir-reference (scripts/lib/fhir-sites.mjs).
  if (gathers && entry.rel.startsWith(R4_DIR)) markReferenceSites(schema, entry);
  schema.$id = STRICT_BASE + entry.rel;
  return schema;
}
