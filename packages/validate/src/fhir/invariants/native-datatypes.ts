// Invariants of data types met in many resources (every Attachment, Duration, Age, Count, Distance,
// Range and Timing, every DataRequirement's filters, every TriggerDefinition) and RiskAssessment's
// probability range, checked by code as native-typed.ts does: false only where FHIRPath gives false,
// true where it gives true or empty, undefined where the code cannot tell (a member of another JSON
// type, quantities in different units, a fraction in a Count), which FHIRPath then evaluates; rng-2
// also compares what the fhirpath package leaves unjudged (see there). The expression each stands for
// is quoted above it.
import { codeHolds, exists, hasChoice, isObject, items, notBoth, oneOf, text, type Json, type NativeCheck } from './native-members.js';

const UCUM = 'http://unitsofmeasure.org';

/** Three-valued `and` of FHIRPath: false if any is false; undefined (FHIRPath's) if any is unknown. */
function and(...terms: (boolean | undefined)[]): boolean | undefined {
  if (terms.includes(false)) return false;
  return terms.includes(undefined) ? undefined : true;
}

/** `system.empty() or system = %ucum`: undefined for a system given only as extensions (FHIRPath's). */
function noSystemOrUcum(node: Json): boolean | undefined {
  return codeHolds(node, 'system', (system) => system === UCUM);
}

/** A decimal member's value: null when it has none (absent, or only extensions), undefined when it is no number. */
function decimal(node: Json, name: string): number | null | undefined {
  const value = node[name];
  if (typeof value === 'number') return value;
  return value === undefined ? null : undefined;
}

/** `q.empty() or ((q.code = '%') and (q.system = %ucum))` of a Range's `low` or `high` (ras-1). */
function percentOrNone(q: unknown): boolean | undefined {
  if (q === undefined) return true;
  if (!isObject(q)) return undefined;
  const [code, system] = [text(q, 'code'), text(q, 'system')];
  if (code === undefined || system === undefined) return undefined;
  // An absent code or system compares as empty, which fails nothing.
  return (code === null || code === '%') && (system === null || system === UCUM);
}

/** A quantity's value and unit members, for comparing two in one unit; undefined without a number or with a comparator. */
function quantity(node: unknown): { value: number; unit: string } | undefined {
  if (!isObject(node) || typeof node.value !== 'number' || node.comparator !== undefined) return undefined;
  return { value: node.value, unit: JSON.stringify([node.system, node.code, node.unit]) };
}

export const NATIVE_DATATYPES: Readonly<Record<string, NativeCheck>> = {
  // data.empty() or contentType.exists()
  'att-1': (node) => !exists(node as Json, 'data') || exists(node as Json, 'contentType'),
  // path.exists() xor searchParam.exists(), of a code filter and of a date filter
  'drq-1': oneOf('path', 'searchParam'),
  'drq-2': oneOf('path', 'searchParam'),
  // (code.exists() or value.empty()) and (system.empty() or system = %ucum)
  'dis-1': (node) => and(exists(node as Json, 'code') || !exists(node as Json, 'value'), noSystemOrUcum(node as Json)),
  // (code.exists() or value.empty()) and (system.empty() or system = %ucum) and (code.empty() or code = '1')
  // and (value.empty() or value.hasValue().not() or value.toString().contains('.').not())
  'cnt-3': (node) => {
    const count = node as Json;
    const value = decimal(count, 'value');
    return and(
      exists(count, 'code') || !exists(count, 'value'),
      noSystemOrUcum(count),
      codeHolds(count, 'code', (code) => code === '1'),
      // A whole number's text has no '.'; how the engine writes a fraction is its own.
      value === null || (value !== undefined && Number.isInteger(value)) ? true : undefined,
    );
  },
  // data.empty() or timing.empty()
  'trd-1': (node) => !exists(node as Json, 'data') || !hasChoice(node as Json, 'timing'),
  // timeOfDay.empty() or when.empty()
  'tim-10': notBoth('timeOfDay', 'when'),
  // code.exists() implies ((system = %ucum) and value.exists())
  'drt-1': (node) => {
    const duration = node as Json;
    if (!exists(duration, 'code')) return true;
    const system = text(duration, 'system');
    const value = exists(duration, 'value');
    if (typeof system === 'string') return system === UCUM && value;
    // No system at all: `system = %ucum` is empty, and so is the `and` (no failure) unless the value
    // is missing. A system given only as extensions is FHIRPath's.
    return system === null ? value : undefined;
  },
  // (code.exists() or value.empty()) and (system.empty() or system = %ucum)
  // and (value.empty() or value.hasValue().not() or value > 0)
  'age-1': (node) => {
    const age = node as Json;
    const value = decimal(age, 'value');
    return and(exists(age, 'code') || !exists(age, 'value'), noSystemOrUcum(age), value === undefined ? undefined : value === null || value > 0);
  },
  // low.empty() or high.empty() or (low <= high): compared here when both are in one unit (the same
  // system, code and unit), whatever the system. The fhirpath package compares only UCUM quantities
  // and gives true for any other pair, so `5 TAB` to `3 TAB` would pass it (docs/decisions.md); pairs
  // in different units are its to convert.
  'rng-2': (node) => {
    const range = node as Json;
    if (!exists(range, 'low') || !exists(range, 'high')) return true;
    const low = quantity(range.low);
    const high = quantity(range.high);
    if (low === undefined || high?.unit !== low.unit) return undefined;
    return low.value <= high.value;
  },
  // (low.empty() or ((low.code = '%') and (low.system = %ucum))) and (high.empty() or ((high.code = '%') and (high.system = %ucum))),
  // on a RiskAssessment prediction's probability[x] (a decimal has neither)
  'ras-1': (node) => (isObject(node) ? and(percentOrNone(node.low), percentOrNone(node.high)) : true),
  // duration.empty() or durationUnit.exists()
  'tim-1': (node) => !exists(node as Json, 'duration') || exists(node as Json, 'durationUnit'),
  // duration.exists() implies duration >= 0
  'tim-4': (node) => {
    const duration = decimal(node as Json, 'duration');
    return duration === undefined ? undefined : duration === null || duration >= 0;
  },
  // periodMax.empty() or period.exists()
  'tim-6': (node) => !exists(node as Json, 'periodMax') || exists(node as Json, 'period'),
  // durationMax.empty() or duration.exists()
  'tim-7': (node) => !exists(node as Json, 'durationMax') || exists(node as Json, 'duration'),
  // countMax.empty() or count.exists()
  'tim-8': (node) => !exists(node as Json, 'countMax') || exists(node as Json, 'count'),
  // offset.empty() or (when.exists() and ((when in ('C' | 'CM' | 'CD' | 'CV')).not()))
  'tim-9': (node) => {
    const repeat = node as Json;
    if (!exists(repeat, 'offset')) return true;
    if (!exists(repeat, 'when')) return false;
    // `in` wants one item on its left: several, or one given only as extensions, are FHIRPath's.
    const when = items(repeat.when);
    return when.length === 1 && typeof when[0] === 'string' && repeat._when === undefined ? !['C', 'CM', 'CD', 'CV'].includes(when[0]) : undefined;
  },
};
