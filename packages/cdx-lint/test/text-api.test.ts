// cdx-lint/text: one JSON text linted and fixed in memory, as the CLI lints and fixes a file, with
// nothing on its import path that needs Node (the playground runs it in a browser).
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fixText as fixFileText } from '../src/lint/process-file.js';
import { docsUrl, fixJson, fixText, lintJson, lintText } from '../src/text.js';
import { FIXTURES } from './support/bin.js';

const src = join(dirname(fileURLToPath(import.meta.url)), '../src');
const merge = readFileSync(join(FIXTURES, 'e2e/valid/patient-merge.json'), 'utf8');
const typo = merge.replace('"FirstName"', '"FirstNmae"');

/** The packages reached from `entry` through static imports (type-only ones excluded). */
function staticPackages(entry: string): Set<string> {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const [, clause, spec] of readFileSync(file, 'utf8').matchAll(/^(?:import|export)\s+(type\s+)?[^'";]*?from\s+'([^']+)'/gm)) {
      if (clause) continue;
      if (spec!.startsWith('.')) visit(resolve(dirname(file), spec!).replace(/\.js$/, '.ts'));
      else packages.add(spec!);
    }
  };
  visit(entry);
  return packages;
}

describe('cdx-lint/text', () => {
  it('reaches no Node built-in through static imports', () => {
    const packages = staticPackages(join(src, 'text.ts'));
    expect([...packages].filter((p) => p.startsWith('node:'))).toEqual([]);
    expect([...packages].sort()).toEqual(['@cdx/validate', 'jsonc-parser']);
  });

  it('lints a text as the CLI lints a file: rule, position, fix range', () => {
    const result = lintText(typo);
    expect(result.kind).toBe('PatientAdmin/PatientMerge');
    const line = typo.split('\n').findIndex((l) => l.includes('FirstNmae')) + 1;
    expect(result.messages).toMatchObject([
      {
        ruleId: 'spelling-drift',
        severity: 1,
        line,
        pointer: '/Patient/Demographics/FirstNmae',
        fix: { from: 'FirstNmae', to: 'FirstName', text: '"FirstName"' },
      },
    ]);
    const [start, end] = result.messages[0]!.fix!.range;
    expect(typo.slice(start, end)).toBe('"FirstNmae"');
  });

  it('fixes a text exactly as --fix does', () => {
    const fixed = fixText(typo);
    expect(fixed.output).toBe(merge);
    expect(fixed).toEqual(fixFileText(typo, '<text>', { rules: {}, pointerOverrides: [] }));
    const untouched = fixText(merge);
    expect(untouched.output).toBeUndefined();
    expect(untouched.fixes).toEqual([]);
  });

  it('takes a kind and rule settings, as a config file gives them', () => {
    expect(lintText(typo, { rules: { 'spelling-drift': 'error' } }).messages[0]?.severity).toBe(2);
    expect(lintText('{"hello": 1}', { kind: 'auth/TokenResponse' }).kind).toBe('auth/TokenResponse');
  });

  it('reports syntax errors and duplicate keys with their place', () => {
    expect(lintText('{"a": }').messages).toMatchObject([{ ruleId: 'parse-error', fatal: true, line: 1, column: 7 }]);
    const duplicated = merge.replace('"FirstName": "Timothy"', '"FirstName": "Timothy", "FirstName": "Tim"');
    expect(lintText(duplicated).messages.map((m) => m.ruleId)).toEqual(['duplicate-key']);
  });

  it('links each rule to its page', () => {
    expect(docsUrl('spelling-drift')).toMatch(/docs\/rules\/spelling-drift\.md$/);
  });
});

describe('the names before lintText and fixText', () => {
  it('lintJson and fixJson are the same functions, kept for existing callers', () => {
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- the deprecated names are what this test is about
    expect(lintJson).toBe(lintText);
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- the deprecated names are what this test is about
    expect(fixJson).toBe(fixText);
  });
});

describe('numbers as written', () => {
  it('a message about an integer JSON cannot hold exactly quotes the literal as written, not the rounded value', () => {
    const { messages } = lintText('{ "resourceType": "Patient", "id": "p", "multipleBirthInteger": 9007199254740993 }');
    const schema = messages.find((m) => m.ruleId === 'schema' && m.pointer === '/multipleBirthInteger');
    expect(schema?.message).toContain('got 9007199254740993');
    expect(schema?.message).not.toContain('9007199254740992');
  });
});
