import { LineIndex, type Span } from './text.js';
import { Next, walkJson, type ValueShape } from './walker.js';
import { parentPointer, pointerToken } from './pointer.js';

/** Where one value sits in the text, and the member name that holds it. */
export interface NodeLocation {
  /** Offset of the member name token (quotes included), or -1 for array items and the root. */
  keyOffset: number;
  keyLength: number;
  offset: number;
  /** Offset after the value (after the closing bracket of a container, when the walk got there). */
  end: number;
  shape: ValueShape;
}

/**
 * Finds the given pointers (and their ancestors, for the fallback of missing members) in one walk
 * of the text. Containers off every wanted path are skipped, so pointer strings are built only
 * along those paths. When a member name repeats, the last occurrence wins, as in `JSON.parse`,
 * which is what the findings were computed from. `hasDuplicates: false` lets the walk stop as
 * soon as everything is found.
 */
export function locatePointers(text: string, pointers: Iterable<string>, hasDuplicates = true): Map<string, NodeLocation> {
  const wanted = new Set<string>();
  // Upward until an ancestor already wanted (its own ancestors are then too): with many findings
  // deep in one object, listing every ancestor of each was quadratic in the depth.
  for (const pointer of pointers) for (let p: string | undefined = pointer; p !== undefined && !wanted.has(p); p = parentPointer(p)) wanted.add(p);
  const found = new Map<string, NodeLocation>();
  const open: { pointer: string; location: NodeLocation }[] = [];
  let pending = wanted.size;
  // What was found directly inside each container, so that a repeated member forgets its earlier
  // occurrence's subtree without scanning everything found (quadratic with thousands of repeats).
  const inside = new Map<string, string[]>();
  const forget = (pointer: string) => {
    for (const stack = [pointer]; stack.length > 0; ) {
      const p = stack.pop()!;
      found.delete(p);
      for (const child of inside.get(p) ?? []) stack.push(child);
      inside.delete(p);
    }
  };

  walkJson(text, {
    value(event) {
      const parent = open[open.length - 1];
      const pointer = parent === undefined ? '' : `${parent.pointer}/${pointerToken(event.key!)}`;
      if (!wanted.has(pointer)) return event.shape === 'scalar' ? Next.Continue : Next.Skip;
      const location: NodeLocation = {
        keyOffset: event.keyOffset,
        keyLength: event.keyLength,
        offset: event.offset,
        end: event.offset + event.length,
        shape: event.shape,
      };
      // A repeated member: forget what the earlier occurrence's subtree recorded.
      if (found.has(pointer)) forget(pointer);
      else pending--;
      found.set(pointer, location);
      if (parent) {
        const siblings = inside.get(parent.pointer);
        if (siblings) siblings.push(pointer);
        else inside.set(parent.pointer, [pointer]);
      }
      if (event.shape !== 'scalar') open.push({ pointer, location });
      // Container ends are never needed for spans, so the walk can end at the last wanted value.
      return !hasDuplicates && pending === 0 ? Next.Stop : Next.Continue;
    },
    containerEnd(end) {
      open.pop()!.location.end = end;
    },
  });
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
export function memberRange(location: NodeLocation): [number, number] {
  const scalarEnd = location.shape === 'scalar' ? location.end : location.offset + 1;
  if (location.keyOffset < 0) return [location.offset, scalarEnd];
  return [location.keyOffset, location.shape === 'scalar' ? location.end : location.keyOffset + location.keyLength];
}
