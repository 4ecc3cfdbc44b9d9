// @ts-check
// Step 3 of the R4 derivation: each upstream definition checked member by member against the 4.0.1
// element it describes (elements.mjs), and the corrections that makes it 4.0.1. Anything that
// differs in a way this file does not know how to correct stops the derivation.
import { PRIMITIVE_CODES, SYSTEM_STRING, capitalize, memberNames } from './elements.mjs';

/** @typedef {import('./upstream.mjs').Upstream} Upstream */
/** @typedef {import('./elements.mjs').ElementInfo} ElementInfo */
/** @typedef {Record<string, any>} Json */
/**
 * @typedef {object} Correction
 * @property {string[]} required members required outright
 * @property {Json[]} conditions `if`/`then` parts: required primitives and required choices
 * @property {Map<string, string[]>} enums required bindings: member → codes
 * @property {string[]} twins `_` twins upstream omits
 * @property {string[]} dropped members upstream has and 4.0.1 does not
 * @property {Map<string, { code: string, many: boolean, description: string }>} added members 4.0.1 has and upstream lacks
 * @property {Record<string, string[]>} choices choice elements (`value[x]`) → their forms (`valueString`, …): at most one may be present
 */

/**
 * The alternative a "required choice" finding names when none is present (default: the first
 * type 4.0.1 lists). R4 accepts any; the service reads MessageHeader.eventUri, so name that one.
 */
export const PREFERRED_CHOICE = { 'MessageHeader.event[x]': 'eventUri' };

/**
 * @param {Upstream} up
 * @param {string} name upstream definition name
 * @param {Json} def its upstream definition
 * @param {ElementInfo} info the 4.0.1 element it describes
 * @param {(line: string) => void} log
 * @returns {Correction}
 */
export function corrections(up, name, def, info, log) {
  const props = def.properties ?? {};
  const lastOf = (/** @type {Json} */ e) => String(e.path).split('.').pop() ?? '';
  const isAttribute = (/** @type {Json} */ e) => (e.type ?? []).every((/** @type {Json} */ t) => t.code === SYSTEM_STRING);
  const expected = new Set([...info.children.flatMap(memberNames), ...(info.path.includes('.') ? [] : ['resourceType'])]);
  // Element ids and extension urls are attributes in XML: no `_` twin in JSON.
  for (const e of info.children) if (isAttribute(e)) expected.delete(`_${lastOf(e)}`);
  if (!up.defs[name]?.properties?.resourceType) expected.delete('resourceType');
  const actual = new Set(Object.keys(props));
  // Upstream never writes the `_` twin of a canonical element (a generator quirk): add it.
  const twins = [...expected].filter(
    (m) => !actual.has(m) && m.startsWith('_') && (props[m.slice(1)]?.items ?? props[m.slice(1)])?.$ref === '#/definitions/canonical',
  );
  for (const twin of twins) log(`added ${twin} (upstream omits the extensions twin of canonical elements)`);
  // Members 4.0.1 defines and the 4.0.0 build lacks (Extension.valueMeta): add them from 4.0.1.
  /** @type {Correction['added']} */
  const added = new Map();
  for (const e of info.children) {
    const base = lastOf(e).replace(/\[x\]$/, '');
    for (const t of e.type ?? []) {
      const member = String(e.path).endsWith('[x]') ? base + capitalize(t.code) : base;
      if (actual.has(member) || !expected.has(member) || PRIMITIVE_CODES.has(t.code) || !up.defs[t.code]) continue;
      added.set(member, { code: t.code, many: e.max === '*', description: e.definition });
      log(`added ${member} (${t.code}; in 4.0.1, not in the ${up.version()} build)`);
    }
  }
  const missing = [...expected].filter((m) => !actual.has(m) && !twins.includes(m) && !added.has(m));
  // Upstream gives every nested element of a data type a modifierExtension, which only
  // BackboneElements have in 4.0.1 (DataRequirement.codeFilter is an Element): drop it.
  // Element ids and extension urls are XML attributes: upstream's `_url` twin is not R4 JSON.
  const attributes = new Set(info.children.filter(isAttribute).map((e) => `_${lastOf(e)}`));
  const dropped = [...actual].filter((m) => (m === 'modifierExtension' || attributes.has(m)) && !expected.has(m));
  for (const member of dropped) log(`dropped ${member} (not an element of ${info.path} in 4.0.1)`);
  const extra = [...actual].filter((m) => !expected.has(m) && !dropped.includes(m));
  if (missing.length || extra.length) {
    throw new Error(`derive-r4: ${name} differs from 4.0.1 ${info.path}: missing ${missing.join(', ') || '-'}; extra ${extra.join(', ') || '-'}`);
  }
  const required = new Set(def.required ?? []);
  /** @type {Json[]} */
  const conditions = [];
  /** @type {Correction['enums']} */
  const enums = new Map();
  /** @type {Record<string, string[]>} */
  const choices = {};
  for (const e of info.children) {
    const member = lastOf(e);
    /** @type {string[]} */
    const codes = (e.type ?? []).map((/** @type {Json} */ t) => t.code);
    // A choice takes one of its forms (R4 JSON: "only one of the choice types may be present").
    const forms = member.endsWith('[x]') ? memberNames(e).filter((m) => !m.startsWith('_')) : [];
    if (forms.length > 1) choices[member] = forms;
    if (e.min >= 1) {
      if (member.endsWith('[x]')) {
        // When no alternative is present, one finding names the first (or the preferred) one.
        const alternatives = memberNames(e);
        const named = /** @type {Record<string, string>} */ (PREFERRED_CHOICE)[e.path] ?? alternatives[0];
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
        const same = target.enum.length === codesOf.length && target.enum.every((/** @type {string} */ c) => codesOf.includes(c));
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
  return { required: [...required], conditions, enums, twins, dropped, added, choices };
}

/**
 * A converted definition (convert.mjs) with its corrections applied.
 * @param {Json} def
 * @param {Correction} fix
 * @param {(target: string) => string} refTo where a $ref to a definition points
 * @returns {Json}
 */
export function applyCorrections(def, fix, refTo) {
  /** @type {Json} */
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
  const choice = Object.keys(fix.choices).length > 0 ? { cdxChoice: fix.choices } : {};
  return { ...def, properties, required: fix.required, allOf: fix.conditions, ...choice };
}
