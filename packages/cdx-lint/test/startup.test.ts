// Cold start matters for pre-commit: what the bin loads before it lints must not include a schema
// compiler, TypeScript, a glob engine or any formatter (those load on demand). Checked on the
// static import graph of the sources, following @cdx/validate's entry too, and on the bundle the
// build makes of them (dist/bin.js), which must keep those imports lazy.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = join(dirname(fileURLToPath(import.meta.url)), '../src');
const dist = join(src, '../dist');
const validateEntry = createRequire(import.meta.url).resolve('@cdx/validate');

/** Every module statically reachable from `entry`, and the bare specifiers they import. */
function staticGraph(entry: string): { files: string[]; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const follow = (file: string, spec: string) => {
    if (spec.startsWith('.')) {
      const target = resolve(dirname(file), spec);
      visit(file.endsWith('.ts') && target.endsWith('.js') ? target.replace(/\.js$/, '.ts') : target);
    } else if (spec === '@cdx/validate') visit(validateEntry);
    else packages.add(spec);
  };
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const text = readFileSync(file, 'utf8');
    // Static imports and re-exports only: `import type` is erased, `import()` is on demand.
    for (const [, clause, spec] of text.matchAll(/^(?:import|export)\s+(type\s+)?[^'";]*?from\s+'([^']+)'/gm)) if (!clause) follow(file, spec!);
    // Imports for their side effects (main.ts's tier-up.ts).
    for (const [, spec] of text.matchAll(/^import\s+'([^']+)'/gm)) follow(file, spec!);
  };
  visit(entry);
  return { files: [...files], packages };
}

const LAZY = /^(ajv|ajv-formats|typescript|tinyglobby|picomatch|jsonc-parser|node:crypto|node:worker_threads)(\/|$)/;

describe('start-up', () => {
  const { files, packages } = staticGraph(join(src, 'main.ts'));

  it('loads no schema compiler, TypeScript, glob engine, location parser, crypto or threads', () => {
    expect([...packages].filter((p) => LAZY.test(p))).toEqual([]);
  });

  it('loads formatters only on demand', () => {
    // escape.ts is a dependency-free helper the CLI also uses for its stderr lines.
    const formatters = files.filter((f) => f.includes('/formatters/') && !/formatters\/(index|types|escape)\.ts$/.test(f));
    expect(formatters).toEqual([]);
  });

  it('the graph was really followed (sanity check of this test)', () => {
    expect(files.some((f) => f.endsWith('lint/lint-text.ts'))).toBe(true);
    expect(files.some((f) => f.endsWith('/tiering.ts'))).toBe(true);
    // @cdx/validate's entry is one bundled file (scripts/bundle.mjs); its own graph is checked in its package.
    expect(files).toContain(validateEntry);
    expect(validateEntry).toMatch(/index\.bundle\.js$/);
  });
});

/** The files the built bin loads before it runs (itself and the chunks it imports statically), and the packages they import. */
function bundleGraph(entry: string): { files: string[]; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    // esbuild writes static imports at the top level with double quotes; import() is on demand.
    for (const [, from, bare] of readFileSync(file, 'utf8').matchAll(/^(?:import|export)\s[^'";]*?from\s*"([^"]+)"|^import\s*"([^"]+)"/gm)) {
      const spec = (from ?? bare)!;
      if (spec.startsWith('.')) visit(resolve(dirname(file), spec));
      else packages.add(spec);
    }
  };
  visit(entry);
  return { files: [...files], packages };
}

describe('start-up of the built bin (run `pnpm build` first)', () => {
  const { files, packages } = bundleGraph(join(dist, 'bin.js'));

  it('is one bundled file, plus only chunks it shares with code loaded on demand', () => {
    // tsc's entry would import ./cli/run.js, and so on through ~50 modules.
    expect(files.slice(1).filter((f) => !/\/chunks\/chunk-\w+\.js$/.test(f))).toEqual([]);
    // The sanity check of this test: the graph reached the packages the bin imports.
    expect(packages).toContain('@cdx/validate');
  });

  it('keeps the schema compiler, TypeScript, glob engine, location parser, crypto, threads, formatters and cache lazy', () => {
    expect([...packages].filter((p) => LAZY.test(p))).toEqual([]);
    const bin = readFileSync(join(dist, 'bin.js'), 'utf8');
    for (const lazy of ['stylish', 'json', 'sarif', 'github', 'cache', 'engine-hash'])
      expect(bin).toMatch(new RegExp(`import\\("\\./chunks/${lazy}-\\w+\\.js"\\)`));
    // picomatch (config globs) is required on first use, not bundled into the start-up file.
    expect(bin).not.toContain('POSIX_REGEX_SOURCE');
  });
});
