// @ts-check
// Emits @cdx/schemas' ajv plugin (dist/ajv.cjs, its types) and the cdx vocabulary meta-schema at build
// time, from the definitions the generator itself compiles the validators with: CDX_KEYWORDS,
// CDX_TYPED_KEYWORDS and CDX_FORMATS (scripts/lib/ajv.mjs), and @cdx/validate's base64 check and
// choice-element check (src/base64.cjs and src/choice.cjs, self-contained modules inlined here).
// A user's ajv then checks the schemas with the same formats @cdx/validate's precompiled code uses.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CDX_FORMATS, CDX_KEYWORDS, CDX_TYPED_KEYWORDS } from './ajv.mjs';

const source = (/** @type {string} */ file) => fileURLToPath(new URL(`../../packages/validate/src/${file}`, import.meta.url));
const BANNER = "// Built by scripts/lib/emit-ajv-plugin.mjs from scripts/lib/ajv.mjs and @cdx/validate's base64 check. Do not edit.";

/** Where the vocabulary meta-schema is published: its `$id`, and its file in the package. */
export const VOCABULARY_ID = 'https://schemas.cdx.dev/meta/vocabulary.schema.json';
export const VOCABULARY_FILE = 'meta/vocabulary.schema.json';

/** The cdx vocabulary as a draft 2020-12 meta-schema: every keyword, the type of its value and its meaning. */
export function vocabularySchema() {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: VOCABULARY_ID,
    $dynamicAnchor: 'meta',
    title: 'The cdx vocabulary',
    description:
      'Annotation keywords of the Clinical Data Exchange Service schemas. They never change what is valid: a tool that does not know them may ignore them (in ajv strict mode, register them with @cdx/schemas/ajv).',
    type: ['object', 'boolean'],
    properties: { ...CDX_KEYWORDS, ...Object.fromEntries(Object.entries(CDX_TYPED_KEYWORDS).map(([k, type]) => [k, { type }])) },
  };
}

/** The plugin's CommonJS source (CommonJS so that ajv-cli's `-c` can require it). */
export function ajvPluginSource() {
  const keywords = JSON.stringify(CDX_KEYWORDS, null, 2);
  const formats = Object.entries(CDX_FORMATS)
    .filter(([name]) => name !== 'iso8601')
    .map(([name, regex]) => `  ${JSON.stringify(name)}: ${regex.toString()},`)
    .join('\n');
  /** A self-contained CommonJS module of @cdx/validate, in a function scope of its own. */
  const inline = (/** @type {string} */ file, /** @type {string} */ name) => `const ${name} = (() => {
  const module = { exports: {} };
${readFileSync(source(file), 'utf8')
  .replace(/^'use strict';\n/m, '')
  .trimEnd()
  .replace(/^/gm, '  ')
  .replace(/^ +$/gm, '')}
  return module.exports.${name};
})();`;
  return `${BANNER}
'use strict';

${inline('base64.cjs', 'base64')}

${inline('choice.cjs', 'choiceForms')}

${inline('datetime.cjs', 'dateTimeProblem')}

/** The cdx annotation keywords, each with the meta-schema of its value. */
const KEYWORDS = ${keywords};

/** Keywords checked by the type of their value only. */
const TYPED_KEYWORDS = ${JSON.stringify(CDX_TYPED_KEYWORDS)};

/** \`cdxChoice\`, the one cdx keyword that validates: at most one form of each FHIR choice element. */
const CHOICE = {
  keyword: 'cdxChoice',
  type: 'object',
  schemaType: 'object',
  metaSchema: KEYWORDS.cdxChoice,
  errors: true,
  validate: function cdxChoice(schema, data) {
    for (const [choice, forms] of Object.entries(schema)) {
      const present = choiceForms(data, new Set(forms));
      if (present !== null) {
        cdxChoice.errors = [{ keyword: 'cdxChoice', message: 'must give one form of ' + choice, params: { choice, forms: present } }];
        return false;
      }
    }
    return true;
  },
};

/** Formats the schemas use that ajv-formats does not define. */
const FORMATS = {
${formats}
  base64: { type: 'string', validate: base64 },
  // Dates and times that exist (@cdx/validate's one checker): the Data Model's ISO 8601, and FHIR's
  // primitives, whose pattern gives the shape and whose format refuses a day its month lacks.
  iso8601: { type: 'string', validate: (text) => dateTimeProblem(text, 'iso8601') === undefined },
  'fhir-date': { type: 'string', validate: (text) => dateTimeProblem(text, 'date')?.endsWith(' days') !== true },
  'fhir-dateTime': { type: 'string', validate: (text) => dateTimeProblem(text, 'dateTime')?.endsWith(' days') !== true },
  'fhir-instant': { type: 'string', validate: (text) => dateTimeProblem(text, 'instant')?.endsWith(' days') !== true },
  'fhir-time': { type: 'string', validate: (text) => dateTimeProblem(text, 'time')?.endsWith(' days') !== true },
};

const VOCABULARY = ${JSON.stringify(vocabularySchema(), null, 2)};

/**
 * Adds the cdx vocabulary (annotation keywords, and cdxChoice, which allows one form of a FHIR
 * choice element), the cdx formats (iso8601, e164, base64, the language and country code lists) and
 * the vocabulary meta-schema to an ajv instance, so that the schemas compile in strict mode and are
 * checked as @cdx/validate's schema rule checks them. The standard formats (date, date-time, uri,
 * uuid) come from ajv-formats. Keywords and formats the instance already has are left as they are.
 * Returns ajv.
 */
function cdxAjv(ajv) {
  for (const [keyword, metaSchema] of Object.entries(KEYWORDS)) {
    if (ajv.getKeyword(keyword)) continue;
    if (keyword === CHOICE.keyword) ajv.addKeyword(CHOICE);
    else ajv.addKeyword({ keyword, metaSchema, schemaType: metaSchema.type || ['string'], valid: true });
  }
  for (const [keyword, schemaType] of Object.entries(TYPED_KEYWORDS)) {
    if (!ajv.getKeyword(keyword)) ajv.addKeyword({ keyword, schemaType, valid: true });
  }
  for (const [name, format] of Object.entries(FORMATS)) {
    if (!ajv.formats[name]) ajv.addFormat(name, format);
  }
  if (!ajv.getSchema(VOCABULARY.$id)) ajv.addMetaSchema(VOCABULARY);
  return ajv;
}

module.exports = cdxAjv;
module.exports.default = cdxAjv;
module.exports.cdxAjv = cdxAjv;
module.exports.keywords = KEYWORDS;
module.exports.typedKeywords = TYPED_KEYWORDS;
module.exports.formats = FORMATS;
`;
}

/** Its declarations (no dependency on ajv's types: any ajv 8 instance fits). */
export function ajvPluginTypes() {
  return `${BANNER}
/** What the plugin needs of an ajv 8 instance (Ajv, Ajv2019 or Ajv2020). */
interface AjvLike {
  getKeyword(keyword: string): unknown;
  addKeyword(definition: object): unknown;
  readonly formats: Record<string, unknown>;
  addFormat(name: string, format: RegExp | object): unknown;
  getSchema(id: string): unknown;
  addMetaSchema(schema: object): unknown;
}

/**
 * Adds the cdx vocabulary (annotation keywords that never validate), the formats iso8601, e164 and
 * base64, and the vocabulary meta-schema to an ajv instance, so that the schemas compile in strict
 * mode and their formats are checked. Use ajv-formats for date, date-time, uri and uuid.
 */
declare function cdxAjv<A extends AjvLike>(ajv: A): A;
declare namespace cdxAjv {
  export { cdxAjv as default, cdxAjv };
  /** The cdx keywords, each with the meta-schema of its value. */
  export const keywords: Readonly<Record<${Object.keys(CDX_KEYWORDS)
    .map((k) => JSON.stringify(k))
    .join(' | ')}, object>>;
  /** The cdx keywords checked by the type of their value only, with that type. */
  export const typedKeywords: Readonly<Record<${Object.keys(CDX_TYPED_KEYWORDS)
    .map((k) => JSON.stringify(k))
    .join(' | ')}, string>>;
  /** The formats the plugin adds. */
  export const formats: Readonly<Record<${[...Object.keys(CDX_FORMATS), 'base64', 'fhir-date', 'fhir-dateTime', 'fhir-instant', 'fhir-time'].map((k) => JSON.stringify(k)).join(' | ')}, RegExp | object>>;
}
export = cdxAjv;
`;
}
