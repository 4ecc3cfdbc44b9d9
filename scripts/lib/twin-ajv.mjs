// @ts-check
// The ajv instance that compiles strict twins (scripts/lib/strict.mjs), and what makes its
// shortcuts exact.
//
// Twins are compiled without `ownProperties`: ajv then reads members as `data.X !== undefined`
// instead of also calling hasOwnProperty on each, and walks members with for…in instead of
// allocating Object.keys(data) per object. That made the PatientMerge twin 1.4× the speed of its
// canonical validator instead of 0.78×. It is exact only for objects whose prototype is
// Object.prototype (or null) and for member names Object.prototype lacks, so every object a twin
// reads members of is guarded by `cdxPlainObject` (a hand-built object with another prototype
// fails the twin and takes the exact path), and member names are checked before compiling.
//
// What a FHIR twin gathers while it validates (every `reference` string, for bundle-reference, and
// when asked for, each Reference object with its element, for fhir-reference) goes to the object it
// is called on: `twin.call({ references: [], complete: true, sites: [] }, payload)`. ajv's
// `passContext` hands `this` down to every subschema and every validator called, in this module
// and in others, so nothing is shared between calls. Called plainly, `this` is undefined and the
// twin gathers nothing.
import ajv2020 from 'ajv/dist/2020.js';
import names from 'ajv/dist/compile/names.js';
import { createAjv } from './ajv.mjs';

const { _ } = ajv2020;
/** `this` in generated code: the gathering of the current call, or undefined. (Node imports ajv's CJS names module whole, vitest its default.) */
const N = /** @type {Partial<typeof names>} */ (names).default ?? /** @type {typeof names.default} */ (/** @type {unknown} */ (names));
const GATHERED = N.this;

/**
 * Whether `value.__proto__` reads the prototype here: Node's `--disable-proto=delete` removes the
 * accessor and `--disable-proto=throw` makes it throw. Evaluated where the generated code loads.
 */
const PROTO_ACCESSOR = _`(() => { try { return ({}).__proto__ === Object.prototype; } catch { return false; } })()`;
/** The same test, here: what an in-process compile (the tests) uses. */
const protoAccessor = (() => {
  try {
    return /** @type {{ __proto__?: unknown }} */ ({}).__proto__ === Object.prototype;
  } catch {
    return false;
  }
})();

/**
 * Fails an object whose prototype is neither Object.prototype nor null; code, so standalone
 * inlines it. The usual case is decided by reading `__proto__`, a property load, where
 * Object.getPrototypeOf is a call per object: a tenth of a FHIR bundle twin's time. A `__proto__`
 * member of the object itself (JSON.parse makes one of `"__proto__"`) never holds
 * Object.prototype, so it only sends the object on to the exact test.
 */
/** @type {import('ajv').CodeKeywordDefinition} */
const PLAIN_OBJECT = {
  keyword: 'cdxPlainObject',
  type: 'object',
  schemaType: 'boolean',
  code(cxt) {
    const { gen, data } = cxt;
    const accessor = gen.scopeValue('obj', { key: 'protoAccessor', ref: protoAccessor, code: PROTO_ACCESSOR });
    gen.if(_`!(${accessor} && ${data}.__proto__ === Object.prototype)`, () => {
      const proto = gen.const('proto', _`Object.getPrototypeOf(${data})`);
      cxt.fail(_`${proto} !== Object.prototype && ${proto} !== null`);
    });
  },
};

/** Hands a `reference` string to the gathering (FHIR twins). Never fails. */
/** @type {import('ajv').CodeKeywordDefinition} */
const COLLECT = {
  keyword: 'cdxCollect',
  type: 'string',
  schemaType: 'boolean',
  code(cxt) {
    cxt.gen.if(_`${GATHERED} !== undefined`, () => cxt.gen.code(_`${GATHERED}.references.push(${cxt.data})`));
  },
};

/**
 * Hands a Reference object and its element as R4 names it (`Observation.subject`, scripts/lib/fhir-sites.mjs)
 * to the gathering: two pushes onto one flat array, after the Reference's own members were handed over. Never fails.
 */
/** @type {import('ajv').CodeKeywordDefinition} */
const SITE = {
  keyword: 'cdxSite',
  schemaType: 'string',
  code(cxt) {
    const { data } = cxt;
    const sites = _`${GATHERED}.sites`;
    // The type test is written out, as cdxOpaque's: a Reference's node may be a bare ref.
    const here = _`${GATHERED} !== undefined && ${sites} !== undefined && typeof ${data} == "object" && ${data} !== null && !Array.isArray(${data})`;
    cxt.gen.if(here, () => cxt.gen.code(_`${sites}.push(${data}, ${cxt.schema})`));
  },
};

/**
 * Marks the gathering incomplete: an object or array here may hold members no schema names, so a
 * `reference` in there was not seen. Never fails.
 */
/** @type {import('ajv').CodeKeywordDefinition} */
const OPAQUE = {
  keyword: 'cdxOpaque',
  schemaType: 'boolean',
  code(cxt) {
    // The type test is written out: declared through `type`, strictTypes would want every node typed.
    const holder = _`typeof ${cxt.data} == "object" && ${cxt.data} !== null && ${GATHERED} !== undefined`;
    cxt.gen.if(holder, () => cxt.gen.assign(_`${GATHERED}.complete`, false));
  },
};

/**
 * `minLength` in UTF-16 code units (`data.length`), where ajv counts code points by walking the
 * string (ucs2length): a twin's `minLength: n` becomes `cdxMinUnits: 2n - 1` (scripts/lib/strict.mjs),
 * which only strings of at least n code points pass, since a code point takes one or two units.
 * For the usual `minLength: 1` it is the same test, without the walk over every fullUrl.
 */
/** @type {import('ajv').CodeKeywordDefinition} */
const MIN_UNITS = {
  keyword: 'cdxMinUnits',
  type: 'string',
  schemaType: 'number',
  code(cxt) {
    cxt.fail(_`${cxt.data}.length < ${cxt.schema}`);
  },
};

/**
 * strictRequired off: a twin's `then: { required }` may rely on its parent's `properties`, which
 * the canonical schema (compiled with every strict check) declares.
 * @param {{ moduleDir?: string, keywords?: import('ajv').KeywordDefinition[] }} [options] see createAjv
 */
export function createTwinAjv({ moduleDir = '', keywords = [] } = {}) {
  const ajv = createAjv({ ownProperties: false, strictRequired: false, passContext: true, moduleDir, keywords });
  return ajv.addKeyword(PLAIN_OBJECT).addKeyword(COLLECT).addKeyword(OPAQUE).addKeyword(MIN_UNITS).addKeyword(SITE);
}

/** Keywords that make ajv read members of the instance by name. */
const READS_MEMBERS = ['properties', 'required', 'dependentRequired', 'dependentSchemas'];
/** Names a plain object inherits: `data.toString !== undefined` holds for every object. */
const INHERITED = new Set(Object.getOwnPropertyNames(Object.prototype));

/**
 * The plain-object guard for a schema node that reads members, or nothing. Throws for a member
 * named like one every object inherits: the twin could not tell it from an absent one.
 * @param {Record<string, any>} node
 * @param {string} where
 * @returns {Record<string, any>}
 */
export function plainObjectGuard(node, where) {
  if (!READS_MEMBERS.some((k) => k in node)) return {};
  /** @type {string[]} */
  const names = [
    ...Object.keys(node.properties ?? {}),
    ...(node.required ?? []),
    ...Object.keys(node.dependentRequired ?? {}),
    ...Object.keys(node.dependentSchemas ?? {}),
  ];
  const inherited = names.find((name) => INHERITED.has(name));
  if (inherited) throw new Error(`${where}: member ${inherited} is also a member of every object; the strict twin cannot be compiled without ownProperties`);
  return { cdxPlainObject: true };
}
