// @ts-check
// Builds the compact field map ("shape") that @cdx/validate walks alongside a payload to find
// unknown members, spelling drift and data-on-demand fields without compiling a schema at run time.
//
// A shape is an array of nodes; nodes refer to each other by index, so recursive schemas (FHIR
// Extension) stay finite. Node: { p?: {name: index}, i?: index, v?: {variant: canonical},
// o?: 1 (open map: members not checked), a?: index (an open map's values, when they have structure:
// CDS Hooks prefetch results), nd?: 1 (not supported with data on demand), l?: label,
// r?: 1 (a FHIR resource: walked with the shape of its own resourceType), rt?: type (a slot of one
// resource type: walked with that type's shape) }.

/**
 * One node of a shape (packages/validate/src/shape.ts reads it).
 * @typedef {{ p?: Record<string, number>, i?: number, v?: Record<string, string>, o?: 1, a?: number, nd?: 1, l?: string, r?: 1, rt?: string }} ShapeNode
 */

const COMBINERS = ['allOf', 'anyOf', 'oneOf'];
const BRANCHES = ['then', 'else'];

/**
 * Collects every subschema that contributes members at this level (combinators, conditionals).
 * @param {any[]} schemas
 * @param {(schema: any) => any} resolve follows a $ref (identity for dereferenced schemas)
 * @returns {any[]}
 */
function flatten(schemas, resolve) {
  const out = [];
  const stack = [...schemas];
  const seen = new Set();
  while (stack.length > 0) {
    const schema = resolve(stack.pop());
    if (!schema || typeof schema !== 'object' || seen.has(schema)) continue;
    seen.add(schema);
    out.push(schema);
    for (const key of COMBINERS) if (Array.isArray(schema[key])) stack.push(...schema[key]);
    for (const key of BRANCHES) if (schema[key]) stack.push(schema[key]);
    if (schema.dependentSchemas) stack.push(...Object.values(schema.dependentSchemas));
  }
  return out;
}

/**
 * Whether the values a schema describes have anything to walk: members, items, a resource slot.
 * @param {object[]} schemas
 * @param {(schema: any) => any} resolve
 * @returns {boolean}
 */
function hasStructure(schemas, resolve) {
  return flatten(schemas, resolve).some(
    (part) =>
      part.cdxResource === true ||
      typeof part.cdxResourceOf === 'string' ||
      Object.keys(part.properties ?? {}).length > 0 ||
      (typeof part.items === 'object' && part.items !== null) ||
      (part.additionalProperties && typeof part.additionalProperties === 'object' && hasStructure([part.additionalProperties], resolve)),
  );
}

/**
 * One table of nodes for several roots, sharing the nodes of the definitions they share (the FHIR
 * data types under every resource type).
 * @param {any[]} roots
 * @param {{ resolve?: (schema: any) => any }} [options] resolve: follows `$ref`s when the schemas
 *   are not dereferenced; a node it resolves to the same object is built once
 * @returns {{ nodes: ShapeNode[], indexes: number[] }} indexes: each root's node
 */
export function buildShapes(roots, { resolve = (schema) => schema } = {}) {
  /** @type {ShapeNode[]} */
  const nodes = [];
  /** @type {Map<unknown, number>} */
  const memo = new Map();

  /**
   * @param {any[]} schemas
   * @returns {number}
   */
  function build(schemas) {
    const parts = flatten(schemas, resolve);
    const key = parts.length === 1 ? parts[0] : null;
    const known = key ? memo.get(key) : undefined;
    if (known !== undefined) return known;
    const index = nodes.length;
    /** @type {ShapeNode} */
    const node = {};
    nodes.push(node);
    if (key) memo.set(key, index);
    // Whatever is in a resource slot has its own shape, chosen by its resourceType (or the slot's type).
    const typed = parts.find((part) => typeof part.cdxResourceOf === 'string');
    if (typed || parts.some((part) => part.cdxResource === true)) {
      node.r = 1;
      if (typed) node.rt = typed.cdxResourceOf;
      return index;
    }

    /** @type {Map<string, any[]>} */
    const props = new Map();
    /** @type {any[]} */
    const items = [];
    const values = [];
    for (const part of parts) {
      for (const [name, sub] of Object.entries(part.properties ?? {})) {
        const list = props.get(name);
        if (list) list.push(sub);
        else props.set(name, [sub]);
      }
      if (part.items && typeof part.items === 'object') items.push(part.items);
      if ((part.additionalProperties && typeof part.additionalProperties === 'object') || part.patternProperties) {
        node.o = 1;
        if (part.additionalProperties && typeof part.additionalProperties === 'object') values.push(part.additionalProperties);
      }
      if (part.cdxNoDataOnDemand) node.nd = 1;
      if (part.cdxLabel) node.l = part.cdxLabel;
    }
    if (props.size > 0) {
      /** @type {Record<string, number>} */
      const members = (node.p = {});
      for (const name of [...props.keys()].sort()) {
        const subs = props.get(name) ?? [];
        members[name] = build(subs);
        const canonical = subs.map((s) => resolve(s)?.cdxVariantOf ?? s.cdxVariantOf).find(Boolean);
        if (canonical) (node.v ??= {})[name] = canonical;
      }
    }
    if (items.length > 0) node.i = build(items);
    if (values.length > 0 && hasStructure(values, resolve)) node.a = build(values);
    return index;
  }

  const indexes = roots.map((root) => build([root]));
  return { nodes, indexes };
}

/**
 * The shape of one dereferenced schema, root at index 0.
 * @param {any} rootSchema
 */
export function buildShape(rootSchema) {
  return buildShapes([rootSchema]).nodes;
}
