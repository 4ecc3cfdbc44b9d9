import type { Node } from 'jsonc-parser';
import { nodeRequire } from '../node-require.js';
import type { PayloadPosition } from './types.js';

let loaded: typeof import('jsonc-parser') | undefined;
/** jsonc-parser, loaded on first use (the library's other paths never need it). */
const jsonc = () => (loaded ??= nodeRequire(import.meta.url)('jsonc-parser') as typeof import('jsonc-parser'));

/** Member names of the object at `path` in the tolerant tree. */
function namesAt(tree: Node | undefined, path: (string | number)[]): string[] {
  const node = tree && (path.length === 0 ? tree : jsonc().findNodeAtLocation(tree, path));
  if (node?.type !== 'object') return [];
  return (node.children ?? []).flatMap((p) => (p.children?.[0]?.type === 'string' ? [p.children[0].value as string] : []));
}

/**
 * Places in JSON text, read tolerantly (jsonc-parser), since a file being edited is often not valid
 * JSON yet. The text is parsed once, on the first question; each place then costs a scan to its
 * offset. Used for hover and completion only: findings always come from JSON.parse.
 */
export function jsonPositions(text: string): (offset: number) => Omit<PayloadPosition, 'kind'> | undefined {
  let parsed: { value: unknown; namesAt: (path: (string | number)[]) => string[] } | undefined;
  return (offset) => {
    const { getLocation } = jsonc();
    parsed ??= parseOnce(text);
    if (!parsed) return undefined;
    const { value, namesAt } = parsed;
    const location = getLocation(text, offset);
    const node = location.previousNode;
    const path = [...location.path];
    const touches = node !== undefined && offset >= node.offset && offset <= node.offset + node.length;
    const range: [number, number] | undefined = touches ? [node.offset, node.offset + node.length] : undefined;
    if (location.isAtPropertyKey) {
      return { value, path, on: 'name', ...(range ? { range } : {}), siblings: namesAt(path.slice(0, -1)).filter((n) => n !== path.at(-1)) };
    }
    return { value, path, on: 'value', ...(range && node?.type !== 'property' ? { range } : {}), siblings: namesAt(path.slice(0, -1)) };
  };
}

/**
 * The payload and the member names of its objects. Valid JSON (most of the time, even while typing)
 * is read by JSON.parse, ten times faster than the tolerant parser on a large file; only text that
 * is not valid JSON yet is read tolerantly.
 */
function parseOnce(text: string): { value: unknown; namesAt: (path: (string | number)[]) => string[] } | undefined {
  try {
    const value: unknown = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    return {
      value,
      namesAt: (path) => {
        const holder = path.reduce<unknown>((v, k) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), value);
        return holder !== null && typeof holder === 'object' && !Array.isArray(holder) ? Object.keys(holder) : [];
      },
    };
  } catch {
    const { parse, parseTree } = jsonc();
    const tree = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
    if (!tree) return undefined;
    return { value: parse(text, [], { allowTrailingComma: true }) as unknown, namesAt: (path) => namesAt(tree, path) };
  }
}
