// The library entry point an editor integration uses: one config loaded for many texts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, createLinter, DEFAULT_IGNORES, lintText } from '../src/index.js';
import { FIXTURES } from './support/bin.js';

const configured = join(FIXTURES, 'configured');
const three = readFileSync(join(FIXTURES, 'e2e/three-findings.json'), 'utf8');

describe('createLinter', () => {
  const linter = createLinter({ cwd: configured });

  it('knows its config, and applies its kinds, rules and overrides by path (files need not exist)', () => {
    expect(linter.configPath).toBe(join(configured, 'cdx-lint.config.json'));
    const token = linter.lintText('{"grant_type": "client_credentials"}', 'auth/token-new.json');
    expect(token.kind).toBe('auth/TokenRequest');
    const strict = linter.lintText(three, 'elsewhere.json').messages.find((m) => m.ruleId === 'unknown-field');
    expect(strict?.severity).toBe(2);
    expect(linter.lintText(three, 'legacy/x.json').messages.map((m) => m.ruleId)).not.toContain('unknown-field');
  });

  it('gives findings with ranges and fixes, and the fixed text with fix: dry-run', () => {
    const result = linter.lintText(three, 'x.json');
    const drift = result.messages.find((m) => m.ruleId === 'spelling-drift')!;
    expect(three.slice(...drift.fix!.range)).toBe('"FirstNmae"');
    const fixed = linter.lintText(three, 'x.json', { fix: 'dry-run' });
    expect(fixed.output).toBe(three.replace('"FirstNmae"', '"FirstName"'));
  });

  it('says what is ignored, and what applies to a file', () => {
    expect([linter.isIgnored('package.json'), linter.isIgnored('not-payloads/a.json'), linter.isIgnored('x.json')]).toEqual([true, true, false]);
    expect(linter.configFor('legacy/x.json')).toMatchObject({
      file: join(configured, 'legacy/x.json'),
      ignored: false,
      reader: 'json',
      kind: null,
      rules: { 'unknown-field': 'off' },
    });
    expect(DEFAULT_IGNORES).toContain('tsconfig*.json');
  });

  it('throws ConfigError for a bad config', () => {
    expect(() => createLinter({ cwd: join(FIXTURES, 'bad-config') })).toThrow(ConfigError);
  });

  it('lintText() is the same, one text at a time', () => {
    expect(lintText(three, { cwd: configured, filePath: 'x.json' })).toEqual(linter.lintText(three, 'x.json'));
  });
});
