// No package source imports itself back through a chain of relative imports (type-only ones included):
// a circle makes the load order matter and the modules impossible to read one at a time.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const IMPORT = /^\s*(?:import|export)\s[^'"]*?from\s+'(\.{1,2}\/[^']+)'/gm;

function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && /\.(?:ts|mts|cts)$/.test(d.name) && !d.name.endsWith('.d.ts') && !d.parentPath.includes('generated'))
    .map((d) => join(d.parentPath, d.name));
}

/** Relative imports of one module, as source paths (`./x.js` is `./x.ts` on disk). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].map((m) =>
    resolve(dirname(file), m[1]!)
      .replace(/\.(c|m)?js$/, '.$1ts')
      .replace(/\.ts$/, '.ts'),
  );
}

/** The circles of a module graph (Tarjan's strongly connected components of more than one module). */
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    for (let member = stack.pop()!; ; member = stack.pop()!) {
      onStack.delete(member);
      component.push(member);
      if (member === node) break;
    }
    if (component.length > 1) found.push(component.map((f) => relative(root, f)).sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('import circles', () => {
  it('finds one when there is one', () => {
    const graph = new Map([
      ['/a.ts', ['/b.ts']],
      ['/b.ts', ['/a.ts']],
      ['/c.ts', ['/a.ts']],
    ]);
    expect(circles(graph)).toHaveLength(1);
  });

  it.each(readdirSync(join(root, 'packages')).filter((p) => readdirSync(join(root, 'packages', p)).includes('src')))('packages/%s/src has none', (pkg) => {
    const files = sources(join(root, 'packages', pkg, 'src'));
    const graph = new Map(files.map((f) => [f, importsOf(f)]));
    expect(circles(graph)).toEqual([]);
  });
});
