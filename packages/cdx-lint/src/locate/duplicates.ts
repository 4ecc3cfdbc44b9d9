import { pointerToken } from './pointer.js';
import { memberName, skipSpace, stringEnd, valueEnd } from './skip.js';

/** A member name that appears again in the same object. */
export interface DuplicateKey {
  /** Pointer of the member (both occurrences share it). */
  pointer: string;
  name: string;
  /** The repeated occurrence's name token. */
  offset: number;
  length: number;
  /** The occurrence before it. */
  firstOffset: number;
}

/**
 * An upper bound of the member names in valid JSON text: colons whose previous non-space
 * character is a quote that is not escaped (an even run of backslashes before it). Every member's
 * colon is one; a colon inside a string rarely is (only at the start of a string: `":a"`), and
 * timestamps' colons or an escaped `\":` never are. A native `indexOf` per colon keeps this
 * several times cheaper than `JSON.parse` itself.
 */
function membersUpperBound(text: string): number {
  let count = 0;
  for (let colon = text.indexOf(':'); colon !== -1; colon = text.indexOf(':', colon + 1)) {
    let before = colon - 1;
    let c = text.charCodeAt(before);
    while (c === 32 || c === 10 || c === 13 || c === 9) c = text.charCodeAt(--before);
    if (c !== 34) continue;
    let backslashes = 0;
    while (text.charCodeAt(before - 1 - backslashes) === 92) backslashes++;
    if (backslashes % 2 === 0) count++;
  }
  return count;
}

/** Own members of every object in a parsed value, counted without recursion. */
function countMembersInValue(value: unknown): number {
  let count = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item !== 'object' || item === null) continue;
    if (Array.isArray(item)) {
      for (const child of item) if (typeof child === 'object' && child !== null) stack.push(child);
      continue;
    }
    for (const key in item) {
      count++;
      const child = (item as Record<string, unknown>)[key];
      if (typeof child === 'object' && child !== null) stack.push(child);
    }
  }
  return count;
}

/**
 * Whether valid JSON text can hold a repeated member name. `JSON.parse` keeps one value per name,
 * so a text with no more member colons than the parsed value has members has no repeat. Cheap
 * enough to run on every file; only a hit (a repeat, or a rare quote-colon inside a string) pays
 * for the exact `findDuplicateKeys` walk.
 */
export function mayHaveDuplicateKeys(text: string, value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  return membersUpperBound(text) !== countMembersInValue(value);
}

/**
 * How deep a repeated name is still reported: as deep as @cdx/validate's nesting-depth limit, past
 * any real message. Each finding's pointer is as long as its depth, so reporting a repeat at every
 * level of a file nested 100,000 deep would build pointers of 10^10 characters (a 240 KB file
 * hung the linter, growing past 3 GB).
 */
export const MAX_DUPLICATE_DEPTH = 512;

/**
 * Every repeated member name (down to MAX_DUPLICATE_DEPTH levels), at its later occurrence(s), in
 * text order: handed to `visit` one by one when given (nothing is gathered), else returned. One pass
 * over text JSON.parse accepted, with the moves of skip.ts (strings jumped by a native search) and no
 * recursion; the strict token walk (walker.ts) it replaced cost R4's two bundles that reach it
 * (7 MB) about 0.2 s.
 */
export function findDuplicateKeys(text: string, visit?: (duplicate: DuplicateKey) => void): DuplicateKey[] {
  const duplicates: DuplicateKey[] = [];
  const found = visit ?? ((duplicate: DuplicateKey) => duplicates.push(duplicate));
  // For each open container: the member name's span (an object) or the item's index (an array, as
  // -1 - index), and for an object the names met so far with their offsets.
  const slots: number[] = [];
  const ends: number[] = [];
  const names: (Map<string, number> | undefined)[] = [];
  const pointer = (): string => {
    let out = '';
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i]!;
      out += `/${slot < 0 ? String(-1 - slot) : pointerToken(memberName(text, slot, ends[i]!))}`;
    }
    return out;
  };
  /** At a member name: records it, reports it if its object had it already, and returns where its value starts. */
  const member = (at: number): number => {
    const end = stringEnd(text, at);
    const top = slots.length - 1;
    slots[top] = at;
    ends[top] = end;
    if (slots.length <= MAX_DUPLICATE_DEPTH) {
      const seen = (names[top] ??= new Map<string, number>());
      const name = memberName(text, at, end);
      const first = seen.get(name);
      if (first === undefined) seen.set(name, at);
      else found({ pointer: pointer(), name, offset: at, length: end - at, firstOffset: first });
    }
    return skipSpace(text, skipSpace(text, end) + 1);
  };
  let at = skipSpace(text, 0);
  for (;;) {
    const first = text.charCodeAt(at);
    if (first === 123 || first === 91) {
      const inner = skipSpace(text, at + 1);
      if (text.charCodeAt(inner) !== (first === 123 ? 125 : 93)) {
        slots.push(-1);
        ends.push(0);
        names.push(undefined);
        at = first === 123 ? member(inner) : inner;
        continue;
      }
      at = inner + 1;
    } else at = valueEnd(text, at);
    // After a value: the next member or item, or the end of containers.
    for (;;) {
      if (slots.length === 0) return duplicates;
      at = skipSpace(text, at);
      if (text.charCodeAt(at) === 44) {
        const top = slots.length - 1;
        const next = skipSpace(text, at + 1);
        if (slots[top]! < 0) {
          slots[top]!--;
          at = next;
        } else at = member(next);
        break;
      }
      slots.pop();
      ends.pop();
      names.pop();
      at++;
    }
  }
}
