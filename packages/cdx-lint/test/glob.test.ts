// Config globs: relative to the config's directory; a glob without "/" matches at any depth.
import { describe, expect, it } from 'vitest';
import { compileGlob, GlobError, globProblem } from '../src/config/glob.js';

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

// Review found these: polynomial backtracking and crashes from hand-built expressions. How long the
// matches take is `pnpm robustness`'s to measure (budgets.mjs).
describe('globs that hung or crashed the linter', () => {
  it('`**/` twelve times against a path 21 deep (over a minute before)', () => {
    const match = compileGlob(`${'**/'.repeat(12)}x.json`);
    expect(match(`${'a/'.repeat(21)}y.json`)).toBe(false);
    expect(match(`${'a/'.repeat(21)}x.json`)).toBe(true);
  });

  it('three wildcards in a segment against a 255-character name; more are refused (11 s for a 100-character name before)', () => {
    expect(compileGlob('*a*a*ab.json')('a'.repeat(255))).toBe(false);
    expect(() => compileGlob('*a*a*a*a*a*ab.json')).toThrow(GlobError);
    expect(globProblem('*a*a*a*a*a*ab.json')).toMatch(/6 wildcards .* at most 3/);
    expect(globProblem('*{a,aa}*{b,bb}*c')).toMatch(/5 wildcards/);
  });

  it('an invalid class or unbalanced braces is a GlobError, not an internal SyntaxError', () => {
    expect(globProblem('[z-a].json')).toBe('is not a valid glob: range out of order in character class');
    expect(globProblem('{a,b.json')).toMatch(/not a valid glob: a `\{` without its `\}`/);
    expect(globProblem('{a/b,c}/*.json')).toMatch(/inside braces/);
  });

  it('a run of backslashes is refused: picomatch never returned on `(` and four at the end (found by fuzz-config)', () => {
    expect(globProblem('a(\\\\\\\\')).toMatch(/has 4 backslashes in a row/);
    expect(globProblem(',+(,\\\\\\\\')).toMatch(/backslashes in a row/);
    expect(compileGlob('a\\\\b.json')('a\\b.json')).toBe(true);
  });

  it('20,000 nested braces are refused by length, not a RangeError', () => {
    expect(globProblem(`${'{'.repeat(20_000)}a${'}'.repeat(20_000)}`)).toMatch(/40001 characters long; at most 256/);
  });

  it('a path longer than PATH_MAX matches nothing, a name longer than 255 characters no wildcard', () => {
    expect(compileGlob('**/x.json')(`${'a/'.repeat(3000)}x.json`)).toBe(false);
    expect(compileGlob('*.json')(`${'a'.repeat(300)}.json`)).toBe(false);
    expect(compileGlob(`${'a'.repeat(250)}.json`)(`${'a'.repeat(250)}.json`)).toBe(true);
  });
});

describe('glob semantics kept from the hand-written matcher', () => {
  it.each([
    ['**', 'a/b/c.json', true],
    ['*', 'a/b.json', true],
    ['.cache', 'x/.cache/y.json', true],
    ['*.json', '.hidden.json', true],
    ['a/**/b', 'a/b', true],
    ['a/**/b', 'a/x/y/b/c.json', true],
    ['a(b|c).json', 'a(b|c).json', true],
    ['a(b|c).json', 'ab.json', false],
    ['!a.json', '!a.json', true],
    ['!a.json', 'b.json', false],
    ['a\\*b.json', 'a*b.json', true],
    ['a\\*b.json', 'axb.json', false],
    ['[[:digit:]].json', '7.json', true],
    ['/fixtures/*.json', 'fixtures/a.json', true],
    ['package.json', '../../package.json', true],
    ['fixtures/*.json', '../fixtures/a.json', false],
  ])('%s matches %s: %s', (glob, path, want) => {
    expect(compileGlob(glob)(path)).toBe(want);
  });
});

describe('a matcher asked many times', () => {
  const globs = ['*.json', 'a/**/b', '**/x/*.json', 'fixtures/*.json', '{a,b}/c', 'a/b/c', '**', 'x'];
  const paths = ['x', 'a/b', 'a/x/y/b/c.json', 'b/c', 'fixtures/a.json', 'a/b/c/d/e/f/g.json', 'q/x/r.json', 'x/y', 'a', '../x', 'a/b/c'];

  it('answers each path as a fresh matcher does, whatever it was asked before (deeper or shallower)', () => {
    for (const glob of globs) {
      const fresh = paths.map((path) => compileGlob(glob)(path));
      const reused = compileGlob(glob);
      expect(paths.map((path) => reused(path))).toEqual(fresh);
      expect([...paths].reverse().map((path) => reused(path))).toEqual([...fresh].reverse());
      // Each path right after every other one.
      for (const before of paths) {
        for (const [k, path] of paths.entries()) {
          reused(before);
          expect(reused(path), `${glob} on ${path} after ${before}`).toBe(fresh[k]);
        }
      }
    }
  });
});
