// @ts-check
// One place that configures ajv for the generator and the schema meta-tests, so the code that
// ships is compiled exactly as the schemas are checked.
import { createRequire } from 'node:module';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { codeListFormats } from './code-lists.mjs';

const require = createRequire(import.meta.url);

/**
 * Formats that are functions (packages/validate/src/formats.cjs, which also re-exports
 * ajv-formats' own). Generated validators require that module by a path relative to their own
 * folder, in src/ and in dist/ alike.
 */
const FUNCTION_FORMATS = require('../../packages/validate/src/formats.cjs');
/** packages/validate/src/choice.cjs: what `cdxChoice` calls, in process and in generated code. */
const CHOICE = require('../../packages/validate/src/choice.cjs');
const { _ } = Ajv2020;

/**
 * The way from a generated module's folder to packages/validate/src/ (or dist/).
 * @param {string} moduleDir the folder relative to generated/validators/ (`''`, `fhir/r4`)
 */
export const toSrc = (moduleDir) => '../'.repeat(2 + moduleDir.split('/').filter(Boolean).length);

/**
 * Annotation keywords of the cdx vocabulary (schemas/README.md). They never validate. Each value is
 * the meta-schema of the keyword's value; @cdx/schemas publishes them as its vocabulary meta-schema
 * and registers them in its ajv plugin (scripts/lib/emit-ajv-plugin.mjs).
 * @type {Record<string, { type?: 'string' | 'boolean' | 'object' | 'array', enum?: string[], items?: object, description: string }>}
 */
export const CDX_KEYWORDS = {
  cdxKind: {
    type: 'string',
    description: 'The kind id of a message schema: "<DataModel>/<EventType>", "cds-hooks/<document or hook>", "fhir/<Name>" or "auth/<Name>".',
  },
  cdxQuery: { type: 'boolean', description: 'A synchronous query: exactly one Meta.Destinations entry; data-on-demand checks apply.' },
  // An event the spec names without showing its payload: only the Meta envelope is checked.
  cdxUnpublished: { type: 'boolean', description: 'An event the spec names without showing its payload: only the Meta envelope is checked.' },
  // A CDS Hooks document in the Meta envelope: its body is validated as this bare kind, every check of it.
  cdxStandard: {
    type: 'string',
    description: 'A CDS Hooks document in the Meta envelope: the cds-hooks/… kind its body is, checked in full as that kind.',
  },
  cdxBeta: { type: 'boolean', description: 'The spec labels this message or field beta (or open beta).' },
  cdxLabel: { enum: ['Reliable', 'Probable', 'Possible'], description: "The spec's reliability label of a field." },
  cdxNoDataOnDemand: { type: 'boolean', description: 'The spec says this field is not supported with data on demand.' },
  cdxVariantOf: { type: 'string', description: 'This member is a known variant spelling of the named canonical sibling (reported as spelling-drift).' },
  cdxDetect: { type: 'object', description: 'What tells a FHIR payload of this kind apart: resourceType, bundleType, event, entry.' },
  // A FHIR profile's Reference member: the resource types the spec says it refers to
  // (scripts/lib/reference-targets.mjs; rules reference-target and service-profile).
  cdxTargets: { type: 'array', items: { type: 'string' }, description: "A FHIR profile's Reference member: the resource types the spec says it refers to." },
  // A place that holds any FHIR resource: validated as its own resourceType (scripts/lib/fhir-schemas.mjs).
  cdxResource: {
    type: 'boolean',
    description: 'Holds any FHIR resource, which @cdx/validate validates as its own resourceType; a plain schema tool checks only its resourceType and id.',
  },
  // Each choice element's forms, of which an object gives at most one (coded: choiceKeyword below).
  cdxChoice: { type: 'object', description: "Each choice element's forms (value[x]: valueString, valueUrl, ...), of which an object gives at most one." },
};

/**
 * Annotation keywords checked by the type of their value only. A keyword's meta-schema is compiled
 * like any schema, which numbers every validator compiled after it anew: these are checked without
 * one, so adding them changed no generated validator.
 * @type {Record<string, import('ajv').JSONType>}
 */
export const CDX_TYPED_KEYWORDS = {
  // A CDS Hooks request kind: its hook's metadata (scripts/lib/hooks.mjs).
  cdxHook: 'object',
  // A context field the hook lets prefetch templates use as a token ({{context.patientId}}).
  cdxPrefetchToken: 'boolean',
};

/** The date formats whose check is a function of formats.cjs (datetime.cjs), looked up at run time. */
const DATE_FORMATS = ['date', 'date-time', 'iso8601', 'fhir-date', 'fhir-dateTime', 'fhir-instant', 'fhir-time'];

/**
 * Formats the schemas use that ajv-formats lacks. Regular expressions, so standalone code inlines
 * them and needs no runtime module. Every one is linear (no nested quantifiers).
 */
export const CDX_FORMATS = {
  // ISO 8601 calendar date, optionally with a time and an offset (the spec only says "ISO 8601").
  iso8601: /^\d{4}-\d{2}-\d{2}(?:[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:[Zz]|[+-]\d{2}:?\d{2})?)?$/,
  // E.164: a plus sign and up to fifteen digits, no leading zero.
  e164: /^\+[1-9]\d{1,14}$/,
  // ISO 639-1 language codes and ISO 3166-1 alpha-2 country codes, either case: built from the
  // packages that keep the lists (scripts/lib/code-lists.mjs), so the generated code holds them.
  ...codeListFormats(),
};

/**
 * `cdxChoice: { "value[x]": ["valueString", "valueUrl", …], … }` (derived R4 definitions): at most
 * one form of each choice element. Fails with params `{ choice, forms }` (the forms present).
 * @param {string} moduleDir
 * @returns {import('ajv').KeywordDefinition}
 */
function choiceKeyword(moduleDir) {
  return {
    keyword: 'cdxChoice',
    type: 'object',
    schemaType: 'object',
    error: {
      message: ({ params }) => _`"must give one form of " + ${params.choice}`,
      params: ({ params }) => _`{choice: ${params.choice}, forms: ${params.forms}}`,
    },
    code(cxt) {
      const { gen, data, schema } = cxt;
      const helper = gen.scopeValue('func', { key: 'choiceForms', ref: CHOICE.choiceForms, code: _`require(${`${toSrc(moduleDir)}choice.cjs`}).choiceForms` });
      for (const [choice, forms] of /** @type {[string, string[]][]} */ (Object.entries(schema))) {
        // A form a line when they are many, so that no line is long (scripts/lib/standalone.mjs).
        const many = forms.join(', ').length > 100;
        const items = forms.reduce(
          (/** @type {import('ajv').Code} */ code, form, i) => (i === 0 ? _`${form}` : many ? _`${code},\n${form}` : _`${code}, ${form}`),
          _``,
        );
        const set = gen.scopeValue('obj', { key: `choice:${forms.join(',')}`, ref: new Set(forms), code: _`new Set([${items}])` });
        const present = gen.const('forms', _`${helper}(${data}, ${set})`);
        gen.if(_`${present} !== null`, () => {
          cxt.setParams({ choice: _`${choice}`, forms: present });
          cxt.error();
        });
      }
    },
  };
}

/**
 * @param {{ ownProperties?: boolean, strictRequired?: boolean, passContext?: boolean, keywords?: import('ajv').KeywordDefinition[], moduleDir?: string, unevaluated?: boolean, inlineRefs?: boolean }} [options]
 *   ownProperties, strictRequired, passContext: other than the defaults only for the strict twins
 *   (scripts/lib/twin-ajv.mjs); keywords: definitions that give cdx keywords code instead of
 *   annotation (scripts/lib/fhir-keywords.mjs); moduleDir: where the generated code goes, relative to
 *   generated/validators/ (the paths it requires depend on it); unevaluated: false for schemas that
 *   never use unevaluatedProperties or unevaluatedItems (the R4 definitions); inlineRefs: false to
 *   compile each `$ref`'d definition once, as a function, rather than into every place that refers to it
 */
export function createAjv({
  ownProperties = true,
  strictRequired = true,
  passContext = false,
  keywords = [],
  moduleDir = '',
  unevaluated = true,
  inlineRefs = true,
} = {}) {
  const ajv = new Ajv2020.default({
    strict: true,
    strictRequired,
    allErrors: true,
    allowUnionTypes: true,
    ownProperties,
    passContext,
    messages: false,
    inlineRefs,
    // Line breaks: generated validators are committed and reviewed as diffs.
    code: { source: true, lines: true, formats: Ajv2020._`require(${`${toSrc(moduleDir)}formats.cjs`})` },
  });
  addFormats.default(ajv, ['date', 'date-time', 'uuid', 'uri', 'email']);
  ajv.addFormat('base64', FUNCTION_FORMATS.base64);
  for (const [name, regex] of Object.entries(CDX_FORMATS)) ajv.addFormat(name, regex);
  // Dates that exist: the shared checker (packages/validate/src/datetime.cjs) behind each date format.
  for (const name of DATE_FORMATS) ajv.addFormat(name, /** @type {any} */ (FUNCTION_FORMATS)[name]);
  keywords = [...keywords, choiceKeyword(moduleDir)];
  const coded = new Set(keywords.map((k) => k.keyword));
  for (const [keyword, metaSchema] of Object.entries(CDX_KEYWORDS)) {
    if (!coded.has(keyword))
      ajv.addKeyword({ keyword, metaSchema, schemaType: /** @type {import('ajv').JSONType} */ (metaSchema.type ?? 'string'), valid: true });
  }
  for (const [keyword, schemaType] of Object.entries(CDX_TYPED_KEYWORDS)) ajv.addKeyword({ keyword, schemaType, valid: true });
  for (const definition of keywords) ajv.addKeyword(definition);
  if (!unevaluated) {
    // Ajv2020 sets this option itself: every validator then records which members and items it
    // evaluated (a reset at entry, an object of members, merges at each call), code that only
    // unevaluatedProperties and unevaluatedItems read. Without them, strict mode refuses a schema
    // that uses either, so no schema compiled here can need what is left out.
    ajv.opts.unevaluated = false;
    ajv.removeKeyword('unevaluatedProperties');
    ajv.removeKeyword('unevaluatedItems');
  }
  return ajv;
}
