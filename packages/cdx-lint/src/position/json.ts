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
  let parsed: { tree: Node | undefined; value: unknown } | undefined;
  return (offset) => {
    const { getLocation, parse, parseTree } = jsonc();
    parsed ??= { tree: parseTree(text, [], { allowTrailingComma: true, disallowComments: false }), value: parse(text, [], { allowTrailingComma: true }) };
    const { tree, value } = parsed;
    if (!tree) return undefined;
    const location = getLocation(text, offset);
    const node = location.previousNode;
    const path = [...location.path];
    const touches = node !== undefined && offset >= node.offset && offset <= node.offset + node.length;
    const range: [number, number] | undefined = touches ? [node.offset, node.offset + node.length] : undefined;
    if (location.isAtPropertyKey) {
      return { value, path, on: 'name', ...(range ? { range } : {}), siblings: namesAt(tree, path.slice(0, -1)).filter((n) => n !== path.at(-1)) };
    }
    return { value, path, on: 'value', ...(range && node?.type !== 'property' ? { range } : {}), siblings: namesAt(tree, path.slice(0, -1)) };
  };
}
