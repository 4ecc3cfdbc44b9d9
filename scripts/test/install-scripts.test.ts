// `pnpm install` prints no "Ignored build scripts … run pnpm approve-builds" box: every installed
// package with an install script is named in pnpm-workspace.yaml, as allowed (onlyBuiltDependencies)
// or not (ignoredBuiltDependencies).
import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '../..');

/** The entries of a top-level list in pnpm-workspace.yaml (`key:` then `  - item` lines). */
function yamlList(text: string, key: string): string[] {
  const block = new RegExp(`^${key}:\\n((?:  - .*\\n)*)`, 'm').exec(text)?.[1] ?? '';
  return [...block.matchAll(/^ {2}- '?([^'\n]+)'?$/gm)].map((m) => m[1]!);
}

/** Names of the installed packages (in pnpm's store of this workspace) that have an install script. */
function withInstallScripts(): Set<string> {
  const store = join(root, 'node_modules/.pnpm');
  const names = new Set<string>();
  for (const entry of readdirSync(store)) {
    const modules = join(store, entry, 'node_modules');
    if (!existsSync(modules)) continue;
    for (const name of readdirSync(modules).flatMap((n) => (n.startsWith('@') ? readdirSync(join(modules, n)).map((m) => `${n}/${m}`) : [n]))) {
      const dir = join(modules, name);
      if (lstatSync(dir).isSymbolicLink() || !existsSync(join(dir, 'package.json'))) continue;
      const scripts = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { scripts?: Record<string, string> }).scripts ?? {};
      if (scripts.preinstall ?? scripts.install ?? scripts.postinstall) names.add(name);
      else if (existsSync(join(dir, 'binding.gyp'))) names.add(name);
    }
  }
  return names;
}

describe('install scripts', () => {
  it('every dependency with an install script is allowed or ignored by name in pnpm-workspace.yaml', () => {
    const workspace = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8');
    const named = new Set([...yamlList(workspace, 'onlyBuiltDependencies'), ...yamlList(workspace, 'ignoredBuiltDependencies')]);
    const found = withInstallScripts();
    expect(found.size, 'the scan found the packages known to have install scripts').toBeGreaterThan(0);
    expect([...found].filter((name) => !named.has(name)).sort()).toEqual([]);
  });
});
