// Start-up cost is a feature: importing @cdx/validate must not pull in jose (auth is a subpath),
// the ajv compiler, or any generated validator (each loads on first use of its kind).
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = resolve(dirname(fileURLToPath(import.meta.url)), '../src');

/** Every module specifier reachable from a file through static imports (type-only excluded). */
function staticImports(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    const text = readFileSync(file, 'utf8');
    for (const [, spec] of text.matchAll(/^(?:import|export)(?!\s+type\b)[^'"]*?from\s+'([^']+)'/gm)) {
      if (spec!.startsWith('.')) pending.push(join(dirname(file), spec!.replace(/\.js$/, '.ts')));
      else packages.add(spec!);
    }
  }
  return { files, packages };
}

describe('start-up', () => {
  const { files, packages } = staticImports(join(src, 'index.ts'));

  it('the main entry reaches only node built-ins', () => {
    expect([...packages].sort()).toEqual(['node:fs', 'node:module', 'node:path']);
  });

  it('the main entry does not reach the auth subpath (but its constants, which the auth rules state) or any generated validator', () => {
    const reached = [...files].map((f) => f.slice(src.length + 1));
    expect(reached.filter((f) => f.startsWith('auth/'))).toEqual(['auth/service.ts']);
    expect(reached.filter((f) => f.startsWith('generated/validators/'))).toEqual([]);
    // Only the hand-written CommonJS the generated code shares (the loaded modules, the date checker
    // that the formats and the messages both use), the FHIR tables' loader, which loads each table
    // from generated/validators on first use, and the corrected R4 invariants (which the generator reads too).
    expect(reached.filter((f) => f.endsWith('.cjs')).sort()).toEqual(['datetime.cjs', 'fhir/invariants/corrected.cjs', 'fhir/table/tables.cjs', 'modules.cjs']);
  });

  it('the auth subpath is where jose comes in', () => {
    expect(staticImports(join(src, 'auth/index.ts')).packages.has('jose')).toBe(true);
  });
});
