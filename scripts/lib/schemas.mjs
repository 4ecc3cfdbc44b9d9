// @ts-check
// Loads every schema under schemas/ and checks the conventions the generator relies on
// (see schemas/README.md). Everything downstream takes its input from here, in path order.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export const ID_BASE = 'https://schemas.cdx.dev/';
export const SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/** Families are the top-level folders of schemas/; each has its own kind-id scheme. */
export const FAMILIES = ['datamodel', 'cdshooks', 'fhir', 'auth', 'search'];

/**
 * @param {string} dir
 * @returns {string[]}
 */
function listSchemaFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listSchemaFiles(path));
    else if (entry.name.endsWith('.schema.json')) out.push(path);
  }
  return out;
}

/**
 * One schema file: its path, its path inside schemas/ (`fhir/r4/Patient.schema.json`), its $id, its
 * family (the top-level folder) and its contents.
 * @typedef {{ file: string, rel: string, id: string, family: string, schema: any }} Entry
 */

/**
 * @param {string} schemasDir absolute path of schemas/
 * @returns {Entry[]}
 */
export function loadSchemas(schemasDir) {
  const problems = [];
  const titles = new Map();
  const entries = [];
  const files = FAMILIES.flatMap((family) => {
    try {
      return listSchemaFiles(join(schemasDir, family));
    } catch {
      return [];
    }
  }).sort();
  for (const file of files) {
    const rel = relative(schemasDir, file).split(sep).join('/');
    let schema;
    try {
      schema = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      problems.push(`${rel}: not valid JSON (${error instanceof Error ? error.message : String(error)})`);
      continue;
    }
    const id = ID_BASE + rel;
    if (schema.$schema !== SCHEMA_DIALECT) problems.push(`${rel}: $schema must be ${SCHEMA_DIALECT}`);
    if (schema.$id !== id) problems.push(`${rel}: $id must be ${id}`);
    if (typeof schema.title !== 'string' || !/^[A-Z][A-Za-z0-9]*$/.test(schema.title)) {
      problems.push(`${rel}: title must be a PascalCase type name`);
    } else if (titles.has(schema.title)) {
      problems.push(`${rel}: title ${schema.title} is already used by ${titles.get(schema.title)}`);
    } else titles.set(schema.title, rel);
    if (typeof schema.description !== 'string' || schema.description.length === 0) {
      problems.push(`${rel}: description is missing`);
    }
    entries.push({ file, rel, id, family: rel.split('/')[0] ?? '', schema });
  }
  if (problems.length > 0) {
    throw new Error(`schemas/ breaks its conventions:\n  ${problems.join('\n  ')}`);
  }
  return entries;
}

/**
 * The file name (without extension) used for a kind's generated modules.
 * @param {string} kindId
 */
export function kindSlug(kindId) {
  return kindId
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
