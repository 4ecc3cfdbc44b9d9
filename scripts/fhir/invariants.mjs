// @ts-check
// R4's invariants as a table for @cdx/validate's fhir-invariant rule: every `constraint` of the 4.0.1
// StructureDefinitions of the base types (resources and data types, not profiles or logical models),
// each once, where it is defined (its `source`), with its key, severity, a message in words and its
// FHIRPath. Written by `pnpm generate` to packages/validate/src/generated/fhir-invariants.ts.
import { readdirSync } from 'node:fs';
import { Upstream } from './upstream.mjs';

/** @typedef {[key: string, path: string, severity: 'error' | 'warning', message: string, expression: string]} Row */

/**
 * Messages where R4's `human` text does not say what to change (a bare formula, a typo, a
 * statement that reads as a fact): the rewording, by key and path.
 * @type {Record<string, string>}
 */
const REWORDED = {
  'ele-1 Element': 'An element must have a value or children: remove the empty element, or give it content.',
  'eld-2 ElementDefinition': '`min` must not be greater than `max`.',
  'eld-3 ElementDefinition.max': '`max` must be a non-negative whole number or "*".',
  'ipn-1 InsurancePlan': 'The plan must have at least a name or an identifier.',
  'lnk-1 Linkage': 'A linkage must have at least two items.',
  'md-1 MessageDefinition.focus': '`max` must be a positive whole number or "*".',
  'ras-2 RiskAssessment.prediction': 'A decimal `probability` must be at most 100.',
  'rng-2 Range': '`low` must not be greater than `high`.',
  'per-1 Period': '`start` must not be after `end`.',
  'inv-1 Task': '`lastModified` must not be before `authoredOn`.',
  'mdd-1 MedicationDispense': '`whenHandedOver` must not be before `whenPrepared`.',
  'app-2 Appointment': 'Give both `start` and `end`, or neither.',
  'msq-3 MolecularSequence': '`coordinateSystem` must be 0 or 1.',
  'txt-2 Narrative.div': 'The narrative must have some non-whitespace content.',
};

/** One line, no doubled spaces, ends with a full stop. @param {string} text */
function tidy(text) {
  const line = text.replace(/\s+/g, ' ').trim();
  return /[.!?]$/.test(line) ? line : `${line}.`;
}

/**
 * @param {string} root repository root (where hl7.fhir.r4.examples is installed)
 * @param {Upstream} [up] the packages, read once for both tables
 * @returns {Row[]} sorted by path, then key
 */
export function invariantRows(root, up = new Upstream(root)) {
  /** @type {Map<string, Row>} */
  const rows = new Map();
  for (const file of readdirSync(up.examplesDir).sort()) {
    if (!file.startsWith('StructureDefinition-')) continue;
    const sd = up.read(file);
    // Base types only: a profile's constraints hold only where it is claimed, a logical model is no format.
    if (!sd || sd.kind === 'logical' || sd.derivation === 'constraint') continue;
    for (const element of sd.snapshot?.element ?? []) {
      for (const c of element.constraint ?? []) {
        // A constraint is listed where it is defined; an inherited copy (ele-1 on every element) is the same one.
        if (c.source && c.source !== sd.url) continue;
        // Element.extension's copies of ele-1 and Extension.extension's of ext-1 are the type's own.
        const path = element.path === 'Element.extension' ? 'Element' : element.path === 'Extension.extension' ? 'Extension' : element.path;
        const id = `${c.key} ${path}`;
        if (rows.has(id)) continue;
        rows.set(id, [c.key, path, c.severity === 'error' ? 'error' : 'warning', REWORDED[id] ?? tidy(c.human), c.expression ?? '']);
      }
    }
  }
  for (const id of Object.keys(REWORDED)) if (!rows.has(id)) throw new Error(`invariants: no constraint ${id} to reword`);
  return [...rows.values()].sort((a, b) => (a[1] === b[1] ? compare(a[0], b[0]) : compare(a[1], b[1])));
}

/** @param {string} a @param {string} b */
const compare = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * R4's required bindings on CodeableConcept elements whose value set the package enumerates (one code
 * system each): a schema enum cannot say "one coding from this value set", so fhir-invariant checks
 * them. `code` elements get their enum in the derived schemas instead (corrections.mjs).
 * @param {string} root
 * @param {Upstream} [up]
 * @returns {[path: string, valueSet: string, system: string, codes: string][]}
 */
export function requiredCodings(root, up = new Upstream(root)) {
  /** @type {[string, string, string, string][]} */
  const rows = [];
  for (const file of readdirSync(up.examplesDir).sort()) {
    if (!file.startsWith('StructureDefinition-')) continue;
    const sd = up.read(file);
    if (!sd || sd.kind === 'logical' || sd.derivation === 'constraint') continue;
    for (const e of sd.differential?.element ?? []) {
      if (e.binding?.strength !== 'required' || (e.type ?? []).map((/** @type {Json} */ t) => t.code).join() !== 'CodeableConcept') continue;
      const url = String(e.binding.valueSet).split('|')[0] ?? '';
      const codes = up.expand(url);
      const systems = new Set((up.byCanonical('ValueSet', url)?.compose?.include ?? []).map((/** @type {Json} */ i) => i.system));
      if (codes === null || systems.size !== 1) continue;
      rows.push([e.path, url, String([...systems][0]), codes.join(' ')]);
    }
  }
  return rows.sort((a, b) => compare(a[0], b[0]));
}

/** @typedef {Record<string, any>} Json */

/**
 * The generated module: one row a line.
 * @param {string} root
 * @param {string} banner
 */
export function emitInvariants(root, banner) {
  const up = new Upstream(root);
  const rows = invariantRows(root, up);
  const lines = rows.map((row) => `  ${JSON.stringify(row)},`);
  const codings = requiredCodings(root, up).map((row) => `  ${JSON.stringify(row)},`);
  for (const line of [...lines, ...codings]) if (line.length > 1000) throw new Error(`invariants: a row is ${line.length} characters long`);
  return `${banner}
// R4 4.0.1's constraints on its base types: [key, path, severity, message, FHIRPath expression].
// The path is the element's (Patient.contact) or the data type's (Period) where R4 defines it.

export type InvariantRow = readonly [key: string, path: string, severity: 'error' | 'warning', message: string, expression: string];

export const INVARIANTS: readonly InvariantRow[] = [
${lines.join('\n')}
];

// R4's required bindings on CodeableConcept elements: [path, value set, its code system, its codes].

export type RequiredCodingRow = readonly [path: string, valueSet: string, system: string, codes: string];

export const REQUIRED_CODINGS: readonly RequiredCodingRow[] = [
${codings.join('\n')}
];
`;
}
