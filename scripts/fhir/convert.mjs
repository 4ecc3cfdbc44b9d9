// @ts-check
// Step 4 of the R4 derivation: one upstream (draft-06) definition rewritten for schemas/: $refs
// point into the derived files, primitives are inlined, patterns that cannot apply or could
// overflow the regular-expression stack are replaced, `additionalProperties: false` is dropped
// (schemas/README.md: unknown members are reported by @cdx/validate, not rejected by the schema).
import { isPrimitiveName } from './elements.mjs';

/** @typedef {import('./upstream.mjs').Upstream} Upstream */
/** @typedef {Record<string, any>} Json */

/**
 * Upstream puts a `pattern` on number and boolean types, where it never applies: those become
 * integer bounds (integer, positiveInt ≥ 1, unsignedInt ≥ 0, 32-bit) or plain types.
 */
const NUMERIC = {
  '^-?([0]|([1-9][0-9]*))$': { type: 'integer', minimum: -2147483648, maximum: 2147483647 },
  '^[1-9][0-9]*$': { type: 'integer', minimum: 1, maximum: 2147483647 },
  '^[0]|([1-9][0-9]*)$': { type: 'integer', minimum: 0, maximum: 2147483647 },
  '^-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?$': { type: 'number' },
  '^true|false$': { type: 'boolean' },
};

/**
 * Upstream patterns replaced by what R4 means by them, in two respects:
 *
 * - White space. FHIR's regular expressions are XML Schema's, whose `\s` is only space, tab, line
 *   feed and carriage return; in JavaScript it is every Unicode space, so upstream's JSON patterns
 *   rejected valid R4 (a string holding a no-break space, `"Â "` in the official value sets). Each
 *   is rewritten with R4's four characters.
 * - The stack. Patterns that repeat a group make V8 keep one backtrack entry per repetition, so a
 *   few megabytes of input overflow its stack (a RangeError instead of a finding). Each is written
 *   with single-character-class loops, which backtrack without growing the stack.
 *
 * Equivalence with the R4 expressions (XML Schema white space) is checked on random strings
 * (scripts/test/fhir/convert.test.ts).
 */
export const R4_PATTERNS = {
  // string, markdown: `[ \r\n\t\S]+` is every character, one or more
  '^[ \\r\\n\\t\\S]+$': { minLength: 1 },
  // uri, url, canonical: no white space
  '^\\S*$': { pattern: '^[^ \\t\\n\\r]*$' },
  // code: no leading, trailing or doubled white space
  '^[^\\s]+(\\s[^\\s]+)*$': { pattern: '^(?=[^ \\t\\n\\r])(?![\\s\\S]*[ \\t\\n\\r][ \\t\\n\\r])[\\s\\S]*[^ \\t\\n\\r]$' },
  // oid: urn:oid: then dot-separated numbers without leading zeros
  '^urn:oid:[0-2](\\.(0|[1-9][0-9]*))+$': { pattern: '^urn:oid:[0-2](?=\\.)(?![\\s\\S]*\\.(?:\\.|0[0-9]|$))[.0-9]*$' },
  // base64Binary written inline (Extension.valueBase64Binary): the linear base64 format instead
  '^(\\s*([0-9a-zA-Z\\+/=]){4}\\s*)+$': { format: 'base64' },
};

/**
 * Turns upstream's `{type: number|boolean, pattern}` into a schema whose keywords apply, and a
 * string pattern into what R4 means by it (R4_PATTERNS).
 * @param {Json} schema
 * @param {string} where for the error message
 * @returns {Json}
 */
export function normalizeScalar(schema, where) {
  const r4 = typeof schema.pattern === 'string' ? /** @type {Record<string, Json>} */ (R4_PATTERNS)[schema.pattern] : undefined;
  if (schema.type === 'string' && r4) {
    const { pattern, ...rest } = schema;
    return { ...rest, ...r4 };
  }
  if (schema.type !== 'number' && schema.type !== 'boolean') return schema;
  const { pattern, ...rest } = schema;
  if (pattern === undefined) return rest;
  const replacement = /** @type {Record<string, Json>} */ (NUMERIC)[pattern];
  if (!replacement) throw new Error(`derive-r4: unknown numeric pattern ${pattern} at ${where}`);
  return { ...rest, ...replacement };
}

/** The R4 primitives that take a date format besides their pattern. */
const DATE_FORMATS = new Set(['date', 'dateTime', 'instant', 'time']);

/**
 * A primitive type, inlined wherever it is used (primitives carry no structure, and inlining keeps
 * their names out of the generated TypeScript, where `string` or `boolean` would be a clash).
 * base64Binary gets the `base64` format (scripts/lib/ajv.mjs), a linear check safe on multi-megabyte
 * strings.
 * @param {string} name
 * @param {Json} def
 * @returns {Json}
 */
export function primitive(name, def) {
  if (name === 'xhtml') return { type: 'string' };
  if (name === 'base64Binary') return { type: 'string', format: 'base64' };
  // Dates and times that exist (2026-02-30 fits R4's pattern): the shared checker, src/datetime.cjs.
  if (DATE_FORMATS.has(name)) return { ...normalizeScalar({ type: def.type, pattern: def.pattern }, name), format: `fhir-${name}` };
  return normalizeScalar({ type: def.type, ...(def.pattern ? { pattern: def.pattern } : {}) }, name);
}

/**
 * @param {Upstream} up
 * @param {string} name the definition's name, for error messages
 * @param {Json} def the upstream definition
 * @param {(target: string) => string} refTo where a $ref to a structured definition points
 * @returns {Json}
 */
export function convert(up, name, def, refTo) {
  /** @param {unknown} node @param {string} where @returns {any} */
  const visit = (node, where) => {
    if (Array.isArray(node)) return node.map((n, i) => visit(n, `${where}/${i}`));
    if (!node || typeof node !== 'object') return node;
    const object = /** @type {Json} */ (node);
    if (typeof object.$ref === 'string') {
      const target = object.$ref.replace('#/definitions/', '');
      const { $ref, ...siblings } = object;
      const defs = up.defs;
      if (isPrimitiveName(target)) return { ...siblings, ...primitive(target, /** @type {Json} */ (defs[target])) };
      return { ...siblings, $ref: refTo(target) };
    }
    /** @type {Json} */
    const out = {};
    for (const [key, value] of Object.entries(object)) {
      if (key === 'additionalProperties' && value === false) continue;
      out[key] =
        key === 'properties' ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, visit(v, `${where}/${k}`)])) : visit(value, `${where}/${key}`);
    }
    return normalizeScalar(out, where);
  };
  return visit(def, name);
}
