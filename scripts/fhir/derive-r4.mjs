#!/usr/bin/env node
// @ts-check
// Derives the FHIR R4 base definitions under schemas/fhir/r4/ from upstream packages, never by hand.
// Every R4 resource type is derived; the steps are one module each:
//
//   upstream.mjs     read fhir.schema.json (the R4 4.0.0 build) and the 4.0.1 definitions package
//   elements.mjs     which definitions to derive and which 4.0.1 element each describes
//   corrections.mjs  check each definition against 4.0.1, and what to correct
//   convert.mjs      rewrite a definition for schemas/ (2020-12, inlined primitives, safe patterns)
//   emit.mjs         lay the result out as files
//
// Run by `pnpm generate` (stage 1, see DERIVED in scripts/generate.mjs).
// `node scripts/fhir/derive-r4.mjs --report` prints what was verified and every correction made.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyCorrections, corrections } from './corrections.mjs';
import { convert } from './convert.mjs';
import { closure, elementsByDefinition, isPrimitiveName, ownerOf } from './elements.mjs';
import { emitFiles, refResolver } from './emit.mjs';
import { DEFINITIONS_PACKAGE, UPSTREAM_SCHEMA, Upstream } from './upstream.mjs';

/**
 * Resource types whose standalone kind is a service profile (schemas/fhir/profiles/ claims the
 * type with `cdxDetect.resourceType` and no bundle type): their R4 file declares no kind of its own.
 * @param {string} root repository root
 * @returns {Set<string>}
 */
export function profiledTypes(root) {
  const dir = join(root, 'schemas/fhir/profiles');
  const out = new Set();
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.schema.json'))
    .sort()) {
    const detect = JSON.parse(readFileSync(join(dir, file), 'utf8')).cdxDetect;
    if (typeof detect?.resourceType === 'string' && detect.resourceType !== 'Bundle' && !detect.bundleType) out.add(detect.resourceType);
  }
  return out;
}

/**
 * Stage-1 producer (scripts/generate.mjs): the derived files, by path relative to schemas/fhir/r4.
 * @param {string} root repository root
 * @param {(source: string) => string} banner the generated-file banner, given its source
 * @param {{ log?: (line: string) => void }} [options]
 * @returns {Promise<Map<string, string>>}
 */
export function produce(root, banner, options = {}) {
  const log = options.log ?? (() => {});
  const up = new Upstream(root);
  const version = up.version();
  if (!['4.0.0', '4.0.1'].includes(version) || up.schema.id !== 'http://hl7.org/fhir/json-schema/4.0') {
    throw new Error(`derive-r4: ${UPSTREAM_SCHEMA} is not an R4 schema (FHIRVersion ends at ${version})`);
  }
  if (up.examplesPackage.version !== '4.0.1') {
    throw new Error(`derive-r4: hl7.fhir.r4.examples must be 4.0.1, found ${up.examplesPackage.version}`);
  }
  const source = `${UPSTREAM_SCHEMA}@${up.schemaPackage.version} (R4 ${version} build) and ${DEFINITIONS_PACKAGE.split('/')[0]}@4.0.1 by scripts/fhir/derive-r4.mjs`;
  log(`fhir.schema.json is the R4 ${version} build; checking every definition against 4.0.1`);
  const comment = banner(source)
    .replace(/^\/\* | \*\/$/g, '')
    .replace('edit schemas/ and regenerate', 'change scripts/fhir/derive-r4.mjs and regenerate');

  const resourceTypes = up.resourceTypes();
  const types = new Set(resourceTypes);
  const isResource = (/** @type {string} */ name) => types.has(ownerOf(name));
  const structured = closure(up, resourceTypes).filter((n) => !isPrimitiveName(n));
  const elements = elementsByDefinition(up, structured);

  /** @type {Map<string, Record<string, any>>} */
  const derived = new Map();
  for (const name of structured) {
    const def = up.defs[name];
    const info = elements.get(name);
    if (!def || !info) throw new Error(`derive-r4: no definition or element for ${name}`);
    const fix = corrections(up, name, def, info, (line) => {
      log(`  ${name}: ${line}`);
    });
    const refTo = refResolver(name, isResource);
    derived.set(name, applyCorrections(convert(up, name, def, refTo), fix, refTo));
  }
  // A promise, as generate.mjs expects of every producer (the others read files asynchronously).
  return Promise.resolve(emitFiles({ resourceTypes: [...resourceTypes].sort(), profiled: profiledTypes(root), derived, comment }));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
  const report = process.argv.includes('--report');
  const files = await produce(root, (s) => `/* Generated from ${s}. */`, { log: report ? console.log : undefined });
  console.log(`${files.size} files: ${[...files.keys()].join(', ')}`);
}
