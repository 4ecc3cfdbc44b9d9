// The "strict twin" of every schema: the same constraints, plus no member the schema does not
// define (unevaluatedProperties: false), no known variant spelling and no value in a field that
// is not supported with data on demand. A payload that passes its strict twin has nothing for
// the schema, spelling-drift, unknown-field or data-on-demand rules to report, so validate()
// can skip the member walk: the common case (a valid payload) costs one precompiled validator.
// The twin is only a fast path: when it fails, the canonical validator and the walk decide.
//
// Twins are compiled by their own ajv instance, without `ownProperties`: ajv then reads members as
// `data.X !== undefined` instead of also calling hasOwnProperty on each, and walks members with
// for…in instead of allocating Object.keys(data) per object. That made the PatientMerge twin 1.4×
// the speed of its canonical validator instead of 0.78×. It is exact only for objects whose
// prototype is Object.prototype (or null) and for member names Object.prototype lacks, so every
// object a twin reads members of is guarded by `cdxPlainObject` (a hand-built object with another
// prototype fails the twin and takes the exact path), and member names are checked here.
import ajv2020 from 'ajv/dist/2020.js';
import { createAjv } from './ajv.mjs';
import { resolveRef } from './resolve.mjs';
import { ID_BASE } from './schemas.mjs';

export const STRICT_BASE = `${ID_BASE}.strict/`;

const { _ } = ajv2020;

/** Fails an object whose prototype is neither Object.prototype nor null; code, so standalone inlines it. */
const PLAIN_OBJECT = {
  keyword: 'cdxPlainObject',
  type: 'object',
  schemaType: 'boolean',
  code(cxt) {
    const proto = cxt.gen.const('proto', _`Object.getPrototypeOf(${cxt.data})`);
    cxt.fail(_`${proto} !== Object.prototype && ${proto} !== null`);
  },
};

/** The ajv instance that compiles strict twins. */
export function createTwinAjv() {
  return createAjv({ ownProperties: false }).addKeyword(PLAIN_OBJECT);
}

/** Keywords that make ajv read members of the instance by name. */
const READS_MEMBERS = ['properties', 'required', 'dependentRequired', 'dependentSchemas'];
/** Names a plain object inherits: `data.toString !== undefined` holds for every object. */
const INHERITED = new Set(Object.getOwnPropertyNames(Object.prototype));

function memberNames(node) {
  return [...Object.keys(node.properties ?? {}), ...(node.required ?? []), ...Object.keys(node.dependentRequired ?? {}), ...Object.keys(node.dependentSchemas ?? {})];
}

/** Keywords whose values are data, not subschemas. */
const DATA_KEYWORDS = new Set(['const', 'enum', 'default', 'examples', 'required', 'cdxDetect']);
const OPEN_KEYWORDS = ['additionalProperties', 'patternProperties', 'unevaluatedProperties'];
/** Subschemas under these keywords describe the same instance as their parent, which closes it. */
const IN_PLACE = new Set(['allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else', 'dependentSchemas']);

function variantNames(schema) {
  const names = new Set();
  const visit = (node) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(visit);
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
 */
function extendedDefinitions(entries) {
  const extended = new Set();
  const visit = (node, entry) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((n) => visit(n, entry));
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

const extendedCache = new WeakMap();

export function strictTwin(entry, entries) {
  if (!extendedCache.has(entries)) extendedCache.set(entries, extendedDefinitions(entries));
  const extended = extendedCache.get(entries);
  const isExtended = (id) => extended.has(id);
  const variants = variantNames(entry.schema);
  const visit = (node, position = 'use', where = entry.id) => {
    if (Array.isArray(node)) return node.map((n) => visit(n, position, where));
    if (!node || typeof node !== 'object') return node;
    const out = {};
    // Present and non-null is what the data-on-demand rule reports; null must still satisfy the field.
    if (node.cdxNoDataOnDemand) out.const = null;
    if (READS_MEMBERS.some((k) => k in node)) {
      const inherited = memberNames(node).find((name) => INHERITED.has(name));
      if (inherited) throw new Error(`${where}: member ${inherited} is also a member of every object; the strict twin cannot be compiled without ownProperties`);
      out.cdxPlainObject = true;
    }
    for (const [key, value] of Object.entries(node)) {
      if (DATA_KEYWORDS.has(key)) out[key] = value;
      else if (key === 'properties') {
        out.properties = {};
        for (const [name, sub] of Object.entries(value)) out.properties[name] = variants.has(name) ? false : visit(sub);
      } else if (key === '$defs') {
        out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, visit(sub, 'definition', `${entry.id}#/$defs/${name}`)]));
      } else if (key === 'dependentSchemas') {
        out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, visit(sub, 'in-place')]));
      } else out[key] = visit(value, IN_PLACE.has(key) ? 'in-place' : 'use');
    }
    if (OPEN_KEYWORDS.some((k) => k in node) || position === 'in-place') return out;
    const describesMembers = node.properties || node.allOf;
    if (position === 'definition') {
      if (describesMembers && !isExtended(where)) out.unevaluatedProperties = false;
    } else if (describesMembers) out.unevaluatedProperties = false;
    else if (node.$ref && !node.type) {
      // A use of an extended definition closes it here; ajv's strictTypes wants the holder typed,
      // and the target's own type says the same thing.
      const { target } = resolveRef(node.$ref, entry.id, entries);
      const id = new URL(node.$ref, entry.id).href.replace(/#$/, '');
      if (isExtended(id) && [target.type].flat().includes('object')) Object.assign(out, { type: target.type, unevaluatedProperties: false });
    }
    return out;
  };
  const schema = visit(entry.schema, entry.schema.cdxKind ? 'use' : 'definition');
  schema.$id = STRICT_BASE + entry.rel;
  return schema;
}
