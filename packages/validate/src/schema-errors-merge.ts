import type { AjvError } from './registry.js';

/**
 * The keywords ajv checks on a value of one JSON type only, with that type: reported, they say the
 * value has it. (Every format cdx uses is a string format.)
 */
const CHECKED_ON = new Map<string, string>([
  ...['pattern', 'format', 'minLength', 'maxLength'].map((k) => [k, 'string'] as const),
  ...['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'].map((k) => [k, 'number'] as const),
  ...['minItems', 'maxItems', 'uniqueItems'].map((k) => [k, 'array'] as const),
  ...['minProperties', 'maxProperties'].map((k) => [k, 'object'] as const),
]);

const isValueSet = (e: AjvError) => e.keyword === 'enum' || e.keyword === 'const';

/** The values an enum or const error allows; undefined when ajv did not say. */
function allowedOf(e: AjvError): readonly unknown[] | undefined {
  if (e.keyword === 'const') return [e.params.allowedValue];
  return Array.isArray(e.params.allowedValues) ? e.params.allowedValues : undefined;
}

/** The JSON Schema types a `type` error allows (`string,null` once untangle() has merged some). */
const typesOf = (e: AjvError) => String(e.params.type).split(',');

/** Whether a value of JSON type `type` can satisfy `types` (a number may be an integer). */
const admitsType = (types: readonly string[], type: string) => types.includes(type) || (type === 'number' && types.includes('integer'));

/** Whether `types` admits this value (an integral number is an integer). */
function admits(types: readonly string[], value: unknown): boolean {
  if (value === null) return types.includes('null');
  if (Array.isArray(value)) return types.includes('array');
  if (typeof value === 'number') return types.includes('number') || (Number.isInteger(value) && types.includes('integer'));
  return types.includes(typeof value);
}

/** A key telling JSON values apart (`"1"` from `1`), for intersecting value sets. */
const keyOf = (value: unknown) => JSON.stringify(value);

/**
 * One value checked by several schemas (a CDS Hooks kind checks a card against the service's wider
 * card and the standard's stricter one, `allOf`) fails each of them, and ajv reports each failure:
 * one wrong value became two or three findings, the first listing values the standard forbids. One
 * schema with a type and a value set reports both for a value of another type (`"status": 5`). The
 * errors that stand at one instance path become what the user must write to satisfy them all:
 *
 * 1. value sets (`enum`, `const`) → one, their intersection in the order of the narrowest (a `const`
 *    when one value is left); none in common, they stay (no value satisfies them, each says why);
 * 2. a `type` error goes when the value sets left allow only values of types it allows: writing one
 *    of them satisfies it, and says more;
 * 3. a `type` error refusing the value's type drops the checks that only a value of that type gets
 *    (a pattern, a length, a range…) and the value sets it refuses every value of: following their
 *    advice would still break the type (`expires_in: "five"`: "digits only" passes the service's
 *    listing and fails the standard's integer);
 * 4. of the `type` errors left, the narrowest stays: a value can fail two at once (a shared definition
 *    allows null, the message requires a string), and the narrowest is what the user must satisfy.
 *
 * Linear: one pass groups the errors by instance path, each group is settled on its own, and the
 * errors keep their order (a merged value set stands where the first of its errors stood).
 */
export function mergeSamePlace(errors: readonly AjvError[]): AjvError[] {
  const places = new Map<string, AjvError[]>();
  for (const error of errors) {
    if (error.keyword !== 'type' && !isValueSet(error) && !CHECKED_ON.has(error.keyword)) continue;
    const group = places.get(error.instancePath);
    if (group) group.push(error);
    else places.set(error.instancePath, [error]);
  }
  // What becomes of an error: its replacement, or undefined when it goes.
  const outcome = new Map<AjvError, AjvError | undefined>();
  for (const group of places.values()) if (group.length > 1) settle(group, outcome);
  if (outcome.size === 0) return [...errors];
  const out: AjvError[] = [];
  for (const error of errors) {
    const next = outcome.has(error) ? outcome.get(error) : error;
    if (next) out.push(next);
  }
  return out;
}

/** The steps of mergeSamePlace() on the errors of one instance path, recorded in `outcome`. */
function settle(group: readonly AjvError[], outcome: Map<AjvError, AjvError | undefined>): void {
  settleValues(group, outcome);
  // 4: of the type errors left (never replaced: one in `outcome` is dropped), the narrowest, the
  // first of equally narrow ones.
  const width = (e: AjvError) => typesOf(e).length;
  let narrowest: AjvError | undefined;
  for (const e of group) if (e.keyword === 'type' && !outcome.has(e) && (!narrowest || width(e) < width(narrowest))) narrowest = e;
  for (const e of group) if (e.keyword === 'type' && e !== narrowest) outcome.set(e, undefined);
}

/** Steps 1 to 3 of mergeSamePlace(). */
function settleValues(group: readonly AjvError[], outcome: Map<AjvError, AjvError | undefined>): void {
  const types = group.filter((e) => e.keyword === 'type');
  // Each value set left at this place, with the error that reports it.
  let sets = group.filter(isValueSet).map((error) => ({ error, allowed: allowedOf(error) }));
  if (sets.some((s) => s.allowed === undefined)) return;
  if (sets.length > 1) {
    const narrowest = sets.reduce((best, s) => (s.allowed!.length < best.allowed!.length ? s : best));
    const others = sets.filter((s) => s !== narrowest).map((s) => new Set(s.allowed!.map(keyOf)));
    const common = narrowest.allowed!.filter((v) => others.every((keys) => keys.has(keyOf(v))));
    if (common.length > 0) {
      const params = common.length === 1 ? { allowedValue: common[0] } : { allowedValues: common };
      const keyword = common.length === 1 ? 'const' : 'enum';
      const alreadyIs = narrowest.error.keyword === keyword && common.length === narrowest.allowed!.length;
      const merged = alreadyIs ? narrowest.error : { ...narrowest.error, keyword, params };
      for (const s of sets) outcome.set(s.error, undefined);
      outcome.set(sets[0]!.error, merged);
      sets = [{ error: sets[0]!.error, allowed: common }];
    }
  }
  if (types.length === 0) return;
  // The distinct lists of types the type errors allow (a handful at most, whatever the errors' count).
  const typeLists = [...new Set(types.map((e) => String(e.params.type)))].map((t) => t.split(','));
  // 3: what only a value of a refused type is checked for, and value sets of refused types only.
  for (const error of group) {
    const on = CHECKED_ON.get(error.keyword);
    if (on !== undefined && typeLists.some((allowed) => !admitsType(allowed, on))) outcome.set(error, undefined);
  }
  for (const s of sets) if (typeLists.some((allowed) => s.allowed!.every((v) => !admits(allowed, v)))) outcome.set(s.error, undefined);
  // 2: a value set left, all of whose values the type allows, says what to write.
  const left = sets.filter((s) => outcome.get(s.error) !== undefined || !outcome.has(s.error));
  if (left.length === 0) return;
  const moot = new Set(typeLists.filter((allowed) => left.every((s) => s.allowed!.every((v) => admits(allowed, v)))).map(String));
  for (const type of types) if (moot.has(String(typesOf(type)))) outcome.set(type, undefined);
}
