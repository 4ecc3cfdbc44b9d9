// Config globs: relative to the config's directory; a glob without "/" matches at any depth.
import { describe, expect, it } from 'vitest';
import { compileGlob } from '../src/config/glob.js';

describe('compileGlob', () => {
  it.each([
    ['*.json', 'a.json', true],
    ['*.json', 'deep/dir/a.json', true],
    ['*.json', 'a.jsonc', false],
    ['package.json', 'sub/package.json', true],
    ['fixtures/*.json', 'fixtures/a.json', true],
    ['fixtures/*.json', 'fixtures/sub/a.json', false],
    ['fixtures/**/*.json', 'fixtures/a.json', true],
    ['fixtures/**/*.json', 'fixtures/x/y/a.json', true],
    ['fixtures/**/*.json', 'other/fixtures/a.json', false],
    ['**/auth/*.json', 'auth/t.json', true],
    ['**/auth/*.json', 'a/b/auth/t.json', true],
    ['fixtures/**', 'fixtures/a/b.json', true],
    ['./fixtures/a.json', 'fixtures/a.json', true],
    ['token-?.json', 'token-1.json', true],
    ['token-?.json', 'token-12.json', false],
    ['token-[0-9].json', 'token-7.json', true],
    ['token-[!0-9].json', 'token-7.json', false],
    ['{auth,oauth}/*.json', 'oauth/x.json', true],
    ['{auth,oauth}/*.json', 'other/x.json', false],
    ['*.{json,jsonc}', 'x/y.jsonc', true],
    ['not-payloads', 'not-payloads/x.json', true],
    ['fixtures/not-payloads/', 'fixtures/not-payloads/deep/x.json', true],
    ['a+b(c).json', 'a+b(c).json', true],
    ['a+b(c).json', 'aab(c).json', false],
  ])('%s matches %s: %s', (glob, path, want) => {
    expect(compileGlob(glob)(path)).toBe(want);
  });
});
