// How deep a payload may nest: the bound nesting-depth reports and every recursive walk stops at. A module of
// its own because the walks (members.ts, fhir/bundle.ts) and the rule that reports both need it.
import { childPointer } from './finding.js';

/** Deeper than any message, resource or bundle the service defines, far below stack limits. */
export const MAX_DEPTH = 512;

/** Pointer of the first container nested deeper than `limit`, found without recursion. */
export function findTooDeep(payload: unknown, limit = MAX_DEPTH): string | undefined {
  const stack: { value: unknown; pointer: string; depth: number }[] = [{ value: payload, pointer: '', depth: 0 }];
  while (stack.length > 0) {
    const { value, pointer, depth } = stack.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= limit) return pointer;
    const entries = Array.isArray(value) ? value.entries() : Object.entries(value);
    for (const [key, child] of entries) {
      if (typeof child === 'object' && child !== null) {
        stack.push({ value: child, pointer: childPointer(pointer, key), depth: depth + 1 });
      }
    }
  }
  return undefined;
}
