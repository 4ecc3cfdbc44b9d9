/**
 * The FHIR resources a document that is not itself FHIR carries (a CDS Hooks request's context and
 * prefetch, a card's suggested resources): found by walking the kind's field map down to its
 * resource slots (`r`), and no further.
 */
import { MAX_DEPTH } from '../depth.js';
import type { Shape } from '../shape.js';
import { isObject } from '../json.js';

export interface ResourceSlot {
  readonly resource: Record<string, unknown>;
  /** Its path from the document's root. */
  readonly path: readonly (string | number)[];
}

export function resourceSlots(payload: unknown, shape: Shape): ResourceSlot[] {
  const out: ResourceSlot[] = [];
  const path: (string | number)[] = [];
  const visit = (value: unknown, index: number): void => {
    const node = shape.nodes[index];
    if (!node || typeof value !== 'object' || value === null || path.length > MAX_DEPTH) return;
    if (Array.isArray(value)) {
      if (node.i === undefined) return;
      for (let i = 0; i < value.length; i++) {
        path.push(i);
        visit(value[i], node.i);
        path.pop();
      }
      return;
    }
    if (node.r) {
      if (isObject(value)) out.push({ resource: value, path: [...path] });
      return;
    }
    for (const name in value) {
      if (!Object.hasOwn(value, name)) continue;
      const child = node.p?.[name] ?? node.a;
      if (child === undefined) continue;
      path.push(name);
      visit((value as Record<string, unknown>)[name], child);
      path.pop();
    }
  };
  visit(payload, shape.root);
  return out;
}
