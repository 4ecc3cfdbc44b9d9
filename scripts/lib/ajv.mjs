// One place that configures ajv for the generator and the schema meta-tests, so the code that
// ships is compiled exactly as the schemas are checked.
import { createRequire } from 'node:module';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

const require = createRequire(import.meta.url);

/**
 * Formats that are functions (packages/validate/src/formats.cjs, which also re-exports
 * ajv-formats' own). Generated validators require that module by this path, relative to
 * generated/validators/, in src/ and in dist/ alike.
 */
const FUNCTION_FORMATS = require('../../packages/validate/src/formats.cjs');
const FUNCTION_FORMATS_FROM_GENERATED = '../../formats.cjs';

/** Annotation keywords of the cdx vocabulary (schemas/README.md). They never validate. */
export const CDX_KEYWORDS = {
  cdxKind: { type: 'string' },
  cdxQuery: { type: 'boolean' },
  cdxBeta: { type: 'boolean' },
  cdxLabel: { enum: ['Reliable', 'Probable', 'Possible'] },
  cdxNoDataOnDemand: { type: 'boolean' },
  cdxVariantOf: { type: 'string' },
  cdxDetect: { type: 'object' },
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
 * @param {{ ownProperties?: boolean, discriminator?: boolean, strictRequired?: boolean }} [options]
 *   other than the defaults only for the strict twins (scripts/lib/twin-ajv.mjs)
 */
export function createAjv({ ownProperties = true, discriminator = false, strictRequired = true } = {}) {
  const ajv = new Ajv2020.default({
    strict: true,
    strictRequired,
    allErrors: true,
    allowUnionTypes: true,
    ownProperties,
    discriminator,
    messages: false,
    inlineRefs: true,
    code: { source: true, lines: false, formats: Ajv2020._`require(${FUNCTION_FORMATS_FROM_GENERATED})` },
  });
  addFormats.default(ajv, ['date', 'date-time', 'uuid', 'uri', 'email']);
  ajv.addFormat('base64', FUNCTION_FORMATS.base64);
  for (const [name, regex] of Object.entries(CDX_FORMATS)) ajv.addFormat(name, regex);
  for (const [keyword, metaSchema] of Object.entries(CDX_KEYWORDS)) {
    ajv.addKeyword({ keyword, metaSchema, schemaType: metaSchema.type ?? ['string'], valid: true });
  }
  return ajv;
}
