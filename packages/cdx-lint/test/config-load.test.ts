// Finding and loading the config: nearest first, the config file before package.json's "cdxLint",
// and errors that name the file, the place and the member.
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/load.js';
import { ConfigError } from '../src/config/types.js';

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'cdx-lint-config-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('loadConfig', () => {
  it('finds the nearest config upward, its file before package.json', () => {
    const root = tree({
      'package.json': JSON.stringify({ name: 'x', cdxLint: { rules: { schema: 'warn' } } }),
      'cdx-lint.config.json': JSON.stringify({ rules: { schema: 'off' } }),
      'a/b/keep.txt': '',
    });
    const loaded = loadConfig({ cwd: join(root, 'a/b') });
    expect(loaded).toMatchObject({ path: join(root, 'cdx-lint.config.json'), baseDir: root, config: { rules: { schema: 'off' } } });
  });

  it('reads "cdxLint" from package.json, and skips a package.json without it', () => {
    const root = tree({
      'package.json': JSON.stringify({ name: 'x', cdxLint: { ignores: ['package.json'] } }),
      'sub/package.json': JSON.stringify({ name: 'sub', description: 'mentions "cdxLint" only in text' }),
    });
    expect(loadConfig({ cwd: join(root, 'sub') })).toMatchObject({ path: join(root, 'package.json'), config: { ignores: ['package.json'] } });
  });

  it('uses defaults when there is none, or with --no-config', () => {
    const root = tree({ 'cdx-lint.config.json': '{"rules": {"schema": "off"}}' });
    expect(loadConfig({ cwd: root, configPath: false })).toEqual({ config: {}, path: undefined, baseDir: root, warnings: [] });
  });

  it.each([
    ['a syntax error, with its line and column', '{\n  "rules": {},\n}', /cdx-lint\.config\.json:2:14: Trailing comma/],
    ['an invalid member', '{"ignore": []}', /Invalid config in cdx-lint\.config\.json:\n {2}- `ignore` is not a config option; did you mean `ignores`\?/],
    // These crashed with "internal error: SyntaxError" and a RangeError, and a stack trace.
    ['an invalid glob', '{"ignores": ["[z-a]"]}', /- `ignores\[0\]` "\[z-a\]" is not a valid glob: range out of order in character class\./],
    ['20,000 nested braces', `{"ignores": ["${'{'.repeat(20_000)}a${'}'.repeat(20_000)}"]}`, /is 40001 characters long; at most 256 are allowed/],
  ])('reports %s', (_name, text, message) => {
    const root = tree({ 'cdx-lint.config.json': text });
    expect(() => loadConfig({ cwd: root })).toThrow(ConfigError);
    expect(() => loadConfig({ cwd: root })).toThrow(message);
  });

  it('--config names a file, relative to cwd', () => {
    const root = tree({ 'configs/strict.json': '{"rules": {"unknown-field": "error"}}' });
    expect(loadConfig({ cwd: root, configPath: 'configs/strict.json' })).toMatchObject({
      baseDir: join(root, 'configs'),
      config: { rules: { 'unknown-field': 'error' } },
    });
  });
});

describe('a config that is a symbolic link', () => {
  const secret = 'TOKEN=s3cr3t-value-from-outside';

  it('is followed inside the project (its repository), not outside it; the message names the link, never the target', () => {
    const outside = tree({ 'environ.json': secret });
    const root = tree({ '.git/HEAD': 'ref: refs/heads/main\n', 'shared/base.json': '{ "maxFindingsPerRule": 5 }', 'a/b/x.json': '{}' });
    symlinkSync('../../shared/base.json', join(root, 'a/b/cdx-lint.config.json'));
    expect(loadConfig({ cwd: join(root, 'a/b') }).config).toEqual({ maxFindingsPerRule: 5 });

    const other = tree({ '.git/HEAD': 'ref: refs/heads/main\n' });
    symlinkSync(join(outside, 'environ.json'), join(other, 'cdx-lint.config.json'));
    const error = (() => {
      try {
        loadConfig({ cwd: other });
      } catch (e) {
        return e as Error;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect(error!.message).toMatch(/cdx-lint\.config\.json is a symbolic link to a file outside the project/);
    expect(error!.message).not.toContain('environ');
    expect(error!.message).not.toContain('TOKEN');
  });

  it('--config names any file, but its parse error quotes nothing of it', () => {
    const outside = tree({ 'environ.json': secret });
    expect(() => loadConfig({ cwd: outside, configPath: 'environ.json' })).toThrow(ConfigError);
    try {
      loadConfig({ cwd: outside, configPath: 'environ.json' });
    } catch (e) {
      expect((e as Error).message).toMatch(/^environ\.json:1:1: /);
      expect((e as Error).message).not.toMatch(/TOKEN|s3cr3t|OKEN/);
    }
  });
});
