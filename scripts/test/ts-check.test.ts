// The generator's modules are type-checked by `pnpm typecheck` (scripts/tsconfig.json), which
// checks a .mjs file only when it opts in: each of them does.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const scripts = fileURLToPath(new URL('..', import.meta.url));
const files = [
  'generate.mjs',
  ...readdirSync(`${scripts}lib`)
    .filter((f) => f.endsWith('.mjs'))
    .map((f) => `lib/${f}`),
];

describe('scripts/lib and generate.mjs', () => {
  it('are many (the listing was read)', () => {
    expect(files.length).toBeGreaterThan(15);
  });

  it.each(files)('%s opts in to type checking', (file) => {
    // After a shebang line, if any.
    expect(
      readFileSync(`${scripts}${file}`, 'utf8')
        .replace(/^#!.*\n/, '')
        .startsWith('// @ts-check\n'),
    ).toBe(true);
  });
});

// Every package's test folder is type-checked too: `pnpm typecheck` runs each package's `typecheck`
// script, whose tsconfig must include the folder (a test nothing checked hid a real TS2345).
const packagesDir = fileURLToPath(new URL('../../packages/', import.meta.url));
const withTests = readdirSync(packagesDir).filter((p) => readdirSync(`${packagesDir}${p}`).includes('test'));

describe('every test folder', () => {
  it('is found', () => {
    expect(withTests).toEqual(expect.arrayContaining(['cdx-lint', 'schemas', 'validate']));
  });

  it.each(withTests)('packages/%s/test is included by a tsconfig its typecheck script checks', (pkg) => {
    const dir = `${packagesDir}${pkg}/`;
    const manifest = JSON.parse(readFileSync(`${dir}package.json`, 'utf8')) as { scripts?: Record<string, string> };
    const configs = [...(manifest.scripts?.typecheck ?? '').matchAll(/tsc -p (\S+)/g)].map((m) => m[1]!);
    const checksTests = configs.some((config) => {
      const include = /"include":\s*\[([^\]]*)\]/.exec(readFileSync(`${dir}${config}`, 'utf8'))?.[1] ?? '';
      const entries = [...include.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
      // A tsconfig in test/ includes its own folder (an entry not under ..); one at the package root names test.
      return config.startsWith('test/') ? entries.some((e) => !e.startsWith('..')) : entries.some((e) => e === 'test' || e.startsWith('test/'));
    });
    expect(checksTests, `packages/${pkg}: typecheck runs ${JSON.stringify(configs)}`).toBe(true);
  });
});
