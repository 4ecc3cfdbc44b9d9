// One registry for everything cdx-lint reports or lists: @cdx/validate's rules and the CLI's own.
// The CLI's rule files and CLI_RULES agree; every rule has docs/rules/<id>.md (with its options)
// and every doc a rule; the config schema offers every option of a rule a lint run reports, with
// that rule's own schema, as `rules: { id: [severity, options] }`. (@cdx/validate's
// test/rules/registry.test.ts checks its rule files; rule-options.test.ts the generated types and --print-config.)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { RULES, type Rule } from '@cdx/validate';
import { describe, expect, it } from 'vitest';
import { EDITOR_KEYWORDS } from '../../../scripts/lib/emit-options.mjs';
import { DEPRECATED_KEYS } from '../src/generated/config.js';
import { allRules, CLI_RULES } from '../src/rules/index.js';
import { FIXTURES } from './support/bin.js';

const REPO = join(FIXTURES, '../../../..');
const DOCS = join(REPO, 'docs/rules');
const RULES_DIR = join(REPO, 'packages/cdx-lint/src/rules');
const CONFIG_SCHEMA = JSON.parse(readFileSync(join(REPO, 'packages/cdx-lint/schema/cdx-lint.config.schema.json'), 'utf8')) as {
  properties: Record<string, Record<string, unknown>>;
  $defs: { rules: { propertyNames: { pattern: string }; properties: Record<string, { anyOf: { prefixItems?: Record<string, unknown>[] }[] }> } };
};

/** Config keys that are not rule options: what to lint, how to set severities, how many findings to list. */
const STRUCTURAL = ['$schema', 'extensions', 'ignores', 'kinds', 'rules', 'overrides', 'maxFindingsPerRule'];

const isRule = (value: unknown): value is Rule => typeof value === 'object' && value !== null && 'scope' in value && 'meta' in value && 'check' in value;
const withoutAnnotations = (schema: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(schema)
      .filter(([k]) => k !== 'description' && !EDITOR_KEYWORDS.includes(k))
      .map(([k, v]) => [k, v && typeof v === 'object' && !Array.isArray(v) ? withoutAnnotations(v as Record<string, unknown>) : v]),
  );

describe('the rule registry, as cdx-lint reads it', () => {
  it('each CLI rule file holds one rule named like the file, and CLI_RULES holds exactly those', async () => {
    const files = readdirSync(RULES_DIR).filter((f) => f.endsWith('.ts') && !['index.ts', 'scopes.ts', 'run.ts'].includes(f));
    const found: string[] = [];
    for (const file of files) {
      const rules = Object.values((await import(pathToFileURL(join(RULES_DIR, file)).href)) as Record<string, unknown>).filter(isRule);
      expect(
        rules.map((r) => r.meta.id),
        file,
      ).toEqual([basename(file, '.ts')]);
      found.push(rules[0]!.meta.id);
      const suite = join(REPO, 'packages/cdx-lint/test/rules', file.replace(/\.ts$/, '.test.ts'));
      expect(
        existsSync(suite) && /\.run\(\w+Rule,/.test(readFileSync(suite, 'utf8')),
        `test/rules/${file.replace(/\.ts$/, '.test.ts')} runs the rule through a RuleTester`,
      ).toBe(true);
    }
    expect(found.sort()).toEqual(CLI_RULES.map((r) => r.meta.id));
  });

  it("allRules() is @cdx/validate's RULES and CLI_RULES, sorted by id, each once", () => {
    const ids = allRules().map((r) => r.id);
    expect(ids).toEqual([...RULES, ...CLI_RULES].map((r) => r.meta.id).sort());
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('docs/rules', () => {
  const docs = readdirSync(DOCS).filter((f) => f.endsWith('.md'));

  it.each(allRules().map((r) => [r.id, r] as const))('%s has a doc with what, why, incorrect and correct examples, and its options', (id, rule) => {
    const path = join(DOCS, `${id}.md`);
    expect(existsSync(path), `docs/rules/${id}.md is missing`).toBe(true);
    const text = readFileSync(path, 'utf8');
    expect(text.startsWith(`# ${id}\n`), 'the title is the rule id').toBe(true);
    for (const section of ['What', 'Why', 'Incorrect', 'Correct', 'Options']) expect(text, `section ${section}`).toMatch(new RegExp(`^## ${section}$`, 'm'));
    const options = text.slice(text.indexOf('## Options'));
    for (const name of Object.keys(rule.meta.options?.properties ?? {})) expect(options, `the Options section names ${name}`).toContain(`\`${name}\``);
  });

  it('every doc names a registered rule', () => {
    const ids = allRules().map((r) => r.id);
    expect(
      docs.map((f) => f.replace(/\.md$/, '')).filter((id) => !ids.includes(id)),
      'docs/rules/*.md without a rule',
    ).toEqual([]);
  });
});

describe('the config schema', () => {
  const withOptions = allRules().filter((r) => r.configurable && Object.keys(r.meta.options?.properties ?? {}).length > 0);

  it("offers every rule with options as [severity, options], with the rule's own schema", () => {
    expect(withOptions.length, 'some rule a lint run reports has options').toBeGreaterThan(0);
    for (const rule of withOptions) {
      const entry = CONFIG_SCHEMA.$defs.rules.properties[rule.id];
      expect(entry, `rules.${rule.id}`).toBeDefined();
      const [, options] = entry!.anyOf.find((branch) => branch.prefixItems?.length === 2)!.prefixItems!;
      const { title: _title, ...schema } = options!;
      expect(withoutAnnotations(schema), rule.id).toEqual(withoutAnnotations(rule.meta.options as unknown as Record<string, unknown>));
    }
  });

  it('keeps each deprecated top-level key, with the schema of the option it now is, and no other', () => {
    const deprecated = Object.keys(CONFIG_SCHEMA.properties).filter((k) => !STRUCTURAL.includes(k));
    expect(deprecated).toEqual(Object.keys(DEPRECATED_KEYS));
    for (const key of deprecated) {
      const { rule, option } = DEPRECATED_KEYS[key]!;
      const own = allRules().find((r) => r.id === rule)?.meta.options?.properties[option];
      expect(CONFIG_SCHEMA.properties[key]!.deprecated, key).toBe(true);
      expect(withoutAnnotations(CONFIG_SCHEMA.properties[key]!), key).toEqual(withoutAnnotations({ ...own, deprecated: true }));
    }
  });

  it('accepts every configurable rule id as a rules key', () => {
    const pattern = new RegExp(CONFIG_SCHEMA.$defs.rules.propertyNames.pattern);
    for (const rule of allRules().filter((r) => r.configurable)) expect(rule.id).toMatch(pattern);
  });
});
