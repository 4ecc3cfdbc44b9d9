// @ts-check
// The reference targets the spec states for the service's FHIR resources (`cdxTargets` on a
// profile's Reference member: Goal.subject "to a Patient", MedicationRequest.recorder
// "(Practitioner)", the Claim $attach DocumentReference subject "a Patient, Practitioner, Group or
// Device", …) beside the targets R4 itself allows there, read from the 4.0.1 StructureDefinitions
// (hl7.fhir.r4.examples). Emitted as packages/validate/src/generated/reference-targets.ts, per kind:
// the resource types it carries under such a profile (the kind's own resource, or its bundle's
// entries), their members and both lists.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { DEFINITIONS_PACKAGE } from '../fhir/upstream.mjs';
import { PROFILES_DIR } from './fhir-schemas.mjs';

const R4_PROFILE = 'http://hl7.org/fhir/StructureDefinition/';

/**
 * The target types R4 allows for `<type>.<member>` (every targetProfile of its Reference types).
 * @param {string} definitionsDir
 * @param {string} type
 * @param {string} member
 * @returns {string[]}
 */
function r4Targets(definitionsDir, type, member) {
  const sd = JSON.parse(readFileSync(join(definitionsDir, `StructureDefinition-${type}.json`), 'utf8'));
  const element = sd.snapshot.element.find((/** @type {any} */ e) => e.path === `${type}.${member}`);
  if (!element) throw new Error(`reference-targets: R4 ${type} has no element ${member}`);
  /** @type {string[]} */
  const targets = (element.type ?? []).filter((/** @type {any} */ t) => t.code === 'Reference').flatMap((/** @type {any} */ t) => t.targetProfile ?? []);
  if (targets.length === 0) throw new Error(`reference-targets: R4 ${type}.${member} is not a Reference`);
  return targets.map((url) => (url.startsWith(R4_PROFILE) ? url.slice(R4_PROFILE.length) : url)).filter((t) => t !== 'Resource');
}

/**
 * A profile's stated targets: resourceType → member → { service, r4 }.
 * @param {any} entry
 * @param {string} definitionsDir
 */
function profileTargets(entry, definitionsDir) {
  const type = entry.schema.properties?.resourceType?.const;
  /** @type {Record<string, { service: string[], r4: string[] }>} */
  const members = {};
  for (const [member, sub] of /** @type {[string, any][]} */ (Object.entries(entry.schema.properties ?? {}))) {
    if (!Array.isArray(sub?.cdxTargets)) continue;
    const r4 = r4Targets(definitionsDir, type, member);
    const outside = sub.cdxTargets.filter((/** @type {string} */ t) => !r4.includes(t));
    // A stated target R4 does not allow would be a disagreement to record in docs/decisions.md first.
    if (outside.length > 0) throw new Error(`reference-targets: ${entry.rel} ${member}: ${outside.join(', ')} not allowed by R4 (${r4.join(', ')})`);
    members[member] = { service: sub.cdxTargets, r4 };
  }
  return Object.keys(members).length > 0 ? { [type]: members } : undefined;
}

/**
 * Every `$ref` of a schema, resolved against its file.
 * @param {any} entry
 * @returns {Set<string>}
 */
function refsOf(entry) {
  /** @type {Set<string>} */
  const out = new Set();
  /** @param {any} node @returns {void} */
  const visit = (node) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    if (typeof node.$ref === 'string') out.add(new URL(node.$ref, entry.id).href.replace(/#.*$/, ''));
    for (const [key, value] of Object.entries(node)) if (key !== 'const' && key !== 'enum') visit(value);
  };
  visit(entry.schema);
  return out;
}

/**
 * @param {any[]} entries every schema
 * @param {{ id: string, family: string, entry: any }[]} kinds
 * @param {string} banner
 * @param {string} root the repository (where hl7.fhir.r4.examples is installed)
 */
export function emitReferenceTargets(entries, kinds, banner, root) {
  const definitionsDir = dirname(createRequire(join(root, 'package.json')).resolve(DEFINITIONS_PACKAGE));
  const byProfile = new Map();
  for (const entry of entries.filter((e) => e.rel.startsWith(PROFILES_DIR))) {
    const targets = profileTargets(entry, definitionsDir);
    if (targets) byProfile.set(entry.id, targets);
  }
  /** @type {Record<string, object>} */
  const byKind = {};
  for (const kind of kinds.filter((k) => k.family === 'fhir')) {
    const own = byProfile.get(kind.entry.id);
    const carried = [...refsOf(kind.entry)].map((id) => byProfile.get(id)).filter(Boolean);
    const merged = Object.assign({}, own, ...carried);
    if (Object.keys(merged).length > 0) byKind[kind.id] = merged;
  }
  return [
    banner,
    '',
    '/** A Reference member of a service profile: the types the spec states, and those R4 allows there. */',
    'export interface ReferenceTargets {',
    '  readonly service: readonly string[];',
    '  readonly r4: readonly string[];',
    '}',
    '',
    "/** Kind → resource type (the kind's own resource, or its bundle's entries) → member → targets. */",
    `export const REFERENCE_TARGETS: Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, ReferenceTargets>>>>>> = ${JSON.stringify(byKind, null, 2)};`,
    '',
  ].join('\n');
}
