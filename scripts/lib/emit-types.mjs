// @ts-check
// Emits @cdx/types: one module per schema file, mirroring schemas/, plus an index with the
// kind map. References to other files become imports of their named types (json-schema-to-typescript
// would otherwise inline and rename them); cdx annotations become JSDoc.
import { compile } from 'json-schema-to-typescript';
import { posix } from 'node:path';
import { MATURITY_TITLES as MATURITY } from './hooks.mjs';
import { resolveRef } from './resolve.mjs';

/** @typedef {import('./schemas.mjs').Entry} Entry */
/** @typedef {import('./emit-validators.mjs').Kind} Kind */
/** @typedef {Record<string, any>} Schema */

/** @type {Record<string, (value: any) => string>} */
const LABEL_NOTES = {
  cdxLabel: (v) => `Reliability: ${v}.`,
  cdxBeta: (v) => (v ? 'Beta.' : ''),
  cdxHook: (v) =>
    `Hook version ${v.hookVersion}, maturity ${v.maturity} - ${MATURITY[v.maturity]}.${v.replacedBy ? ` Deprecated: use ${v.replacedBy.join(' or ')}.` : ''}`,
  cdxPrefetchToken: (v) => (v ? 'Prefetch token: usable in prefetch templates as {{context.<name>}}.' : ''),
  cdxNoDataOnDemand: (v) => (v ? 'Not supported with data on demand.' : ''),
};

/** Module path (no extension) of a schema's types, relative to src/generated. */
export const typesModule = (/** @type {Entry} */ entry) => entry.rel.replace(/\.schema\.json$/, '');

/** An allOf member that is only a conditional (`if`/`then`/`else`): TypeScript cannot express it. */
const isConditional = (/** @type {any} */ s) =>
  s && typeof s === 'object' && 'if' in s && Object.keys(s).every((k) => ['if', 'then', 'else', 'description', '$comment'].includes(k));
/** `if resourceType is X then <X's schema>`: a FHIR dispatch, whose TypeScript form is a union member. */
const dispatchTarget = (/** @type {Schema} */ s) => (typeof s.if?.properties?.resourceType?.const === 'string' && s.then && !s.else ? s.then : null);

/**
 * Conditionals in allOf are checked at run time only: dropped here (json-schema-to-typescript would
 * otherwise name the remaining object after the title too, giving `Thing1`). An allOf made only of
 * resourceType dispatches (FHIR bundle entries) becomes the union of the dispatched schemas.
 * @param {Schema} node
 * @returns {Schema}
 */
function withoutConditionals(node) {
  if (!Array.isArray(node.allOf) || !node.allOf.some(isConditional)) return node;
  const conditionals = node.allOf.filter(isConditional);
  const targets = conditionals.map(dispatchTarget);
  if (targets.every(Boolean) && conditionals.length === node.allOf.length) {
    const { title, description } = node;
    return { ...(title ? { title } : {}), ...(description ? { description } : {}), anyOf: targets };
  }
  const { allOf, ...rest } = node;
  const kept = allOf.filter((/** @type {unknown} */ s) => !isConditional(s));
  return kept.length > 0 ? { ...rest, allOf: kept } : rest;
}

/**
 * A schema as json-schema-to-typescript should see it: other files' definitions by their type
 * names (recorded in `imports`), annotations as JSDoc.
 * @param {Entry} entry
 * @param {Entry[]} entries
 * @param {Map<string, string>} imports type name → module
 * @returns {Schema}
 */
function prepare(entry, entries, imports) {
  /** @param {any} input @returns {any} */
  const visit = (input) => {
    if (Array.isArray(input)) return input.map(visit);
    if (!input || typeof input !== 'object') return input;
    const node = withoutConditionals(input);
    /** @type {Schema} */
    const out = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$id' || key === '$schema' || key.startsWith('cdx')) continue;
      out[key] = visit(value);
    }
    if (typeof node.$ref === 'string' && !node.$ref.startsWith('#')) {
      const { entry: target, target: sub, fragment } = resolveRef(node.$ref, entry.id, entries);
      const name = fragment ? sub.title : target.schema.title;
      if (!name) throw new Error(`${entry.rel}: $ref ${node.$ref} points at a definition without a title`);
      delete out.$ref;
      out.tsType = name;
      if (target !== entry) imports.set(name, typesModule(target));
    }
    const notes = Object.entries(LABEL_NOTES)
      .filter(([k]) => k in node)
      .map(([k, f]) => f(node[k]))
      .filter(Boolean);
    if (node.cdxVariantOf) {
      out.deprecated = true;
      notes.push(`Known variant spelling of \`${node.cdxVariantOf}\`: the service's canonical name is \`${node.cdxVariantOf}\`.`);
    }
    if (notes.length > 0) out.description = [node.description, notes.join(' ')].filter(Boolean).join('\n\n');
    return out;
  };
  return visit(entry.schema);
}

/**
 * @param {Entry} entry
 * @param {Entry[]} entries
 * @param {string} banner
 */
async function emitOne(entry, entries, banner) {
  /** @type {Map<string, string>} */
  const imports = new Map();
  const schema = prepare(entry, entries, imports);
  const code = await compile(/** @type {import('json-schema-to-typescript').JSONSchema} */ (schema), entry.schema.title, {
    bannerComment: '',
    additionalProperties: false,
    strictIndexSignatures: true,
    declareExternallyReferenced: true,
    unreachableDefinitions: !entry.schema.cdxKind,
    format: true,
    $refOptions: { resolve: { http: false, file: false } },
  });
  const from = posix.dirname(typesModule(entry));
  const importLines = [...imports.entries()]
    // Code-unit order, the same on every machine (localeCompare follows the locale).
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, module]) => {
      let path = posix.relative(from, module);
      if (!path.startsWith('.')) path = `./${path}`;
      return `import type { ${name} } from '${path}.js';`;
    });
  return [banner, ...importLines, importLines.length ? '' : null, code.trimEnd(), ''].filter((l) => l !== null).join('\n');
}

/**
 * The name of each family's union of payload types.
 * @type {Record<string, string>}
 */
const FAMILY_UNIONS = { datamodel: 'DataModelMessage', cdshooks: 'CdsHooksDocument', fhir: 'FhirPayload', auth: 'AuthBody', search: 'SearchBody' };

/**
 * The CDS Hooks requests by hook name: `CdsHooksRequest<'order-sign'>` is the order-sign request's
 * type, `CdsHooksRequest` any request of a library hook.
 * @param {Kind[]} kinds
 */
function hookRequests(kinds) {
  const hooks = kinds.filter((k) => k.entry.schema.cdxHook).map((k) => [k.entry.schema.properties.hook.const, k.title]);
  return [
    '/** The request type of each hook of the CDS Hooks hook library, by hook name. */',
    'export interface CdsHooksRequestMap {',
    ...hooks.map(([hook, title]) => `  ${JSON.stringify(hook)}: ${title};`),
    '}',
    '',
    '/** The name of a hook of the CDS Hooks hook library. */',
    'export type CdsHookName = keyof CdsHooksRequestMap;',
    '',
    "/** A CDS Hooks request of a library hook: `CdsHooksRequest<'order-sign'>`, or any of them. */",
    'export type CdsHooksRequest<H extends CdsHookName = CdsHookName> = CdsHooksRequestMap[H];',
    '',
  ];
}

/**
 * @param {Entry[]} entries
 * @param {Kind[]} kinds
 * @param {string} banner
 * @returns {Promise<Map<string, string>>} file path relative to packages/types/src/generated → contents
 */
export async function emitTypes(entries, kinds, banner) {
  /** @type {Map<string, string>} */
  const files = new Map();
  for (const entry of entries) files.set(`${typesModule(entry)}.ts`, await emitOne(entry, entries, banner));

  const index = [banner];
  for (const entry of entries) index.push(`export type * from './${typesModule(entry)}.js';`);
  const kindImports = kinds.map((k) => `import type { ${k.title} } from './${typesModule(k.entry)}.js';`);
  index.push('', ...kindImports, '');
  index.push('/** Every kind id `@cdx/validate` knows, mapped to the type of its payload. */');
  index.push('export interface KindMap {');
  for (const k of kinds) index.push(`  ${JSON.stringify(k.id)}: ${k.title};`);
  index.push(
    '}',
    '',
    '/** A kind id: `"<DataModel>/<EventType>"`, `"cds-hooks/<document or hook>"`, `"fhir/<Name>"`, `"fhir/<Type>/_search"` or `"auth/<Name>"`. */',
  );
  index.push('export type KindId = keyof KindMap;', '');
  for (const family of [...new Set(kinds.map((k) => k.family))]) {
    const members = kinds.filter((k) => k.family === family).map((k) => k.title);
    const name = FAMILY_UNIONS[family];
    if (!name) throw new Error(`emit-types: no union name for the ${family} family`);
    index.push(`/** Every ${family} payload type. */`, `export type ${name} = ${members.join(' | ')};`, '');
  }
  index.push(...hookRequests(kinds));
  files.set('index.ts', index.join('\n'));
  return files;
}
