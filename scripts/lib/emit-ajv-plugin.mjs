// Emits @cdx/schemas' ajv plugin (dist/ajv.cjs, its types) and the cdx vocabulary meta-schema at build
// time, from the definitions the generator itself compiles the validators with: CDX_KEYWORDS and
// CDX_FORMATS (scripts/lib/ajv.mjs) and the base64 check of @cdx/validate (src/base64.cjs, inlined).
// A user's ajv then checks the schemas with the same formats @cdx/validate's precompiled code uses.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CDX_FORMATS, CDX_KEYWORDS } from './ajv.mjs';

const BASE64 = fileURLToPath(new URL('../../packages/validate/src/base64.cjs', import.meta.url));
const BANNER = '// Built by scripts/lib/emit-ajv-plugin.mjs from scripts/lib/ajv.mjs and @cdx/validate\'s base64 check. Do not edit.';

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
    properties: CDX_KEYWORDS,
  };
}

/** The plugin's CommonJS source (CommonJS so that ajv-cli's `-c` can require it). */
export function ajvPluginSource() {
  const keywords = JSON.stringify(CDX_KEYWORDS, null, 2);
  const formats = Object.entries(CDX_FORMATS)
    .map(([name, regex]) => `  ${name}: ${regex.toString()},`)
    .join('\n');
  const base64 = readFileSync(BASE64, 'utf8').replace(/^'use strict';\n/m, '');
  return `${BANNER}
'use strict';

const base64 = (() => {
  const module = { exports: {} };
${base64.trimEnd().replace(/^/gm, '  ').replace(/^ +$/gm, '')}
  return module.exports.base64;
})();

/** The cdx annotation keywords, each with the meta-schema of its value. */
const KEYWORDS = ${keywords};

/** Formats the schemas use that ajv-formats does not define. */
const FORMATS = {
${formats}
  base64: { type: 'string', validate: base64 },
};

const VOCABULARY = ${JSON.stringify(vocabularySchema(), null, 2)};

/**
 * Adds the cdx vocabulary (annotation keywords that never validate), the formats iso8601, e164 and
 * base64, and the vocabulary meta-schema to an ajv instance, so that the schemas compile in strict
 * mode and their formats are checked. The standard formats (date, date-time, uri, uuid) come from
 * ajv-formats. Keywords and formats the instance already has are left as they are. Returns ajv.
 */
function cdxAjv(ajv) {
  for (const [keyword, metaSchema] of Object.entries(KEYWORDS)) {
    if (!ajv.getKeyword(keyword)) ajv.addKeyword({ keyword, metaSchema, schemaType: metaSchema.type || ['string'], valid: true });
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
  export const keywords: Readonly<Record<${Object.keys(CDX_KEYWORDS).map((k) => JSON.stringify(k)).join(' | ')}, object>>;
  /** The formats the plugin adds. */
  export const formats: Readonly<Record<${[...Object.keys(CDX_FORMATS), 'base64'].map((k) => JSON.stringify(k)).join(' | ')}, RegExp | object>>;
}
export = cdxAjv;
`;
}
