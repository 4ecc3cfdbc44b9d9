// @ts-check
// Where R4 puts a Reference, and what it may refer to: read from the 4.0.1 StructureDefinitions
// (hl7.fhir.r4.examples) and emitted as packages/validate/src/generated/r4-references.ts, the table
// the `fhir-reference` rule walks a resource with. Per resource type and per data type that can
// hold a reference, each element path (JSON member names joined by `.`, array indexes left out)
// that leads to one:
//   - a list of target types: a Reference element (empty: any type, R4's `Resource`);
//   - a data type's name: an element of a type that holds references (Identifier.assigner, …);
//   - `Resource`: a slot holding a whole resource (`contained`, `Bundle.entry.resource`);
//   - `#path`: R4's contentReference (Questionnaire.item.item is a Questionnaire.item);
//   - 0: a backbone element with such a path below it.
// `extension`/`modifierExtension` members are left out: every element has them, and the rule walks each
// as an Extension itself.
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { DEFINITIONS_PACKAGE } from '../fhir/upstream.mjs';

const R4_PROFILE = 'http://hl7.org/fhir/StructureDefinition/';
const EXTENSIONS = new Set(['extension', 'modifierExtension']);

/** @param {string} s */
const capital = (s) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The R4 core type definitions: resources and complex data types (specializations only).
 * @param {string} dir
 * @returns {any[]}
 */
function coreTypes(dir) {
  return readdirSync(dir)
    .filter((f) => f.startsWith('StructureDefinition-') && f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')))
    .filter((sd) => sd.derivation === 'specialization' && (sd.kind === 'resource' || sd.kind === 'complex-type') && sd.url === `${R4_PROFILE}${sd.type}`)
    .sort((a, b) => (a.type < b.type ? -1 : a.type > b.type ? 1 : 0));
}

/**
 * Each element of a definition by the JSON name of each of its types: [path, type, element].
 * @param {any} sd
 * @returns {[string, any, any][]}
 */
function members(sd) {
  /** @type {[string, any, any][]} */
  const out = [];
  for (const element of sd.snapshot.element) {
    const parts = String(element.path).split('.').slice(1);
    if (parts.length === 0 || parts.some((p) => EXTENSIONS.has(p))) continue;
    const last = parts[parts.length - 1] ?? '';
    const prefix = parts.slice(0, -1).join('.');
    const join2 = (/** @type {string} */ name) => (prefix ? `${prefix}.${name}` : name);
    if (element.contentReference) {
      out.push([join2(last), { code: element.contentReference }, element]);
      continue;
    }
    for (const type of element.type ?? []) {
      const name = last.endsWith('[x]') ? last.slice(0, -3) + capital(type.code) : last;
      out.push([join2(name), type, element]);
    }
  }
  return out;
}

/**
 * @param {string} banner
 * @param {string} root the repository (where hl7.fhir.r4.examples is installed)
 */
export function emitR4References(banner, root) {
  const dir = dirname(createRequire(join(root, 'package.json')).resolve(DEFINITIONS_PACKAGE));
  const types = coreTypes(dir);
  return emitTable(banner, referenceTable(types), types);
}

/**
 * The table itself: type → element path → targets, data type, `Resource`, `#path` or 0.
 * @param {string} root the repository (where hl7.fhir.r4.examples is installed)
 * @returns {Record<string, Record<string, string[] | string | 0>>}
 */
export function r4ReferenceTable(root) {
  return referenceTable(coreTypes(dirname(createRequire(join(root, 'package.json')).resolve(DEFINITIONS_PACKAGE))));
}

/** @param {any[]} types the core type definitions */
function referenceTable(types) {
  // The data types that hold a reference somewhere below (to a fixed point: Reference holds an
  // Identifier, whose assigner is a Reference).
  const carriers = new Set(['Reference']);
  for (let changed = true; changed;) {
    changed = false;
    for (const sd of types.filter((t) => t.kind === 'complex-type' && !carriers.has(t.type)))
      if (members(sd).some(([, type]) => type.code === 'Resource' || carriers.has(type.code))) {
        carriers.add(sd.type);
        changed = true;
      }
  }
  /** @type {Record<string, Record<string, string[] | string | 0>>} */
  const table = {};
  for (const sd of types) {
    if (sd.kind === 'complex-type' && !carriers.has(sd.type)) continue;
    /** @type {Record<string, string[] | string | 0>} */
    const paths = {};
    for (const [path, type] of members(sd)) {
      if (type.code === 'Reference')
        paths[path] = (type.targetProfile ?? [])
          .map((/** @type {string} */ url) => (url.startsWith(R4_PROFILE) ? url.slice(R4_PROFILE.length) : url))
          .filter((/** @type {string} */ t) => t !== 'Resource');
      else if (type.code === 'Resource') paths[path] = 'Resource';
      else if (carriers.has(type.code)) paths[path] = type.code;
      else if (type.code.startsWith('#')) paths[path] = `#${type.code.split('.').slice(1).join('.')}`;
    }
    // Aliases to paths that lead nowhere, and the backbone elements above every path.
    for (const [path, value] of Object.entries(paths)) {
      if (typeof value === 'string' && value.startsWith('#') && !Object.keys(paths).some((p) => p === value.slice(1) || p.startsWith(`${value.slice(1)}.`)))
        delete paths[path];
    }
    for (const path of Object.keys(paths)) {
      const parts = path.split('.');
      for (let i = 1; i < parts.length; i++) {
        const above = parts.slice(0, i).join('.');
        if (!(above in paths)) paths[above] = 0;
      }
    }
    if (Object.keys(paths).length > 0) table[sd.type] = Object.fromEntries(Object.entries(paths).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  }
  return table;
}

/**
 * @param {string} banner
 * @param {Record<string, Record<string, string[] | string | 0>>} table
 * @param {any[]} types
 */
function emitTable(banner, table, types) {
  return [
    banner,
    '',
    '/**',
    ' * Where R4 puts a Reference (scripts/lib/r4-references.mjs): type → element path (JSON member names) →',
    " * the target types (empty: any), the data type there, `Resource` (a resource slot), `#path` (R4's",
    ' * contentReference) or 0 (a backbone element above one).',
    ' */',
    'export type R4ReferencePath = readonly string[] | string | 0;',
    '',
    'export const R4_REFERENCES: Readonly<Record<string, Readonly<Record<string, R4ReferencePath>>>> = {',
    ...Object.entries(table).map(
      ([type, paths]) =>
        `  ${JSON.stringify(type)}: {\n${Object.entries(paths)
          .map(([p, v]) => `    ${JSON.stringify(p)}: ${JSON.stringify(v)},`)
          .join('\n')}\n  },`,
    ),
    '};',
    '',
    '/** Every R4 resource type. */',
    `export const R4_RESOURCE_TYPES: ReadonlySet<string> = new Set(${JSON.stringify(
      types.filter((t) => t.kind === 'resource' && !t.abstract).map((t) => t.type),
      null,
      2,
    )});`,
    '',
  ].join('\n');
}
