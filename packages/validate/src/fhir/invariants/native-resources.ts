// Invariants of clinical and workflow resources met on many of them (every Questionnaire item, every
// Observation with a value and components, every AllergyIntolerance and Condition), checked by code
// as native-typed.ts does: each gives false only where FHIRPath gives false, true where it gives true
// or empty, and undefined where the code cannot tell (a primitive given only as extensions, a member
// of another JSON type, two codings that differ only in members other than their code), which
// FHIRPath then evaluates. The expression each stands for is quoted above it.
import { codeHolds, codingsOf, count, either, exists, hasChoice, hasCoding, isObject, items, text, type Json, type NativeCheck } from './native-members.js';

/**
 * `descendants().linkId.isDistinct()`: the linkIds of every object below the root (items at any
 * depth, contained resources' too) all differ. Undefined for a linkId that is no string or is given
 * as extensions (FHIRPath's to compare). Members named `_…` hold only a primitive's extensions.
 */
function linkIdsDistinct(root: unknown): boolean | undefined {
  const seen = new Set<string>();
  const stack: unknown[] = [];
  for (const key in root as Json) if (key.charCodeAt(0) !== 95) stack.push((root as Json)[key]);
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      for (const item of value) stack.push(item);
      continue;
    }
    if (!isObject(value)) continue;
    if (value._linkId !== undefined) return undefined;
    const linkId = value.linkId;
    if (linkId !== undefined) {
      if (typeof linkId !== 'string') return undefined;
      if (seen.has(linkId)) return false;
      seen.add(linkId);
    }
    for (const key in value) if (key !== 'linkId' && key.charCodeAt(0) !== 95) stack.push(value[key]);
  }
  return true;
}

const SCALAR = new Set(['string', 'boolean']);

/**
 * FHIRPath's equality of two codings (intersect): false when their codes differ, true when they have
 * the same members with the same strings and booleans, undefined otherwise (FHIRPath's to compare).
 */
function sameCoding(a: Json, b: Json): boolean | undefined {
  if (typeof a.code === 'string' && typeof b.code === 'string' && a.code !== b.code) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return undefined;
  for (const key of keys) if (!SCALAR.has(typeof a[key]) || a[key] !== b[key]) return undefined;
  return true;
}

const CHOICE_TYPES = ['choice', 'open-choice', 'decimal', 'integer', 'date', 'dateTime', 'time', 'string', 'quantity'];
const MAX_LENGTH_TYPES = ['boolean', 'decimal', 'integer', 'string', 'text', 'url', 'open-choice'];
const ALLERGY_VERIFICATION = 'http://terminology.hl7.org/CodeSystem/allergyintolerance-verification';
const CONDITION_VERIFICATION = 'http://terminology.hl7.org/CodeSystem/condition-ver-status';
const CONDITION_CLINICAL = 'http://terminology.hl7.org/CodeSystem/condition-clinical';
const ENTERED_IN_ERROR = ['entered-in-error'];

/** A check that fails only when `type` is a code and `fails(type)`; absent, no failure; else FHIRPath's. */
const byType =
  (fails: (type: string, node: Json) => boolean) =>
  (node: unknown): boolean | undefined =>
    codeHolds(node, 'type', (type) => !fails(type, node as Json));

export const NATIVE_RESOURCES: Readonly<Record<string, NativeCheck>> = {
  // dataAbsentReason.empty() or value.empty()
  'obs-6': (node) => !exists(node as Json, 'dataAbsentReason') || !hasChoice(node as Json, 'value'),
  // value.empty() or component.code.where(coding.intersect(%resource.code.coding).exists()).empty()
  'obs-7': (node, resource) => {
    if (!hasChoice(node as Json, 'value')) return true;
    const own = codingsOf(resource.code);
    if (own === undefined) return undefined;
    let unsure = false;
    for (const component of items((node as Json).component)) {
      const theirs = isObject(component) ? codingsOf(component.code) : undefined;
      if (theirs === undefined) return undefined;
      for (const coding of theirs) {
        for (const mine of own) {
          const same = sameCoding(coding, mine);
          if (same === true) return false;
          if (same === undefined) unsure = true;
        }
      }
    }
    return unsure ? undefined : true;
  },
  // (type='group' implies item.empty().not()) and (type='display' implies item.empty())
  'que-1': byType((type, item) => (type === 'group' && !exists(item, 'item')) || (type === 'display' && exists(item, 'item'))),
  // (type in ('choice' | … | 'quantity')) or (answerValueSet.empty() and answerOption.empty())
  'que-5': byType((type, item) => !CHOICE_TYPES.includes(type) && (exists(item, 'answerValueSet') || exists(item, 'answerOption'))),
  // type!='display' or code.empty()
  'que-3': byType((type, item) => type === 'display' && exists(item, 'code')),
  // type!='display' or (required.empty() and repeats.empty())
  'que-6': byType((type, item) => type === 'display' && (exists(item, 'required') || exists(item, 'repeats'))),
  // operator = 'exists' implies (answer is boolean), as corrected (table.ts CORRECTED)
  'que-7': (node) => {
    const operator = text(node as Json, 'operator');
    if (operator === undefined) return undefined;
    // `answer is boolean` of no answer is empty: no failure.
    return operator !== 'exists' || exists(node as Json, 'answerBoolean') || !hasChoice(node as Json, 'answer');
  },
  // descendants().linkId.isDistinct()
  'que-2': (node) => linkIdsDistinct(node),
  // type!='display' or readOnly.empty()
  'que-9': byType((type, item) => type === 'display' && exists(item, 'readOnly')),
  // (type in ('boolean' | … | 'open-choice')) or maxLength.empty()
  'que-10': byType((type, item) => !MAX_LENGTH_TYPES.includes(type) && exists(item, 'maxLength')),
  // enableWhen.count() > 2 implies enableBehavior.exists()
  'que-12': (node) => {
    const n = count(node as Json, 'enableWhen');
    return n === undefined ? undefined : n <= 2 || exists(node as Json, 'enableBehavior');
  },
  // repeats=true or initial.count() <= 1 (repeats absent: empty unless the count holds)
  'que-13': (node) => {
    const { repeats, _repeats } = node as Json;
    const n = count(node as Json, 'initial');
    if (n === undefined || (repeats === undefined && _repeats !== undefined) || (repeats !== undefined && typeof repeats !== 'boolean')) return undefined;
    return repeats !== false || n <= 1;
  },
  // (type = 'named-event' implies name.exists()) and (type = 'periodic' implies timing.exists())
  // and (type.startsWith('data-') implies data.exists())
  'trd-3': byType(
    (type, trigger) =>
      (type === 'named-event' && !exists(trigger, 'name')) ||
      (type === 'periodic' && !hasChoice(trigger, 'timing')) ||
      (type.startsWith('data-') && !exists(trigger, 'data')),
  ),
  // verificationStatus.coding.where(system = '…allergyintolerance-verification' and code = 'entered-in-error').exists() or clinicalStatus.exists()
  'ait-1': (node) => exists(node as Json, 'clinicalStatus') || hasCoding((node as Json).verificationStatus, ALLERGY_VERIFICATION, ENTERED_IN_ERROR),
  // verificationStatus.coding.where(…entered-in-error).empty() or clinicalStatus.empty()
  'ait-2': (node) => {
    const wrong = hasCoding((node as Json).verificationStatus, ALLERGY_VERIFICATION, ENTERED_IN_ERROR);
    return wrong === undefined ? undefined : !wrong || !exists(node as Json, 'clinicalStatus');
  },
  // abatement.empty() or clinicalStatus.coding.where(system='…condition-clinical' and (code='resolved' or code='remission' or code='inactive')).exists()
  'con-4': (node) =>
    !hasChoice(node as Json, 'abatement') || hasCoding((node as Json).clinicalStatus, CONDITION_CLINICAL, ['resolved', 'remission', 'inactive']),
  // verificationStatus.coding.where(system='…condition-ver-status' and code='entered-in-error').empty() or clinicalStatus.empty()
  'con-5': (node) => {
    const wrong = hasCoding((node as Json).verificationStatus, CONDITION_VERIFICATION, ENTERED_IN_ERROR);
    return wrong === undefined ? undefined : !wrong || !exists(node as Json, 'clinicalStatus');
  },
  // (start.exists() and end.exists()) or (status in ('proposed' | 'cancelled' | 'waitlist'))
  'app-3': (node) => {
    const appointment = node as Json;
    if (exists(appointment, 'start') && exists(appointment, 'end')) return true;
    return codeHolds(appointment, 'status', (status) => ['proposed', 'cancelled', 'waitlist'].includes(status));
  },
  // type.exists() or actor.exists()
  'app-1': either('type', 'actor'),
  // mode = 'changes' or entry.deleted.empty()
  'lst-2': (node) => {
    const mode = text(node as Json, 'mode');
    if (mode === 'changes' || mode === null) return true;
    if (mode === undefined) return undefined;
    return !items((node as Json).entry).some((entry) => isObject(entry) && exists(entry, 'deleted'));
  },
  // dose.exists() or rate.exists()
  'mad-1': (node) => exists(node as Json, 'dose') || hasChoice(node as Json, 'rate'),
  // coordinateSystem = 1 or coordinateSystem = 0
  'msq-3': (node) => {
    const { coordinateSystem, _coordinateSystem } = node as Json;
    if (typeof coordinateSystem === 'number') return coordinateSystem === 0 || coordinateSystem === 1;
    return coordinateSystem === undefined && _coordinateSystem === undefined ? true : undefined;
  },
  // (chromosome.empty() and genomeBuild.empty()) or (chromosome.exists() and genomeBuild.exists())
  'msq-5': (node) => exists(node as Json, 'chromosome') === exists(node as Json, 'genomeBuild'),
  // (genomeBuild.count() + referenceSeqId.count() + referenceSeqPointer.count() + referenceSeqString.count()) = 1
  'msq-6': (node) => {
    const members = ['genomeBuild', 'referenceSeqId', 'referenceSeqPointer', 'referenceSeqString'];
    if (members.some((name) => Array.isArray((node as Json)[name]))) return undefined;
    return members.filter((name) => exists(node as Json, name)).length === 1;
  },
};
