// Invariants met on very many elements (every ElementDefinition of every StructureDefinition, every
// concept of a value set's expansion, every ContactPoint), checked by code instead of the FHIRPath
// engine at the same places of the same walk (fhirpath.ts): each gives what the constraint's
// expression gives, false only where FHIRPath gives false (an empty result is no failure). The
// expression each one stands for is in generated/fhir-invariants.ts.

import { NATIVE_CONFORMANCE } from './native-conformance.js';
import { NATIVE_DATATYPES } from './native-datatypes.js';
import { NATIVE_RESOURCES } from './native-resources.js';
import { NATIVE_WORKFLOW } from './native-workflow.js';
import { codeHolds, either, exists, has, hasChoice, items, needs, notAfter, type Json, type NativeCheck } from './native-members.js';

/** `list.select(member).isDistinct()`: the members' values (strings) are all different. */
function distinctBy(list: unknown, member: string): boolean {
  const seen = new Set<unknown>();
  let count = 0;
  for (const item of items(list)) {
    const value = typeof item === 'object' && item !== null ? (item as Json)[member] : undefined;
    if (value === undefined) continue;
    count++;
    seen.add(value);
  }
  return seen.size === count;
}

/** FHIRPath toInteger() of a string: undefined when it is not an integer. */
function toInteger(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) ? value : undefined;
  return typeof value === 'string' && /^[+-]?\d+$/.test(value) ? Number(value) : undefined;
}

/** Any character eld-19's (unanchored) pattern accepts: a path with one is accepted. */
const ELEMENT_NAME_CHAR = /[^\s.,:;'"/|?!@#$%&*()[\]{}]/su;

/** Every code of a code system's concept tree, for csd-1: false on the first repeated one. */
function codesDistinct(concepts: unknown, seen: Set<unknown>): boolean {
  for (const concept of items(concepts)) {
    if (typeof concept !== 'object' || concept === null) continue;
    const { code, concept: children } = concept as Json;
    if (code !== undefined) {
      if (seen.has(code)) return false;
      seen.add(code);
    }
    if (children !== undefined && !codesDistinct(children, seen)) return false;
  }
  return true;
}

/** A structure's elements: `snapshot.element` or `differential.element`, as objects. */
function elementsOf(part: unknown): readonly Json[] {
  const list = typeof part === 'object' && part !== null ? (part as Json).element : undefined;
  return items(list).filter((e): e is Json => typeof e === 'object' && e !== null);
}

const isRoot = (element: Json): boolean => typeof element.path === 'string' && !element.path.includes('.');
const HL7_STRUCTURE = 'http://hl7.org/fhir/StructureDefinition';
const SYSTEM_TYPE = /^http:\/\/hl7\.org\/fhirpath\/System\.[A-Z][A-Za-z]+$/su;

/**
 * Whether every type code (a string) of the elements matches `pattern` or is a FHIRPath system type.
 * A loop without the lists that `flatMap` makes: sdf-19 reads every element of each HL7 structure.
 */
function typeCodesMatch(elements: readonly Json[], pattern: RegExp): boolean {
  for (const e of elements) {
    for (const t of items(e.type)) {
      const code = typeof t === 'object' && t !== null ? (t as Json).code : undefined;
      if (typeof code === 'string' && !pattern.test(code) && !SYSTEM_TYPE.test(code)) return false;
    }
  }
  return true;
}
const DIFFERENTIAL_TYPE = /^[a-zA-Z0-9]+$/su;
const SNAPSHOT_TYPE = /^[a-zA-Z0-9.]+$/su;

/** `list.all(id.exists())` and the ids all different. */
function idsPresentAndDistinct(elements: readonly Json[]): boolean {
  const seen = new Set<unknown>();
  for (const e of elements) {
    if (!has(e, 'id')) return false;
    if (e.id !== undefined) {
      if (seen.has(e.id)) return false;
      seen.add(e.id);
    }
  }
  return true;
}

/** Whether a structure's kind is known and not logical (the premise of sdf-11, sdf-15, sdf-15a). */
const notLogical = (sd: Json): boolean => typeof sd.kind === 'string' && sd.kind !== 'logical';

/** per-1: `start.hasValue().not() or end.hasValue().not() or (start <= end)`. */
function startNotAfterEnd(period: Json): boolean | undefined {
  const { start, end } = period;
  if (typeof start !== 'string' || typeof end !== 'string') return true;
  return notAfter(start, end);
}

/**
 * By key: whether the element (an object, or a primitive's value) meets the constraint; `resource`
 * is FHIRPath's `%resource`, the resource that holds it. Undefined: the code cannot tell, FHIRPath
 * evaluates the expression.
 */
export const NATIVE_TYPED: Readonly<Record<string, NativeCheck>> = {
  // Met in most bundles of the service (a message's Organizations, Patients, Periods): FHIRPath costs
  // 50–100 µs a call, the whole validation of a valid 30-entry bundle without it.
  // (identifier.count() + name.count()) > 0
  'org-1': either('identifier', 'name'),
  // where(use = 'home').empty(), on each address and each telecom
  'org-2': (node) => (node as Json).use !== 'home',
  'org-3': (node) => (node as Json).use !== 'home',
  // name.exists() or telecom.exists() or address.exists() or organization.exists()
  'pat-1': (node) => ['name', 'telecom', 'address', 'organization'].some((name) => exists(node as Json, name)),
  // start.hasValue().not() or end.hasValue().not() or (start <= end)
  'per-1': (node) => startNotAfterEnd(node as Json),
  // The most evaluated of the rest over R4's examples (Quantity, Timing, Ratio, …).
  // code.empty() or system.exists()
  'qty-3': needs('code', 'system'),
  // low.exists() or high.exists() or text.exists()
  'obs-3': (node) => exists(node as Json, 'low') || exists(node as Json, 'high') || exists(node as Json, 'text'),
  // type.exists() or part.exists()
  'opd-1': either('type', 'part'),
  // expression.exists() or reference.exists()
  'exp-1': either('expression', 'reference'),
  // (answer.exists() and item.exists()).not()
  'qrs-1': (node) => !(exists(node as Json, 'answer') && exists(node as Json, 'item')),
  // period.empty() or periodUnit.exists()
  'tim-2': needs('period', 'periodUnit'),
  // period.exists() implies period >= 0 (a `_period` alone compares as empty: no failure)
  'tim-5': (node) => typeof (node as Json).period !== 'number' || ((node as Json).period as number) >= 0,
  // (numerator.empty() xor denominator.exists()) and (numerator.exists() or extension.exists())
  'rat-1': (node) =>
    !exists(node as Json, 'numerator') !== exists(node as Json, 'denominator') && (exists(node as Json, 'numerator') || exists(node as Json, 'extension')),
  // searchParam.select(name).isDistinct()
  'cpb-12': (node) => distinctBy((node as Json).searchParam, 'name'),
  // min.empty() or max.empty() or (max = '*') or iif(max != '*', min <= max.toInteger())
  'eld-2': (node) => {
    const { min, max } = node as Json;
    const limit = toInteger(max);
    return typeof min !== 'number' || limit === undefined || min <= limit;
  },
  // empty() or ($this = '*') or (toInteger() >= 0)
  'eld-3': (value) => {
    const n = toInteger(value);
    return n === undefined || n >= 0;
  },
  'eld-13': (node) => distinctBy((node as Json).type, 'code'),
  'eld-14': (node) => distinctBy((node as Json).constraint, 'key'),
  // (isModifier.exists() and isModifier) implies isModifierReason.exists()
  'eld-18': (node) => (node as Json).isModifier !== true || has(node as Json, 'isModifierReason'),
  'eld-19': (node) => {
    const path = (node as Json).path;
    return typeof path !== 'string' || ELEMENT_NAME_CHAR.test(path);
  },
  'cpt-2': (node) => !has(node as Json, 'value') || has(node as Json, 'system'),
  'csd-1': (node) => codesDistinct((node as Json).concept, new Set()),
  'sdf-2': (node) => has(node as Json, 'name') || has(node as Json, 'uri'),
  'vsd-6': (node) => has(node as Json, 'code') || has(node as Json, 'display'),
  // code.exists() or abstract = true: without a code, only an explicit abstract = false fails.
  'vsd-9': (node) => has(node as Json, 'code') || (node as Json).abstract !== false,
  'vsd-10': (node) => !has(node as Json, 'code') || has(node as Json, 'system'),
  'vsd-1': (node) => has(node as Json, 'valueSet') || has(node as Json, 'system'),
  'vsd-2': (node) => !(has(node as Json, 'concept') || has(node as Json, 'filter')) || has(node as Json, 'system'),
  'vsd-3': (node) => !has(node as Json, 'concept') || !has(node as Json, 'filter'),
  'spd-1': (node) => !has(node as Json, 'xpath') || has(node as Json, 'xpathUsage'),
  // kind != 'root' or uniqueId.all(type != 'uuid')
  'nsd-1': (node) => (node as Json).kind !== 'root' || items((node as Json).uniqueId).every((u) => (u as Json | null)?.type !== 'uuid'),
  // uniqueId.where(preferred = true).select(type).isDistinct()
  'nsd-2': (node) =>
    distinctBy(
      items((node as Json).uniqueId).filter((u) => (u as Json | null)?.preferred === true),
      'type',
    ),
  // comment.exists() or equivalence.empty() or ((equivalence != 'narrower') and (equivalence != 'inexact'))
  'cmd-1': (node) => {
    const { equivalence } = node as Json;
    return has(node as Json, 'comment') || (equivalence !== 'narrower' && equivalence !== 'inexact');
  },
  'eld-1': (node) => has(node as Json, 'discriminator') || has(node as Json, 'description'),
  // contentReference.empty() or (type, defaultValue[x], fixed[x], pattern[x], example, minValue[x], maxValue[x], maxLength, binding all empty)
  'eld-5': (node) => {
    const e = node as Json;
    if (!has(e, 'contentReference')) return true;
    return (
      !['type', 'example', 'maxLength', 'binding'].some((name) => has(e, name)) &&
      !['defaultValue', 'fixed', 'pattern', 'minValue', 'maxValue'].some((name) => hasChoice(e, name))
    );
  },
  // aggregation.empty() or (code = 'Reference') or (code = 'canonical')
  'eld-4': (node) => {
    if (!exists(node as Json, 'aggregation')) return true;
    return codeHolds(node, 'code', (code) => code === 'Reference' || code === 'canonical');
  },
  'eld-6': (node) => !hasChoice(node as Json, 'fixed') || items((node as Json).type).length <= 1,
  'eld-7': (node) => !hasChoice(node as Json, 'pattern') || items((node as Json).type).length <= 1,
  'eld-8': (node) => !hasChoice(node as Json, 'pattern') || !hasChoice(node as Json, 'fixed'),
  'eld-15': (node) => !hasChoice(node as Json, 'defaultValue') || !has(node as Json, 'meaningWhenMissing'),
  'eld-16': (node) => {
    const { sliceName } = node as Json;
    return typeof sliceName !== 'string' || /^[a-zA-Z0-9/\-_[\]@]+$/su.test(sliceName);
  },
  'eld-22': (node) => !has(node as Json, 'sliceIsConstraining') || has(node as Json, 'sliceName'),
  // binding.empty() or binding.valueSet.exists() or binding.description.exists()
  'sdf-10': (node) => {
    const { binding } = node as Json;
    return typeof binding !== 'object' || binding === null || has(binding as Json, 'valueSet') || has(binding as Json, 'description');
  },
  // valueSet.exists() implies (valueSet.startsWith('http:') or …('https') or …('urn:'))
  'eld-12': (node) => {
    const vs = (node as Json).valueSet;
    return typeof vs !== 'string' || vs.startsWith('http:') || vs.startsWith('https') || vs.startsWith('urn:');
  },
  // (code='Reference' or code = 'canonical') or targetProfile.empty()
  'eld-17': (node) => {
    const { code } = node as Json;
    return typeof code !== 'string' || code === 'Reference' || code === 'canonical' || !has(node as Json, 'targetProfile');
  },
  // derivation = 'constraint' or snapshot.element.select(path).isDistinct()
  'sdf-1': (sd) => {
    const { derivation } = sd as Json;
    return derivation === undefined || derivation === 'constraint' || distinctBy(elementsOf((sd as Json).snapshot), 'path');
  },
  'sdf-3': (snapshot) => elementsOf(snapshot).every((e) => has(e, 'definition') && has(e, 'min') && has(e, 'max')),
  'sdf-4': (sd) => (sd as Json).abstract !== false || has(sd as Json, 'baseDefinition'),
  'sdf-5': (sd) => {
    const { type, derivation } = sd as Json;
    return type !== 'Extension' || derivation === undefined || derivation === 'specialization' || has(sd as Json, 'context');
  },
  'sdf-6': (sd) => has(sd as Json, 'snapshot') || has(sd as Json, 'differential'),
  // (%resource.kind = 'logical' or element.first().path = %resource.type) and element.tail().all(path.startsWith(first path & '.'))
  'sdf-8': (snapshot, sd) => {
    const elements = elementsOf(snapshot);
    const first = elements[0]?.path;
    if (typeof sd.kind === 'string' && sd.kind !== 'logical' && typeof first === 'string' && typeof sd.type === 'string' && first !== sd.type) return false;
    const prefix = `${typeof first === 'string' ? first : ''}.`;
    return elements.slice(1).every((e) => typeof e.path !== 'string' || e.path.startsWith(prefix));
  },
  'sdf-8a': (differential, sd) => {
    const elements = elementsOf(differential);
    const first = elements[0]?.path;
    if (typeof sd.kind === 'string' && sd.kind !== 'logical' && typeof first === 'string' && typeof sd.type === 'string' && !first.startsWith(sd.type))
      return false;
    const prefix = `${typeof first === 'string' ? first.replace(/\..*/su, '') : ''}.`;
    return elements.slice(1).every((e) => typeof e.path !== 'string' || e.path.startsWith(prefix));
  },
  'sdf-8b': (snapshot) => elementsOf(snapshot).every((e) => e.base !== undefined),
  'sdf-9': (sd) =>
    [(sd as Json).snapshot, (sd as Json).differential].every((part) =>
      elementsOf(part).every((e) => !isRoot(e) || (e.label === undefined && e.code === undefined && e.requirements === undefined)),
    ),
  'sdf-11': (sd) => {
    const first = elementsOf((sd as Json).snapshot)[0]?.path;
    const { type } = sd as Json;
    return !notLogical(sd as Json) || typeof first !== 'string' || typeof type !== 'string' || first === type;
  },
  'sdf-14': (sd) => [(sd as Json).snapshot, (sd as Json).differential].every((part) => elementsOf(part).every((e) => has(e, 'id'))),
  'sdf-15': (sd) => !notLogical(sd as Json) || elementsOf((sd as Json).snapshot)[0]?.type === undefined,
  'sdf-15a': (sd) => {
    const first = elementsOf((sd as Json).differential)[0];
    return !notLogical(sd as Json) || first === undefined || !isRoot(first) || first.type === undefined;
  },
  'sdf-16': (sd) => idsPresentAndDistinct(elementsOf((sd as Json).snapshot)),
  'sdf-17': (sd) => idsPresentAndDistinct(elementsOf((sd as Json).differential)),
  'sdf-18': (sd) => !has(sd as Json, 'contextInvariant') || typeof (sd as Json).type !== 'string' || (sd as Json).type === 'Extension',
  'sdf-19': (sd) => {
    const url = (sd as Json).url;
    if (typeof url !== 'string' || !url.startsWith(HL7_STRUCTURE)) return true;
    return typeCodesMatch(elementsOf((sd as Json).differential), DIFFERENTIAL_TYPE) && typeCodesMatch(elementsOf((sd as Json).snapshot), SNAPSHOT_TYPE);
  },
  'sdf-20': (differential) => elementsOf(differential).every((e) => !isRoot(e) || e.slicing === undefined),
  'sdf-21': (sd) => {
    const { derivation } = sd as Json;
    return (
      typeof derivation !== 'string' || derivation === 'specialization' || !elementsOf((sd as Json).differential).some((e) => hasChoice(e, 'defaultValue'))
    );
  },
  'sdf-22': (sd) => {
    const url = (sd as Json).url;
    if (typeof url !== 'string' || !url.startsWith(HL7_STRUCTURE)) return true;
    return ![(sd as Json).snapshot, (sd as Json).differential].some((part) => elementsOf(part).some((e) => hasChoice(e, 'defaultValue')));
  },
  'sdf-23': (sd) => [(sd as Json).snapshot, (sd as Json).differential].every((part) => elementsOf(part).every((e) => !isRoot(e) || e.sliceName === undefined)),
  ...NATIVE_RESOURCES,
  ...NATIVE_DATATYPES,
  ...NATIVE_WORKFLOW,
  ...NATIVE_CONFORMANCE,
};

/** The native check of a constraint: by `key@path` where R4 gives one key several constraints (`inv-1`), else by key. */
export function nativeOf(invariant: { readonly key: string; readonly path: string }): NativeCheck | undefined {
  return NATIVE_TYPED[`${invariant.key}@${invariant.path}`] ?? NATIVE_TYPED[invariant.key];
}
