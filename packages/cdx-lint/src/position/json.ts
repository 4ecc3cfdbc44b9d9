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
 * The place at `offset` in JSON text, read tolerantly (jsonc-parser), since a file being edited is
 * often not valid JSON yet. Used for hover and completion only: findings always come from JSON.parse.
 */
export function jsonPositionAt(text: string, offset: number): Omit<PayloadPosition, 'kind'> | undefined {
  const { getLocation, parse, parseTree } = jsonc();
  const location = getLocation(text, offset);
  const node = location.previousNode;
  const tree = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  const value: unknown = parse(text, [], { allowTrailingComma: true });
  if (!tree) return undefined;
  const path = [...location.path];
  const touches = node !== undefined && offset >= node.offset && offset <= node.offset + node.length;
  const range: [number, number] | undefined = touches ? [node.offset, node.offset + node.length] : undefined;
  if (location.isAtPropertyKey) {
    return { value, path, on: 'name', ...(range ? { range } : {}), siblings: namesAt(tree, path.slice(0, -1)).filter((n) => n !== path.at(-1)) };
  }
  return { value, path, on: 'value', ...(range && node?.type !== 'property' ? { range } : {}), siblings: namesAt(tree, path.slice(0, -1)) };
}
