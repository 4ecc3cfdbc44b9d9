// One place that configures ajv for the generator and the schema meta-tests, so the code that
// ships is compiled exactly as the schemas are checked.
import { createRequire } from 'node:module';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

const require = createRequire(import.meta.url);

/**
 * Formats that are functions (packages/validate/src/formats.cjs, which also re-exports
 * ajv-formats' own). Generated validators require that module by a path relative to their own
 * folder, in src/ and in dist/ alike.
 */
const FUNCTION_FORMATS = require('../../packages/validate/src/formats.cjs');

/**
 * The way from a generated module's folder to packages/validate/src/ (or dist/).
 * @param {string} moduleDir the folder relative to generated/validators/ (`''`, `fhir/r4`)
 */
export const toSrc = (moduleDir) => '../'.repeat(2 + moduleDir.split('/').filter(Boolean).length);

/**
 * Annotation keywords of the cdx vocabulary (schemas/README.md). They never validate. Each value is
 * the meta-schema of the keyword's value; @cdx/schemas publishes them as its vocabulary meta-schema
 * and registers them in its ajv plugin (scripts/lib/emit-ajv-plugin.mjs).
 */
export const CDX_KEYWORDS = {
  cdxKind: { type: 'string', description: 'The kind id of a message schema: "<DataModel>/<EventType>", "fhir/<Name>" or "auth/<Name>".' },
  cdxQuery: { type: 'boolean', description: 'A synchronous query: exactly one Meta.Destinations entry; data-on-demand checks apply.' },
  cdxBeta: { type: 'boolean', description: 'The spec labels this message or field beta (or open beta).' },
  cdxLabel: { enum: ['Reliable', 'Probable', 'Possible'], description: "The spec's reliability label of a field." },
  cdxNoDataOnDemand: { type: 'boolean', description: 'The spec says this field is not supported with data on demand.' },
  cdxVariantOf: { type: 'string', description: 'This member is a known variant spelling of the named canonical sibling (reported as spelling-drift).' },
  cdxDetect: { type: 'object', description: 'What tells a FHIR payload of this kind apart: resourceType, bundleType, event, entry.' },
  // A place that holds any FHIR resource: validated as its own resourceType (scripts/lib/fhir-schemas.mjs).
  cdxResource: { type: 'boolean', description: 'Holds any FHIR resource, which @cdx/validate validates as its own resourceType; a plain schema tool checks only its resourceType and id.' },
};

/**
 * Formats the schemas use that ajv-formats lacks. Regular expressions, so standalone code inlines
 * them and needs no runtime module. Every one is linear (no nested quantifiers).
 */
export const CDX_FORMATS = {
  // ISO 8601 calendar date, optionally with a time and an offset (the spec only says "ISO 8601").
  iso8601: /^\d{4}-\d{2}-\d{2}(?:[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:[Zz]|[+-]\d{2}:?\d{2})?)?$/,
  // E.164: a plus sign and up to fifteen digits, no leading zero.
  e164: /^\+[1-9]\d{1,14}$/,
};

/**
 * @param {{ ownProperties?: boolean, strictRequired?: boolean, keywords?: import('ajv').KeywordDefinition[], moduleDir?: string }} [options]
 *   ownProperties, strictRequired: other than the defaults only for the strict twins
 *   (scripts/lib/twin-ajv.mjs); keywords: definitions that give cdx keywords code instead of
 *   annotation (scripts/lib/fhir-keywords.mjs); moduleDir: where the generated code goes, relative to
 *   generated/validators/ (the paths it requires depend on it)
 */
export function createAjv({ ownProperties = true, strictRequired = true, keywords = [], moduleDir = '' } = {}) {
  const ajv = new Ajv2020.default({
    strict: true,
    strictRequired,
    allErrors: true,
    allowUnionTypes: true,
    ownProperties,
    messages: false,
    inlineRefs: true,
    // Line breaks: generated validators are committed and reviewed as diffs.
    code: { source: true, lines: true, formats: Ajv2020._`require(${`${toSrc(moduleDir)}formats.cjs`})` },
  });
  addFormats.default(ajv, ['date', 'date-time', 'uuid', 'uri', 'email']);
  ajv.addFormat('base64', FUNCTION_FORMATS.base64);
  for (const [name, regex] of Object.entries(CDX_FORMATS)) ajv.addFormat(name, regex);
  const coded = new Set(keywords.map((k) => k.keyword));
  for (const [keyword, metaSchema] of Object.entries(CDX_KEYWORDS)) {
    if (!coded.has(keyword)) ajv.addKeyword({ keyword, metaSchema, schemaType: metaSchema.type ?? ['string'], valid: true });
  }
  for (const definition of keywords) ajv.addKeyword(definition);
  return ajv;
}
