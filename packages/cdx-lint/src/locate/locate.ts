import type { LineIndex, Span } from './text.js';
import type { ValueShape } from './walker.js';
import { memberName, skipSpace, stringEnd, valueEnd } from './skip.js';
import { parentPointer, pointerToken } from './pointer.js';

/** Where one value sits in the text, and the member name that holds it. */
export interface NodeLocation {
  /** Offset of the member name token (quotes included), or -1 for array items and the root. */
  keyOffset: number;
  keyLength: number;
  offset: number;
  /** Offset after the value (after the closing bracket of a container, when the pass got there). */
  end: number;
  shape: ValueShape;
}

/** A container being read: a wanted one (containers off every wanted path are skipped whole). */
interface Open {
  pointer: string;
  location: NodeLocation;
  array: boolean;
  index: number;
}

/**
 * Finds the given pointers (and their ancestors, for the fallback of missing members) in one pass
 * over text that `JSON.parse` accepted (a document's text; syntax errors are the walker's).
 * Values off every wanted path are skipped whole, so pointer strings are built only along those
 * paths. When a member name repeats, the last occurrence wins, as in `JSON.parse`, which is what
 * the findings were computed from. `hasDuplicates: false` lets the pass stop as soon as
 * everything is found.
 */
export function locatePointers(text: string, pointers: Iterable<string>, hasDuplicates = true): Map<string, NodeLocation> {
  const wanted = new Set<string>();
  // Upward until an ancestor already wanted (its own ancestors are then too): with many findings
  // deep in one object, listing every ancestor of each was quadratic in the depth.
  for (const pointer of pointers) for (let p: string | undefined = pointer; p !== undefined && !wanted.has(p); p = parentPointer(p)) wanted.add(p);
  const found = new Map<string, NodeLocation>();
  let pending = wanted.size;
  // What was found directly inside each container, so that a repeated member forgets its earlier
  // occurrence's subtree without scanning everything found (quadratic with thousands of repeats).
  const inside = new Map<string, string[]>();
  const forget = (pointer: string) => {
    for (const stack = [pointer]; stack.length > 0;) {
      const p = stack.pop()!;
      found.delete(p);
      for (const child of inside.get(p) ?? []) stack.push(child);
      inside.delete(p);
    }
  };

  const open: Open[] = [];
  /** Records the value at `at` if wanted; returns where reading goes on, or -1 when all is found. */
  const value = (pointer: string, parent: Open | undefined, keyOffset: number, keyLength: number, at: number): number => {
    if (!wanted.has(pointer)) return valueEnd(text, at);
    const first = text.charCodeAt(at);
    const shape: ValueShape = first === 123 ? 'object' : first === 91 ? 'array' : 'scalar';
    // A container's end is set when its closing bracket is read.
    const location: NodeLocation = { keyOffset, keyLength, offset: at, end: shape === 'scalar' ? valueEnd(text, at) : at + 1, shape };
    // A repeated member: forget what the earlier occurrence's subtree recorded. It is already
    // listed among its parent's children (listing it again for each of a million repeats kept a
    // million pointer strings alive).
    const repeated = found.has(pointer);
    if (repeated) forget(pointer);
    else pending--;
    found.set(pointer, location);
    if (parent && !repeated) {
      const siblings = inside.get(parent.pointer);
      if (siblings) siblings.push(pointer);
      else inside.set(parent.pointer, [pointer]);
    }
    // Container ends are never needed for spans, so the pass can end at the last wanted value.
    if (!hasDuplicates && pending === 0) return -1;
    if (shape === 'scalar') return location.end;
    open.push({ pointer, location, array: shape === 'array', index: 0 });
    return at + 1;
  };

  let at = value('', undefined, -1, 0, skipSpace(text, 0));
  while (at !== -1 && open.length > 0) {
    const container = open[open.length - 1]!;
    at = skipSpace(text, at);
    const c = text.charCodeAt(at);
    if (c === 125 || c === 93) {
      container.location.end = at + 1;
      open.pop();
      at++;
      continue;
    }
    if (c === 44) at = skipSpace(text, at + 1);
    if (container.array) {
      at = value(`${container.pointer}/${container.index++}`, container, -1, 0, at);
    } else {
      const nameEnd = stringEnd(text, at);
      const name = memberName(text, at, nameEnd);
      // Past the name, the colon and the space around it.
      const valueAt = skipSpace(text, skipSpace(text, nameEnd) + 1);
      at = value(`${container.pointer}/${pointerToken(name)}`, container, at, nameEnd - at, valueAt);
    }
  }
  return found;
}

/**
 * The text span a finding at `pointer` is shown on: a member from its name to the end of a scalar
 * value (to the end of the name when the value is an object or array, which may run for pages);
 * an array item or the root by its first token; a missing member by the opening bracket of the
 * nearest ancestor that exists.
 */
export function spanOf(pointer: string, found: ReadonlyMap<string, NodeLocation>, lines: LineIndex): Span {
  let at: string | undefined = pointer;
  while (at !== undefined && !found.has(at)) at = parentPointer(at);
  const location = at === undefined ? undefined : found.get(at);
  if (!location) return lines.span(0, 0);
  if (at !== pointer) return lines.span(location.offset, location.offset + 1);
  const [start, end] = memberRange(location);
  return lines.span(start, end);
}

/** `[start, end)` of a located value as `spanOf` shows it. */
function memberRange(location: NodeLocation): [number, number] {
  const scalarEnd = location.shape === 'scalar' ? location.end : location.offset + 1;
  if (location.keyOffset < 0) return [location.offset, scalarEnd];
  return [location.keyOffset, location.shape === 'scalar' ? location.end : location.keyOffset + location.keyLength];
}
