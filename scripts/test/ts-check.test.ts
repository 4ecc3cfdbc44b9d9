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
