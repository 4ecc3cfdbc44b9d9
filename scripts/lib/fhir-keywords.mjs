// @ts-check
// The two keywords that let FHIR validators live in separate modules (scripts/lib/fhir-schemas.mjs):
// each compiles to a call of a validator function another module exports, with the caller's
// instance path, and appends that function's errors, as ajv does for a $ref within one module.
//
//   cdxDatatype: "<Name>"   the data type's validator, from the shared data type module
//   cdxResource: true       the run-time dispatcher (packages/validate/src/fhir/resources.cjs),
//                           which validates a resource as its own resourceType
//
// Canonical validators call canonical ones, strict twins call twins.
import ajv2020 from 'ajv/dist/2020.js';
import names from 'ajv/dist/compile/names.js';
import { callValidateCode } from 'ajv/dist/vocabularies/code.js';

const { _, nil } = ajv2020;
// Node imports ajv's CJS names module whole, vitest its default.
const N = /** @type {Partial<typeof names>} */ (names).default ?? /** @type {typeof names.default} */ (/** @type {unknown} */ (names));

/** Where the generated FHIR modules are, relative to generated/validators/ (src/ and dist/ alike). */
export const FHIR_MODULE_DIR = 'fhir';
/** From a resource type's module (generated/validators/fhir/r4/, where the data types module is too) to the data types and the dispatcher. */
const FROM_R4 = { datatypes: './datatypes', dispatcher: '../../../../fhir/resources.cjs' };

/** Compiled in process only to emit standalone code: never called there. */
const notCallable = () => {
  throw new Error('a FHIR module validator compiled by the generator is for standalone code only');
};

/**
 * @param {string} keyword
 * @param {'string' | 'boolean'} schemaType
 * @param {(schema: any) => { key: string, code: import('ajv').Code }} target the callee, by schema value
 * @returns {import('ajv').KeywordDefinition}
 */
function externalCall(keyword, schemaType, target) {
  return {
    keyword,
    schemaType,
    code(cxt) {
      const { gen } = cxt;
      const { key, code } = target(cxt.schema);
      const fn = gen.scopeValue('func', { key, ref: notCallable, code });
      // A twin's `this` (what it gathers, scripts/lib/twin-ajv.mjs) goes on to the callee.
      cxt.result(
        callValidateCode(cxt, fn, cxt.it.opts.passContext ? N.this : nil),
        () => {},
        () => {
          gen.assign(N.vErrors, _`${N.vErrors} === null ? ${fn}.errors : ${N.vErrors}.concat(${fn}.errors)`);
          gen.assign(N.errors, _`${N.vErrors}.length`);
        },
      );
    },
  };
}

/**
 * The resource slot keywords for a module outside fhir/r4 (a CDS Hooks document holds FHIR resources):
 * calls into the same run-time dispatcher, required by its path from that module's folder.
 * `cdxResource: true` holds any resource, `cdxResourceOf: "<Type>"` one of that type.
 * @param {{ twin: boolean, dispatcher: string }} options dispatcher: the path of fhir/resources.cjs from the module
 * @returns {import('ajv').KeywordDefinition[]}
 */
export function resourceSlotKeywords({ twin, dispatcher }) {
  const flavour = twin ? 'twin' : 'canonical';
  return [
    externalCall('cdxResource', 'boolean', () => ({ key: 'resource', code: _`require(${dispatcher})[${flavour}]` })),
    // A slot of one resource type (scripts/lib/resource-slots.mjs).
    externalCall('cdxResourceOf', 'string', (type) => ({ key: `resource:${type}`, code: _`require(${dispatcher}).typed(${flavour}, ${type})` })),
  ];
}

/**
 * The keyword for a Data Model, CDS Hooks or auth module: `cdxDef: "<schema id>[#<pointer>]"` calls
 * that shared definition's validator in the shared definitions module (scripts/lib/emit-validators.mjs).
 * @param {{ module: string }} options module: the path of that module from the calling one
 * @returns {import('ajv').KeywordDefinition}
 */
export function sharedDefKeyword({ module }) {
  return externalCall('cdxDef', 'string', (id) => ({ key: `def:${id}`, code: _`require(${module})[${id}]` }));
}

/**
 * The callees of a resource type's module's call keywords, by the keyword's value: a data type's
 * validator in the data types module, or the run-time dispatcher's.
 * @param {{ twin: boolean }} options
 */
function r4Targets({ twin }) {
  const datatypes = `${FROM_R4.datatypes}${twin ? '.twin' : ''}.cjs`;
  const dispatcher = twin ? 'twin' : 'canonical';
  return {
    datatype: (/** @type {string} */ name) => ({ key: `datatype:${name}`, code: _`require(${datatypes})[${name}]` }),
    resource: () => ({ key: 'resource', code: _`require(${FROM_R4.dispatcher})[${dispatcher}]` }),
  };
}

/**
 * A member subschema of a resource type that is one call keyword alone (`{ cdxDatatype: "…" }`,
 * `{ cdxResource: true }`): its callee, as that keyword names it (so both share one module-level
 * name); undefined for any other subschema.
 * @param {unknown} member
 * @param {{ twin: boolean }} options
 * @returns {{ key: string, code: import('ajv').Code } | undefined}
 */
export function callTarget(member, { twin }) {
  if (!member || typeof member !== 'object' || Object.keys(member).length !== 1) return undefined;
  const { cdxDatatype, cdxResource } = /** @type {Record<string, unknown>} */ (member);
  if (typeof cdxDatatype === 'string') return r4Targets({ twin }).datatype(cdxDatatype);
  return cdxResource === true ? r4Targets({ twin }).resource() : undefined;
}

/**
 * The keywords for a resource type's module: canonical or twin flavour.
 * @param {{ twin: boolean }} options
 * @returns {import('ajv').KeywordDefinition[]}
 */
export function moduleKeywords({ twin }) {
  const targets = r4Targets({ twin });
  return [externalCall('cdxDatatype', 'string', targets.datatype), externalCall('cdxResource', 'boolean', targets.resource)];
}
