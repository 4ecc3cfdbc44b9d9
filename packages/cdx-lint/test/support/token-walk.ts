// The strict token walk's reading of texts (walker.ts), which faster one-pass searches are compared with.
import { MAX_DUPLICATE_DEPTH, type DuplicateKey } from '../../src/locate/duplicates.js';
import { pointerToken } from '../../src/locate/pointer.js';
import { walkJson } from '../../src/locate/walker.js';

/** The repeats as the strict token walk finds them (the implementation before the one-pass search). */
export function duplicatesByTokenWalk(text: string): DuplicateKey[] {
  const duplicates: DuplicateKey[] = [];
  const open: { token: string; names: Map<string, number> | undefined }[] = [];
  const pointerOf = (key: string) => [...open.slice(1).map((f) => f.token), pointerToken(key)].map((t) => `/${t}`).join('');
  walkJson(text, {
    value(event) {
      const parent = open[open.length - 1];
      if (parent?.names && typeof event.key === 'string' && open.length <= MAX_DUPLICATE_DEPTH) {
        const first = parent.names.get(event.key);
        if (first === undefined) parent.names.set(event.key, event.keyOffset);
        else duplicates.push({ pointer: pointerOf(event.key), name: event.key, offset: event.keyOffset, length: event.keyLength, firstOffset: first });
      }
      if (event.shape !== 'scalar')
        open.push({ token: event.key === undefined ? '' : pointerToken(String(event.key)), names: event.shape === 'object' ? new Map() : undefined });
      return undefined;
    },
    containerEnd() {
      open.pop();
      return undefined;
    },
  });
  return duplicates;
}
