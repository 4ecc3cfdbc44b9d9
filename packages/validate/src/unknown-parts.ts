// Payloads read from code fixtures can have parts that are not known statically (identifiers,
// calls, spreads): `options.unknown`. No finding may be false because of them; these helpers decide
// which findings could be, for validate.ts to drop in one place.
import { childPointer, parsePointer, type RenameFix } from './finding.js';
import type { ResolvedOptions } from './options.js';
import type { AjvError } from './registry.js';

export type Unknown = NonNullable<ResolvedOptions['unknown']>;

/** What detectKind reads. */
const DATA_MODEL_MARKERS = ['/Meta/DataModel', '/Meta/EventType'];

/** Every place detectKind may read in this payload: a message bundle's header may be any entry. */
function detectedBy(payload: unknown): string[] {
  const entries = (payload as { entry?: unknown } | null)?.entry;
  const count = Array.isArray(entries) ? entries.length : 0;
  const markers = [...DATA_MODEL_MARKERS, '/resourceType', '/type', '/entry'];
  for (let i = 0; i < count; i++) markers.push(`/entry/${i}`, `/entry/${i}/resource`, `/entry/${i}/resource/resourceType`, `/entry/${i}/resource/eventUri`);
  return markers;
}

/** `pointer` is `base` or inside it. */
const within = (pointer: string, base: string) => pointer === base || base === '' || pointer.startsWith(`${base}/`);

/** The longest prefix of `pointer` that names a member present in `payload` (the pointer itself when it is present). */
function deepestPresent(payload: unknown, pointer: string): string {
  let value = payload;
  let at = '';
  for (const key of parsePointer(pointer)) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return at;
    value = (value as Record<string, unknown>)[key];
    at = childPointer(at, key);
  }
  return at;
}

/**
 * Whether the unknown parts could make a finding false: it is at or inside an unknown value
 * (unless it is about the member's name, which is written out: its rule's meta says
 * `aboutMemberName`), it is about the size or shape of an open object or array, or it is about a
 * member that is absent where an open object could supply it.
 */
export function couldBeFalse(aboutMemberName: boolean, pointer: string, payload: unknown, unknown: Unknown): boolean {
  for (const at of unknown.values) {
    if (pointer === at ? !aboutMemberName : within(pointer, at)) return true;
  }
  if (!aboutMemberName && unknown.open.includes(pointer)) return true;
  const present = deepestPresent(payload, pointer);
  return present !== pointer && unknown.open.includes(present);
}

/**
 * Whether a rename could meet a member the unknown parts supply: its object is open (a spread or a
 * computed name may bring the name it would take, or replace the renamed member), so the rename is
 * not certain and stays a suggestion.
 */
export function renameMayCollide(fix: RenameFix, unknown: Unknown): boolean {
  return unknown.open.includes(fix.pointer.slice(0, fix.pointer.lastIndexOf('/')));
}

/**
 * Drops the errors of an anyOf/oneOf whose instance holds an unknown part: ajv reports the branch
 * that fits the placeholder best, which need not be the one the real value takes. (if/then needs
 * nothing: a placeholder never satisfies an `if`, so it only ever skips a `then`.)
 */
export function certainSchemaErrors(errors: readonly AjvError[], unknown: Unknown): readonly AjvError[] {
  const parts = [...unknown.values, ...unknown.open];
  const combinators = errors.filter((e) => (e.keyword === 'anyOf' || e.keyword === 'oneOf') && parts.some((p) => within(p, e.instancePath)));
  if (combinators.length === 0) return errors;
  const inBranch = (e: AjvError, c: AjvError) => e.schemaPath.startsWith(`${c.schemaPath}/`) && within(e.instancePath, c.instancePath);
  return errors.filter((e) => !combinators.some((c) => e === c || inBranch(e, c)));
}

/** Whether a kind could have been detected if the unknown parts were known. */
export function kindMayBeHidden(payload: unknown, unknown: Unknown): boolean {
  const uncertain = (pointer: string) => couldBeFalse(false, pointer, payload, unknown);
  // Both Data Model markers written out: detection looks at nothing else.
  if (DATA_MODEL_MARKERS.every((p) => deepestPresent(payload, p) === p && !uncertain(p))) return false;
  return detectedBy(payload).some(uncertain);
}
