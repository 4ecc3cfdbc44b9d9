// @ts-check
// `cdxMembers`: an object's members as the canonical R4 validators compile them (scripts/lib/emit-fhir.mjs).
// Most members of an R4 type are one call of a validator in another module (a data type, a shared
// member, scripts/lib/fhir-schemas.mjs shareMembers, or the resource dispatcher), which ajv's
// `properties` compiles to five lines each: a presence check, the call with its instance path, and
// the append of its errors. Here each run of such members is one row each of a table handed to
// callMembers (packages/validate/src/fhir/members.cjs), which does the same in a loop; any other
// member is compiled in place, as `properties` would, between the runs: the same errors in the same
// order. The schema keeps `properties` with each member `true` (no code), so that `required` still
// names defined members.
import ajv2020 from 'ajv/dist/2020.js';
import codegen from 'ajv/dist/compile/codegen/index.js';
import names from 'ajv/dist/compile/names.js';
import { propertyInData } from 'ajv/dist/vocabularies/code.js';
import { createRequire } from 'node:module';
import { callTarget } from './fhir-keywords.mjs';
import { toSrc } from './ajv.mjs';

const { _ } = ajv2020;
const { strConcat } = codegen;
// Node imports ajv's CJS names module whole, vitest its default.
const N = /** @type {Partial<typeof names>} */ (names).default ?? /** @type {typeof names.default} */ (/** @type {unknown} */ (names));
const MEMBERS = createRequire(import.meta.url)('../../packages/validate/src/fhir/members.cjs');

/** @typedef {Record<string, any>} Json */

/**
 * The keyword, for the canonical validators of the resource type modules in `moduleDir` (fhir/r4).
 * @param {{ moduleDir: string }} options
 * @returns {import('ajv').KeywordDefinition}
 */
export function membersKeyword({ moduleDir }) {
  return {
    keyword: 'cdxMembers',
    type: 'object',
    schemaType: 'object',
    code(cxt) {
      const { gen, data, it } = cxt;
      const schema = /** @type {Json} */ (cxt.schema);
      const helper = gen.scopeValue('func', {
        key: 'callMembers',
        ref: MEMBERS.callMembers,
        code: _`require(${`${toSrc(moduleDir)}fhir/members.cjs`}).callMembers`,
      });
      /** @type {[string, import('ajv').Name][]} */
      let run = [];
      const flush = () => {
        if (run.length === 0) return;
        const rows = run.map(([name, fn]) => _`[${name}, ${fn}]`).reduce((code, row, i) => (i === 0 ? row : _`${code},\n${row}`));
        // The table is a module-level value after the functions it names (same prefix, made later).
        const table = gen.scopeValue('func', { key: `members:${run.map(([name, fn]) => `${name}=${fn.str}`).join(',')}`, ref: run, code: _`[\n${rows}\n]` });
        gen.assign(N.vErrors, _`${helper}(${data}, ${strConcat(N.instancePath, it.errorPath)}, ${table}, ${N.vErrors})`);
        gen.if(_`${N.vErrors} !== null`, () => gen.assign(N.errors, _`${N.vErrors}.length`));
        run = [];
      };
      for (const [name, member] of Object.entries(schema)) {
        if (member === true) continue;
        const target = callTarget(member, { twin: false });
        if (target) {
          if (/[~/]/.test(name)) throw new Error(`cdxMembers: the member ${name} needs escaping in an instance path`);
          run.push([name, gen.scopeValue('func', { key: target.key, ref: MEMBERS.callMembers, code: target.code })]);
          continue;
        }
        flush();
        // As ajv's `properties` compiles a member (all errors: nothing to do when it is invalid).
        gen.if(propertyInData(gen, data, name, it.opts.ownProperties), () => {
          cxt.subschema({ keyword: 'cdxMembers', schemaProp: name, dataProp: name }, gen.name('valid'));
        });
      }
      flush();
    },
  };
}

/**
 * A type's or backbone element's members compiled by `cdxMembers`: `properties` kept, each member
 * `true`. Left as it is when another keyword reads `properties` (additionalProperties,
 * patternProperties, unevaluatedProperties).
 * @param {Json} schema
 * @returns {Json}
 */
export function withMembers(schema) {
  if (!schema.properties || schema.additionalProperties !== undefined || schema.patternProperties || schema.unevaluatedProperties !== undefined) return schema;
  const { properties, ...rest } = schema;
  return { ...rest, properties: Object.fromEntries(Object.keys(properties).map((name) => [name, true])), cdxMembers: properties };
}
