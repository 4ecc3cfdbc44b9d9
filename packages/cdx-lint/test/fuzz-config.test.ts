// A property test of the config loader: for any config text — arbitrary JSON, or a valid config
// with any value replaced, and globs built from every glob character — loading it either gives a
// config whose globs then match any path quickly, or a ConfigError; never another exception (a
// stack trace), never a hang. Runs: CDX_FUZZ_RUNS (default 300, `pnpm fuzz` 100,000); seed:
// CDX_FUZZ_SEED.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/load.js';
import { createResolver } from '../src/config/resolve.js';
import { ConfigError } from '../src/config/types.js';
import { fuzzParameters, fuzzTimeout } from './support/fuzz.js';

const dir = mkdtempSync(join(tmpdir(), 'cdx-lint-fuzz-config-'));
const file = join(dir, 'cdx-lint.config.json');

const valid = {
  extensions: ['.json'],
  ignores: ['package.json', 'fixtures/not-payloads/**'],
  kinds: { 'fixtures/auth/token-*.json': 'auth/TokenRequest' },
  rules: { 'unknown-field': 'error' },
  overrides: [{ files: ['fixtures/legacy/**'], pointers: ['/Patient'], rules: { 'unknown-field': 'off' } }],
  attachmentLimit: 1000,
  maxFindingsPerRule: 10,
};

/** Globs from every character a glob gives meaning to, and some it does not, up to past the length limit. */
const globChar = fc.constantFrom(...'*?[]{},!/\\().|+@^$-az.'.split(''), '**', '**/', '[!', '[:alpha:]', '{a,b}', 'a'.repeat(40));
const glob = fc.array(globChar, { maxLength: 70 }).map((parts) => parts.join(''));
const anyValue = fc.oneof(fc.jsonValue({ maxDepth: 3 }), glob, fc.array(glob, { maxLength: 3 }));

const configText = fc.oneof(
  { weight: 1, arbitrary: fc.json({ maxDepth: 4 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
  {
    weight: 4,
    arbitrary: fc
      .record({ ignores: fc.array(glob, { maxLength: 3 }), kind: glob, files: fc.array(glob, { minLength: 1, maxLength: 2 }) })
      .map(({ ignores, kind, files }) =>
        JSON.stringify({ ...valid, ignores, kinds: { [kind || 'x']: 'auth/TokenRequest' }, overrides: [{ files, rules: { schema: 'warn' } }] }),
      ),
  },
  {
    weight: 2,
    arbitrary: fc.tuple(fc.constantFrom(...Object.keys(valid), 'nope'), anyValue).map(([key, value]) => JSON.stringify({ ...valid, [key]: value })),
  },
);

const paths = [
  join(dir, 'a.json'),
  join(dir, 'fixtures/auth/token-1.json'),
  join(dir, `${'a'.repeat(200)}/${'ab'.repeat(100)}.json`),
  join(dir, `${'x/'.repeat(40)}package.json`),
  join(dir, '../outside/(a|b)[c]{d}.json'),
];

describe('the config loader, on any config text', () => {
  it(
    'gives a usable config or a ConfigError, and its globs answer quickly',
    () => {
      fc.assert(
        fc.property(configText, (text) => {
          writeFileSync(file, text);
          let resolver;
          try {
            resolver = createResolver(loadConfig({ cwd: dir }));
          } catch (error) {
            expect(error).toBeInstanceOf(ConfigError);
            expect((error as Error).message).not.toMatch(/\n\s+at /);
            return;
          }
          for (const path of paths) {
            resolver.isIgnored(path);
            resolver.settingsFor(path);
          }
        }),
        fuzzParameters(50),
      );
    },
    fuzzTimeout(3),
  );

  it('the valid config loads, and its globs apply (the property is not vacuous)', () => {
    writeFileSync(file, JSON.stringify(valid));
    const resolver = createResolver(loadConfig({ cwd: dir }));
    expect(resolver.isIgnored(join(dir, 'deep/package.json'))).toBe(true);
    expect(resolver.settingsFor(join(dir, 'fixtures/auth/token-1.json')).kind).toBe('auth/TokenRequest');
  });
});
