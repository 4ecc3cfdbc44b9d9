// The READMEs' shell commands work after exactly the set-up the root README gives (Node.js and npm;
// pnpm through `npx -y pnpm@<pinned>`): each command of a ```sh block of the root and playground
// READMEs runs pnpm that way, and names a root script or a bin the clone has in node_modules/.bin.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '../..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { packageManager: string; scripts: Record<string, string> };
const PNPM = `npx -y ${manifest.packageManager}`;

/** Every command of the ```sh blocks of a README (comments dropped, `&&` chains split). */
function commands(readme: string): string[] {
  const text = readFileSync(join(root, readme), 'utf8');
  return [...text.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].flatMap((m) =>
    m[1]!
      .split('\n')
      .map((line) => line.replace(/\s+#.*$/, '').trim())
      .filter(Boolean)
      .flatMap((line) => line.split('&&').map((c) => c.trim())),
  );
}

describe("the READMEs' commands", () => {
  it.each(['README.md', 'packages/playground/README.md'])('%s: pnpm through npx, naming a root script or an installed bin', (readme) => {
    const all = commands(readme);
    expect(all.length).toBeGreaterThan(0);
    for (const command of all) {
      expect(command.startsWith(`${PNPM} `), command).toBe(true);
      const args = command.slice(PNPM.length + 1).split(/\s+/);
      const filtered = args[0] === '--filter' ? args.slice(2) : args;
      const [verb, name] = filtered;
      if (verb === 'exec') expect(existsSync(join(root, 'node_modules/.bin', name!)), command).toBe(true);
      else if (args[0] !== '--filter') {
        expect(verb === 'run' || verb === 'install', command).toBe(true);
        if (verb === 'run') expect(Object.keys(manifest.scripts), command).toContain(name);
      }
    }
  });
});
