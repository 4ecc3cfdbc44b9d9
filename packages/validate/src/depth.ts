// How deep a payload may nest: the bound nesting-depth reports and every recursive walk stops at. A module of
// its own because the walks (members.ts, fhir/bundle.ts) and the rule that reports both need it.
import { childPointer } from './finding.js';

/** Deeper than any message, resource or bundle the service defines, far below stack limits. */
export const MAX_DEPTH = 512;

/**
 * Pointer of the first container, in document order, nested `limit` levels below the root (the
 * root is level 0: a payload may nest `limit` levels of objects and arrays, no more), or undefined.
 * This is what decides nesting-depth: a count, the same whatever the stack size. A quick count that
 * never recurses deeper than `limit` says whether there is one; only then a walk without recursion,
 * that stops at the first container too deep and builds only that container's pointer (a frame per
 * level of the path being walked, nothing per member).
 */
export function findTooDeep(payload: unknown, limit = MAX_DEPTH): string | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  if (limit <= 0) return '';
  // Nearly no payload is too deep: the quick count allocates nothing (under half the time of the
  // walk below over R4's examples).
  if (!nestsPast(payload, 0, limit)) return undefined;
  // The containers on the path from the root, each with its member names (undefined for an array)
  // and the index of the next member to look at.
  const containers: object[] = [payload];
  const names: (string[] | undefined)[] = [Array.isArray(payload) ? undefined : Object.keys(payload)];
  const next: number[] = [0];
  while (containers.length > 0) {
    const top = containers.length - 1;
    const container = containers[top]!;
    const keys = names[top];
    const index = next[top]!;
    if (index >= (keys ? keys.length : (container as unknown[]).length)) {
      containers.pop();
      names.pop();
      next.pop();
      continue;
    }
    next[top] = index + 1;
    const child: unknown = keys ? (container as Record<string, unknown>)[keys[index]!] : (container as unknown[])[index];
    if (typeof child !== 'object' || child === null) continue;
    if (containers.length >= limit) {
      // `child` is `limit` levels down: its pointer is the path's keys, each one before its frame's next.
      let pointer = '';
      for (let level = 0; level < containers.length; level++) {
        const at = next[level]! - 1;
        pointer = childPointer(pointer, names[level]?.[at] ?? at);
      }
      return pointer;
    }
    containers.push(child);
    names.push(Array.isArray(child) ? undefined : Object.keys(child));
    next.push(0);
  }
  return undefined;
}

/**
 * Whether a container sits `limit` levels below `value` (at level `depth`). Recursive, but at most
 * `limit` frames deep: it stops at the first container that deep.
 */
function nestsPast(value: object, depth: number, limit: number): boolean {
  if (Array.isArray(value)) {
    for (const child of value as unknown[]) {
      if (typeof child === 'object' && child !== null && (depth + 1 >= limit || nestsPast(child, depth + 1, limit))) return true;
    }
    return false;
  }
  // for…in: a parsed payload's members, without the array Object.keys would build per object.
  for (const key in value) {
    const child: unknown = (value as Record<string, unknown>)[key];
    if (typeof child === 'object' && child !== null && (depth + 1 >= limit || nestsPast(child, depth + 1, limit))) return true;
  }
  return false;
}
