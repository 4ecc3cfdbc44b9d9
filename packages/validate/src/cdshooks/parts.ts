// The parts of a CDS Hooks document the rules read, with their pointers. Documents of either family
// (bare, or in the service's Meta envelope) have them at the same places. Anything that is not the
// shape the schema expects is skipped: the schema rule reports it.
import { childPointer, quoteId } from '../finding.js';

export type Json = Record<string, unknown>;

export function asObject(value: unknown): Json | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
}

/** The objects of an array member, with their pointers. */
export function objectsIn(parent: Json | undefined, member: string, at: string): { value: Json; pointer: string }[] {
  const list = parent?.[member];
  if (!Array.isArray(list)) return [];
  const out: { value: Json; pointer: string }[] = [];
  const base = childPointer(at, member);
  list.forEach((item, i) => {
    const value = asObject(item);
    if (value) out.push({ value, pointer: childPointer(base, i) });
  });
  return out;
}

/** The cards of a response. */
export const cardsOf = (payload: unknown) => objectsIn(asObject(payload), 'cards', '');

/** Every action of a response: each suggestion's, then the system actions. */
export function actionsOf(payload: unknown): { value: Json; pointer: string }[] {
  const suggested = cardsOf(payload).flatMap((card) =>
    objectsIn(card.value, 'suggestions', card.pointer).flatMap((s) => objectsIn(s.value, 'actions', s.pointer)),
  );
  return [...suggested, ...objectsIn(asObject(payload), 'systemActions', '')];
}

/** The value of `selectionBehavior`, or of the service's listing spelling; `undefined` when neither is there. */
export function selectionBehaviorOf(card: Json): unknown {
  if (Object.hasOwn(card, 'selectionBehavior')) return card.selectionBehavior;
  return Object.hasOwn(card, 'selectionsBehavior') ? card.selectionsBehavior : undefined;
}

/** A relative reference `Type/id` (FHIR's id syntax), as CDS Hooks writes resourceId, selections and userId. */
const RELATIVE = /^([A-Z][A-Za-z]{1,63})\/([A-Za-z0-9.-]{1,64})$/;
/** The same, or a version of the resource: `Type/id/_history/vid` (R4, "Resource References"). */
const VERSIONED = /^([A-Z][A-Za-z]{1,63})\/([A-Za-z0-9.-]{1,64})(?:\/_history\/[A-Za-z0-9.-]{1,64})?$/;

/**
 * The type and id of a relative reference, or undefined when it is not one. `versioned` admits a
 * version-specific reference, where CDS Hooks asks for "a relative reference" to a resource
 * (an action's resourceId) rather than for `Type/id` as its examples write a user or an order.
 */
export function relativeReference(value: unknown, versioned = false): { type: string; id: string } | undefined {
  if (typeof value !== 'string') return undefined;
  const match = (versioned ? VERSIONED : RELATIVE).exec(value);
  return match ? { type: match[1]!, id: match[2]! } : undefined;
}

/**
 * The `Type/id` an absolute URL ends with after a `/` (`…/fhir/MedicationRequest/103`): its last two
 * segments, when it has a `/` before them. Undefined otherwise.
 */
export function urlTail(url: string): string | undefined {
  const last = url.lastIndexOf('/');
  const before = last > 0 ? url.lastIndexOf('/', last - 1) : -1;
  return before >= 0 ? url.slice(before + 1) : undefined;
}

/** References a message lists: the first three quoted whole, then how many more there are. */
export function listedReferences(names: readonly string[], shown = 3): string {
  return `${names.slice(0, shown).map(quoteId).join(', ')}${names.length > shown ? ` and ${names.length - shown} more` : ''}`;
}
