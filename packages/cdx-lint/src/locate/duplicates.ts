import { OnePass } from './one-pass.js';
import { memberName } from './skip.js';

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
 * over text JSON.parse accepted (one-pass.ts); the strict token walk (walker.ts) it replaced cost
 * R4's two bundles that reach it (7 MB) about 0.2 s.
 */
export function findDuplicateKeys(text: string, visit?: (duplicate: DuplicateKey) => void): DuplicateKey[] {
  const duplicates: DuplicateKey[] = [];
  const found = visit ?? ((duplicate: DuplicateKey) => duplicates.push(duplicate));
  // For each open container, for an object once it has a member: the names met so far, with their offsets.
  const names: (Map<string, number> | undefined)[] = [];
  const pass = new OnePass(text);
  pass.run({
    open: () => void names.push(undefined),
    close: () => void names.pop(),
    member(at, end, depth) {
      if (depth > MAX_DUPLICATE_DEPTH) return;
      const seen = (names[depth - 1] ??= new Map<string, number>());
      const name = memberName(text, at, end);
      const first = seen.get(name);
      if (first === undefined) seen.set(name, at);
      else found({ pointer: pass.pointer(), name, offset: at, length: end - at, firstOffset: first });
    },
  });
  return duplicates;
}
