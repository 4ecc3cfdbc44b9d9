// A small RFC 6902 applier for test cases (add, remove, replace, move, copy). Test support only:
// cases describe an invalid payload as a few edits of a valid example.
import { parsePointer } from '../../src/finding.js';

export interface PatchOp {
  op: 'add' | 'remove' | 'replace' | 'move' | 'copy';
  path: string;
  from?: string;
  value?: unknown;
}

function parentOf(doc: unknown, pointer: string): [Record<string, unknown> | unknown[], string] {
  const path = parsePointer(pointer);
  const last = path.pop();
  if (last === undefined) throw new Error('patch: cannot edit the root');
  let node: any = doc;
  for (const t of path) {
    if (node === null || typeof node !== 'object' || !(t in node)) throw new Error(`patch: ${pointer} has no parent`);
    node = node[t];
  }
  return [node, last];
}

function get(doc: unknown, pointer: string): unknown {
  let node: any = doc;
  for (const t of parsePointer(pointer)) {
    if (node === null || typeof node !== 'object' || !(t in node)) throw new Error(`patch: nothing at ${pointer}`);
    node = node[t];
  }
  return node;
}

function remove(doc: unknown, pointer: string): unknown {
  const [parent, key] = parentOf(doc, pointer);
  const value = get(doc, pointer);
  if (Array.isArray(parent)) parent.splice(Number(key), 1);
  else delete parent[key];
  return value;
}

function add(doc: unknown, pointer: string, value: unknown): void {
  const [parent, key] = parentOf(doc, pointer);
  if (Array.isArray(parent)) parent.splice(key === '-' ? parent.length : Number(key), 0, value);
  else parent[key] = value;
}

/** Applies the operations to a deep copy of `doc` and returns it. */
export function applyPatch<T>(doc: T, ops: readonly PatchOp[]): T {
  const out = structuredClone(doc);
  for (const op of ops) {
    switch (op.op) {
      case 'add':
        add(out, op.path, structuredClone(op.value));
        break;
      case 'remove':
        remove(out, op.path);
        break;
      case 'replace':
        get(out, op.path);
        remove(out, op.path);
        add(out, op.path, structuredClone(op.value));
        break;
      case 'move':
        add(out, op.path, remove(out, op.from!));
        break;
      case 'copy':
        add(out, op.path, structuredClone(get(out, op.from!)));
        break;
    }
  }
  return out;
}
