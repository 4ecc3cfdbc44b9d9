// @ts-check
// Precompiled checkers of options, so that nothing compiles a schema at run time:
//
//   @cdx/validate  generated/validators/rule-options.cjs   every rule's options schema (the rules'
//                  `meta.options`, read from the rule registry itself), for validate()'s options;
//   cdx-lint       generated/config-schema.cjs (+ .d.cts)   the published config schema
//                  (packages/cdx-lint/schema/cdx-lint.config.schema.json), for the config loader.
//
// The registry is TypeScript: esbuild bundles it (rules/index.ts and what it imports; the generated
// modules are stubbed, since no rule's meta depends on them) and the bundle is imported to read it.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import { build } from 'esbuild';
import { canonicalStandalone, localNames } from './standalone.mjs';

/** Keywords the published config schema carries for editors (VS Code shows them): annotations here. */
export const EDITOR_KEYWORDS = ['errorMessage', 'patternErrorMessage'];

/** @typedef {{ id: string, options: { properties: Record<string, any> } | undefined }} RuleMetaLike */

/** This repository (the tools), whose packages the bundle takes its dependencies from when `root` is a copy. */
const TOOLS = join(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The metas of every rule in @cdx/validate's registry.
 * @param {string} root repository root
 * @returns {Promise<RuleMetaLike[]>}
 */
export async function ruleMetas(root) {
  const result = await build({
    entryPoints: [join(root, 'packages/validate/src/rules/index.ts')],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    logLevel: 'silent',
    nodePaths: [join(TOOLS, 'packages/validate/node_modules'), join(TOOLS, 'node_modules')],
    plugins: [
      {
        name: 'stub-generated',
        setup(b) {
          // Each generated module becomes one exporting an empty list under every name its importer takes.
          b.onResolve({ filter: /\/generated\// }, (args) => ({ path: `${args.importer}>${args.path}`, namespace: 'stub' }));
          b.onLoad({ filter: /.*/, namespace: 'stub' }, (args) => {
            const at = args.path.lastIndexOf('>');
            const [importer, spec] = [args.path.slice(0, at), args.path.slice(at + 1)];
            const names = new Set();
            for (const match of readFileSync(importer, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'([^']+)'/g)) {
              if (match[2] !== spec) continue;
              for (const part of (match[1] ?? '').split(',')) {
                const name = part.trim().split(/\s+as\s+/)[0] ?? '';
                if (name !== '' && !name.startsWith('type ')) names.add(name);
              }
            }
            return { contents: [...names].map((n) => `export const ${n} = [];`).join('\n'), loader: 'js' };
          });
        },
      },
    ],
  });
  const dir = mkdtempSync(join(tmpdir(), 'cdx-generate-'));
  try {
    const file = join(dir, 'rules.mjs');
    writeFileSync(file, result.outputFiles[0]?.text ?? '');
    /** @type {{ RULES: { meta: RuleMetaLike }[] }} */
    const registry = await import(pathToFileURL(file).href);
    return registry.RULES.map((rule) => rule.meta);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * One schema over every rule option (each option belongs to one rule; two rules may not both
 * declare a name).
 * @param {RuleMetaLike[]} metas
 */
export function ruleOptionsSchema(metas) {
  /** @type {Record<string, any>} */
  const properties = {};
  for (const meta of metas) {
    for (const [name, schema] of Object.entries(meta.options?.properties ?? {})) {
      if (Object.hasOwn(properties, name)) throw new Error(`rule option ${name} is declared by two rules (${meta.id} and another)`);
      properties[name] = schema;
    }
  }
  return { $id: 'https://schemas.cdx.dev/.options/rule-options.json', type: 'object', properties, additionalProperties: false };
}

/** An ajv that compiles option and config schemas as the shipped code runs them. */
function optionsAjv() {
  const ajv = new Ajv2020.default({ strict: true, allErrors: true, messages: false, code: { source: true, lines: true } });
  for (const keyword of EDITOR_KEYWORDS) ajv.addKeyword({ keyword, schemaType: 'string', valid: true });
  return ajv;
}

/** Module code exporting `validate`: the standalone validator of one schema. */
function validatorModule(/** @type {any} */ schema) {
  const ajv = optionsAjv();
  ajv.addSchema(schema);
  return localNames(canonicalStandalone(ajv, { validate: schema.$id }));
}

/**
 * @param {string} root repository root
 * @returns {Promise<Map<string, string>>} path relative to packages/validate/src/generated → code (without banner)
 */
export async function emitRuleOptions(root) {
  return new Map([['validators/rule-options.cjs', validatorModule(ruleOptionsSchema(await ruleMetas(root)))]]);
}

/**
 * What the config check says of a schema error, taken from the schema: the editor keywords of each
 * subschema that has them, and the members each object allows (for "did you mean").
 * @param {any} schema
 */
function configTables(schema) {
  /** @type {Record<string, Record<string, string>>} */
  const hints = {};
  /** @type {Record<string, string[]>} */
  const members = {};
  /** @param {any} node @param {string} path */
  const visit = (node, path) => {
    if (!node || typeof node !== 'object') return;
    const own = Object.fromEntries(EDITOR_KEYWORDS.filter((k) => typeof node[k] === 'string').map((k) => [k, node[k]]));
    if (Object.keys(own).length > 0) hints[path] = own;
    if (node.properties && node.additionalProperties === false) members[path] = Object.keys(node.properties);
    for (const [key, value] of Object.entries(node)) {
      if (Array.isArray(value))
        value.forEach((v, i) => {
          visit(v, `${path}/${key}/${i}`);
        });
      else if (value && typeof value === 'object') visit(value, `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
    }
  };
  visit(schema, '#');
  return `exports.hints = ${JSON.stringify(hints, null, 2)};\nexports.members = ${JSON.stringify(members, null, 2)};`;
}

/** Where the published config schema is, relative to the repository root. */
export const CONFIG_SCHEMA = 'packages/cdx-lint/schema/cdx-lint.config.schema.json';

/**
 * @param {string} root repository root
 * @returns {Map<string, string>} path relative to packages/cdx-lint/src/generated → code (without banner)
 */
export function emitConfigChecker(root) {
  const schema = JSON.parse(readFileSync(join(root, CONFIG_SCHEMA), 'utf8'));
  const declaration = [
    '/** What the validator reports of each way the config fails the schema. */',
    'export interface SchemaError {',
    '  instancePath: string;',
    '  schemaPath: string;',
    '  keyword: string;',
    '  params: Record<string, unknown>;',
    '}',
    '',
    '/** The published config schema, compiled: true when the config matches it, else `validate.errors`. */',
    'export declare const validate: ((data: unknown) => boolean) & { errors?: SchemaError[] | null };',
    '',
    '/** The words the schema has for the errors of a subschema, by its schema path (`#/properties/extensions`). */',
    'export declare const hints: Readonly<Record<string, { errorMessage?: string; patternErrorMessage?: string }>>;',
    '',
    '/** The member names an object of the schema allows, by its schema path (`#`, `#/properties/overrides/items`). */',
    'export declare const members: Readonly<Record<string, readonly string[]>>;',
  ].join('\n');
  return new Map([
    ['config-schema.cjs', `${validatorModule(schema)}\n${configTables(schema)}`],
    ['config-schema.d.cts', declaration],
  ]);
}
