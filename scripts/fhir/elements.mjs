// @ts-check
// Step 2 of the R4 derivation: which upstream definitions are derived, and which 4.0.1 element each
// one describes, so that every definition can be checked member by member (corrections.mjs).
/** @typedef {import('./upstream.mjs').Upstream} Upstream */
/** @typedef {Record<string, any>} Json */
/** @typedef {{ sd: Json, path: string, children: Json[] }} ElementInfo */

/** FHIR primitive type codes: JSON strings, numbers or booleans, each with a `_` extensions twin. */
export const PRIMITIVE_CODES = new Set([
  'base64Binary',
  'boolean',
  'canonical',
  'code',
  'date',
  'dateTime',
  'decimal',
  'id',
  'instant',
  'integer',
  'markdown',
  'oid',
  'positiveInt',
  'string',
  'time',
  'unsignedInt',
  'uri',
  'url',
  'uuid',
  'xhtml',
]);
/** The type of element ids and extension urls: attributes in XML, so no `_` twin in JSON. */
export const SYSTEM_STRING = 'http://hl7.org/fhirpath/System.String';

/** @param {string} s */
export const capitalize = (s) => s.charAt(0).toUpperCase() + s.slice(1);
/** Upstream names primitives in lower case (`string`, `dateTime`), everything else in Pascal case. */
export const isPrimitiveName = (/** @type {string} */ name) => /^[a-z]/.test(name);
/** `Bundle_Entry` → `Bundle`: the resource or data type a (backbone) definition belongs to. */
export const ownerOf = (/** @type {string} */ name) => name.split('_')[0] ?? name;

/**
 * @param {unknown} node
 * @param {string[]} out
 * @returns {string[]} the definition names a node's `$ref`s point at
 */
export function refsOf(node, out = []) {
  if (Array.isArray(node)) for (const n of node) refsOf(n, out);
  else if (node && typeof node === 'object') {
    const ref = /** @type {Json} */ (node).$ref;
    if (typeof ref === 'string') out.push(ref.replace('#/definitions/', ''));
    for (const value of Object.values(node)) refsOf(value, out);
  }
  return out;
}

/**
 * The definitions reachable from the given resource types, `ResourceList` (the root oneOf over every
 * resource) excluded: a place that holds any resource is a resource slot, not a reference to it.
 * @param {Upstream} up
 * @param {readonly string[]} roots
 * @returns {string[]} sorted names
 */
export function closure(up, roots) {
  const seen = new Set();
  const stack = [...roots];
  while (stack.length > 0) {
    const name = /** @type {string} */ (stack.pop());
    if (seen.has(name) || name === 'ResourceList') continue;
    if (!up.defs[name]) throw new Error(`derive-r4: fhir.schema.json has no definition ${name}`);
    seen.add(name);
    stack.push(...refsOf(up.defs[name]));
  }
  return [...seen].sort();
}

/**
 * The JSON member names a 4.0.1 element has: a choice `value[x]` one per type, a primitive also its
 * `_` twin.
 * @param {Json} element
 * @returns {string[]}
 */
export function memberNames(element) {
  const name = String(element.path).split('.').pop() ?? '';
  /** @type {string[]} */
  const codes = (element.type ?? []).map((/** @type {Json} */ t) => t.code);
  if (element.contentReference || codes.length === 0) return [name];
  if (name.endsWith('[x]')) {
    const base = name.slice(0, -3);
    return codes.flatMap((code) => {
      const member = base + capitalize(code);
      return PRIMITIVE_CODES.has(code) ? [member, `_${member}`] : [member];
    });
  }
  // xhtml (Narrative.div) has no extensions twin in JSON.
  if (codes.every((c) => PRIMITIVE_CODES.has(c) && c !== 'xhtml')) return [name, `_${name}`];
  return [name];
}

/**
 * @param {Json} sd a StructureDefinition
 * @param {string} path an element path
 * @returns {Json[]} the element's direct children in the snapshot
 */
function childrenOf(sd, path) {
  const depth = path.split('.').length + 1;
  return sd.snapshot.element.filter((/** @type {Json} */ e) => e.path.startsWith(`${path}.`) && e.path.split('.').length === depth);
}

/**
 * For each structured definition, the 4.0.1 element it describes. Upstream names backbone elements
 * loosely (`Bundle_Request` is Bundle.entry.request) and reuses one definition where 4.0.1 writes a
 * contentReference (`CapabilityStatement_Operation` is rest.resource.operation, which rest.operation
 * refers to), so paths are found by following the definitions' own $refs from each type's root, and
 * where several paths lead to one definition, the one 4.0.1 defines children for is it.
 * @param {Upstream} up
 * @param {readonly string[]} names structured definition names (no primitives)
 * @returns {Map<string, ElementInfo>}
 */
export function elementsByDefinition(up, names) {
  /** @type {Map<string, string[]>} */
  const candidates = new Map();
  for (const name of names) {
    if (name.includes('_')) continue;
    candidates.set(name, [name]);
    // Depth-first along every path; a definition already on the path is recursion
    // (Composition.section.section), not a new element.
    /** @type {[string, string, Set<string>][]} */
    const stack = [[name, name, new Set([name])]];
    while (stack.length > 0) {
      const [parent, parentPath, chain] = /** @type {[string, string, Set<string>]} */ (stack.pop());
      for (const [member, prop] of Object.entries(up.defs[parent]?.properties ?? {})) {
        const ref = (prop.items ?? prop).$ref?.replace('#/definitions/', '');
        if (!ref?.startsWith(`${name}_`) || chain.has(ref)) continue;
        const path = `${parentPath}.${member}`;
        candidates.set(ref, [...(candidates.get(ref) ?? []), path]);
        stack.push([ref, path, new Set([...chain, ref])]);
      }
    }
  }
  /** @type {Map<string, ElementInfo>} */
  const out = new Map();
  for (const name of names) {
    const paths = candidates.get(name);
    if (!paths) throw new Error(`derive-r4: cannot tell which element ${name} describes`);
    const sd = up.structureDefinition(ownerOf(name));
    const found = paths.map((path) => ({ path, children: childrenOf(sd, path) })).find((p) => p.children.length > 0);
    if (!found) throw new Error(`derive-r4: ${name}: no element ${paths.join(' or ')} with children in 4.0.1`);
    out.set(name, { sd, ...found });
  }
  return out;
}
