// No package source imports itself back through a chain of relative imports (type-only ones included):
// a circle makes the load order matter and the modules impossible to read one at a time.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const IMPORT = /^\s*(?:import|export)\s[^'"]*?from\s+'(\.{1,2}\/[^']+)'/gm;
/** A type written inline, `import('./x.js').Name` or `typeof import('./x.js')`: a dependency like any other. */
const INLINE_TYPE = /(?:typeof\s+import\(\s*'(\.{1,2}\/[^']+)'\s*\)|\bimport\(\s*'(\.{1,2}\/[^']+)'\s*\)\.(?!then\b)[A-Za-z_$])/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && /\.(?:ts|mts|cts)$/.test(d.name) && !d.name.endsWith('.d.ts') && !d.parentPath.includes('generated'))
    .map((d) => join(d.parentPath, d.name));
}

/** Relative imports of one module, inline import types included, as source paths (`./x.js` is `./x.ts` on disk). */
function importsOf(file: string, text = readFileSync(file, 'utf8')): string[] {
  const specifiers = [...[...text.matchAll(IMPORT)].map((m) => m[1]!), ...[...text.matchAll(INLINE_TYPE)].map((m) => (m[1] ?? m[2])!)];
  return specifiers.map((specifier) =>
    resolve(dirname(file), specifier)
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

  it('sees inline import types, and not a lazy import()', () => {
    const text = [
      "import type { A } from './a.js';",
      "type B = import('./b.js').B;",
      "type C = typeof import('./c.js');",
      "const lazy = () => import('./lazy.js');",
      "void import('./then.js').then((m) => m);",
    ].join('\n');
    expect(importsOf('/x/y.ts', text)).toEqual(['/x/a.ts', '/x/b.ts', '/x/c.ts']);
  });

  it.each(readdirSync(join(root, 'packages')).filter((p) => readdirSync(join(root, 'packages', p)).includes('src')))('packages/%s/src has none', (pkg) => {
    const files = sources(join(root, 'packages', pkg, 'src'));
    const graph = new Map(files.map((f) => [f, importsOf(f)]));
    expect(circles(graph)).toEqual([]);
  });
});
