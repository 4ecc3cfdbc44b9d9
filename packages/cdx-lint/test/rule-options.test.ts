// Options per rule: a rule declares its options once (`meta.options`), and the config schema, its
// TypeScript types, `--print-config` and the API types follow from it. Config takes them as ESLint
// does (`rules: { id: [severity, options] }`), checked against the rule's schema; the top-level keys
// of before still work, deprecated with a warning; file overrides give a file its own options.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRule, OptionsError, RULES, validate, type RuleMeta, type RuleOptionsById, type RulesConfig } from '@cdx/validate';
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { EDITOR_KEYWORDS } from '../../../scripts/lib/emit-options.mjs';
import { configSchema, configSchemaBase, configTypes, DEPRECATED_CONFIG_KEYS, ruleConfigTypes } from '../../../scripts/lib/emit-rule-config.mjs';
import { fileConfig } from '../src/config/file-config.js';
import { loadConfig } from '../src/config/load.js';
import { createResolver } from '../src/config/resolve.js';
import { ConfigError } from '../src/config/types.js';
import { run, type RunIo } from '../src/cli/run.js';
import { createLinter } from '../src/linter.js';
import { allRules } from '../src/rules/index.js';
import { lintText, type TextOptions } from '../src/text.js';
import { FIXTURES } from './support/bin.js';

const REPO = join(FIXTURES, '../../../..');
const merge = readFileSync(join(FIXTURES, 'e2e/valid/patient-merge.json'), 'utf8');
/** The merge without Meta.Source.ID: what source-id reports when the caller holds several API keys. */
const noSourceId = (() => {
  const payload = JSON.parse(merge) as { Meta: { Source: Record<string, unknown> } };
  delete payload.Meta.Source.ID;
  return JSON.stringify(payload, null, 2);
})();
const surname = merge.replace('"LastName"', '"Surname"');

function tree(files: Record<string, unknown>): string {
  const root = mkdtempSync(join(tmpdir(), 'cdx-lint-options-'));
  for (const [path, value] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), typeof value === 'string' ? value : JSON.stringify(value));
  }
  return root;
}

/** `cdx-lint` in this process, with its output kept. */
async function cli(argv: string[], cwd: string): Promise<{ status: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: RunIo = {
    cwd,
    env: {},
    stdin: process.stdin,
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  };
  const status = await run(argv, io);
  return { status, stdout, stderr };
}

const ruleIds = (text: string, options: TextOptions) => lintText(text, options).messages.map((m) => m.ruleId);

describe('a new rule with an option reaches the config schema, the types and --print-config from its meta alone', () => {
  const throwaway = createRule({
    scope: RULES[0].scope,
    meta: {
      id: 'max-destinations',
      severity: 'warning',
      description: 'At most so many Meta.Destinations entries.',
      messages: { many: 'Too many destinations.' },
      options: {
        type: 'object',
        properties: { maxDestinations: { type: 'integer', minimum: 1, description: 'Most destinations a request may name.' } },
        additionalProperties: false,
      },
    },
    defaultOptions: { maxDestinations: 10 },
    check() {
      // Never run: only its meta matters here.
    },
  });
  const metas = [...RULES.map((rule) => rule.meta as RuleMeta), throwaway.meta];
  const schema = configSchema(configSchemaBase(REPO), metas);

  it('the config schema takes it as [severity, options], checked against its schema', () => {
    const ajv = new Ajv2020.default({ allErrors: true, strict: true });
    for (const keyword of EDITOR_KEYWORDS) ajv.addKeyword({ keyword, schemaType: 'string', valid: true });
    const check = ajv.compile(schema);
    expect(check({ rules: { 'max-destinations': ['warn', { maxDestinations: 3 }] } }), JSON.stringify(check.errors)).toBe(true);
    expect(check({ rules: { 'max-destinations': 'off' } })).toBe(true);
    expect(check({ rules: { 'max-destinations': ['warn', { maxDestinations: 0 }] } })).toBe(false);
    expect(check({ rules: { 'max-destinations': ['warn', { maxDestination: 3 }] } })).toBe(false);
    // No top-level key for a new option: those are the deprecated ones only.
    expect(Object.keys(schema.properties)).not.toContain('maxDestinations');
    expect(Object.keys(schema.properties).filter((key) => schema.properties[key].deprecated)).toEqual(Object.keys(DEPRECATED_CONFIG_KEYS));
  });

  it('the types give its options by rule id, and the config type takes them through `rules`', async () => {
    const types = await ruleConfigTypes(metas);
    expect(types).toContain("'max-destinations': MaxDestinationsOptions;");
    expect(types).toMatch(/export interface MaxDestinationsOptions \{[^}]*maxDestinations\?: number;/);
    expect(await configTypes(schema, metas)).toContain('rules?: Rules;');
  });

  it('--print-config shows every rule with options as [severity, options], defaults filled (derived from the registry)', () => {
    const root = tree({});
    const loaded = loadConfig({ cwd: root, configPath: false });
    const printed = fileConfig(join(root, 'a.json'), loaded, createResolver(loaded));
    const withOptions = allRules().filter((rule) => Object.keys(rule.meta.options?.properties ?? {}).length > 0);
    expect(withOptions.length).toBeGreaterThan(0);
    for (const rule of withOptions) {
      const [setting, options] = printed.rules[rule.id] as [string, Record<string, unknown>];
      expect(setting, rule.id).toBe(rule.defaultSeverity === 'error' ? 'error' : 'warn');
      expect(options, rule.id).toEqual(JSON.parse(JSON.stringify(rule.defaultOptions)));
    }
    expect(printed.rules.schema).toBe('error');
  });

  it('each rule with options shows the config form on its doc page (derived from the registry)', () => {
    for (const rule of allRules().filter((r) => r.meta.options)) {
      const doc = readFileSync(join(REPO, `docs/rules/${rule.id}.md`), 'utf8');
      expect(doc.slice(doc.indexOf('## Options')), rule.id).toContain(`"${rule.id}": [`);
    }
  });

  it('the generated API types have every rule with options, by id (derived from the registry)', () => {
    const generated = readFileSync(join(REPO, 'packages/validate/src/generated/rule-config.ts'), 'utf8');
    for (const rule of allRules().filter((r) => r.meta.options)) {
      expect(generated, rule.id).toContain(`'${rule.id}': `);
      for (const name of Object.keys(rule.meta.options!.properties)) expect(generated, `${rule.id}.${name}`).toMatch(new RegExp(`\\b${name}\\?:`));
    }
    expectTypeOf<RuleOptionsById['attachment-size']>().toEqualTypeOf<{ attachmentLimit?: number }>();
    expectTypeOf<{ 'attachment-size': ['warn', { attachmentLimit: 5 }] }>().toExtend<RulesConfig>();
    expectTypeOf<{ rules: { 'spelling-drift': ['error', { knownVariants: { Surname: 'LastName' } }] } }>().toExtend<TextOptions>();
  });
});

describe('config: rules as [severity, options]', () => {
  it('sets the rule options for every file', () => {
    const root = tree({ 'cdx-lint.config.json': { rules: { 'source-id': ['warn', { multipleApiKeys: true }] } } });
    const linter = createLinter({ cwd: root });
    expect(linter.configWarnings).toEqual([]);
    const messages = linter.lintText(noSourceId, 'a.json').messages;
    expect(messages.map((m) => [m.ruleId, m.severity])).toEqual([['source-id', 1]]);
  });

  it('refuses options the rule does not have, or values its schema refuses: a config error naming the rule and the option, exit 2', async () => {
    const root = tree({
      'cdx-lint.config.json': { rules: { 'attachment-size': ['error', { attachmentLimt: 5 }], 'source-id': ['error', { multipleApiKeys: 'yes' }] } },
    });
    expect(() => loadConfig({ cwd: root })).toThrow(ConfigError);
    const { status, stderr } = await cli(['--print-config', 'a.json'], root);
    expect(status).toBe(2);
    expect(stderr).toContain('`rules.attachment-size[1].attachmentLimt` is not an option of rule attachment-size; did you mean `attachmentLimit`?');
    expect(stderr).toContain('`rules.source-id[1].multipleApiKeys` must be true or false (option multipleApiKeys of rule source-id)');
  });

  it('refuses options for a rule that has none, and options in an override with pointers', () => {
    const root = tree({
      'cdx-lint.config.json': {
        rules: { schema: ['warn', {}] },
        overrides: [{ pointers: ['/Meta'], rules: { 'source-id': ['warn', { multipleApiKeys: true }] } }],
      },
    });
    let message = '';
    try {
      loadConfig({ cwd: root });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('`rules.schema` gives options, but rule schema has none');
    expect(message).toContain('`overrides[0].rules.source-id` gives options in an override with `pointers`');
  });

  it('a file override gives its files their own options, and a severity alone keeps the options', () => {
    const root = tree({
      'cdx-lint.config.json': {
        rules: { 'spelling-drift': ['warn', { knownVariants: { Surname: 'LastName' } }] },
        overrides: [
          { files: ['strict/**'], rules: { 'source-id': ['error', { multipleApiKeys: true }] } },
          { files: ['plain/**'], rules: { 'spelling-drift': ['warn', { knownVariants: {} }] } },
          { files: ['quiet/**'], rules: { 'spelling-drift': 'error' } },
        ],
      },
    });
    const linter = createLinter({ cwd: root });
    const ids = (text: string, path: string) => linter.lintText(text, path).messages.map((m) => `${m.ruleId}:${m.severity}`);
    expect(ids(noSourceId, 'a.json')).toEqual([]);
    expect(ids(noSourceId, 'strict/a.json')).toEqual(['source-id:2']);
    expect(ids(surname, 'a.json')).toEqual(['spelling-drift:1']);
    // Options replaced: Surname is no longer a known variant (a near miss of nothing, so unknown).
    expect(ids(surname, 'plain/a.json')).not.toContain('spelling-drift:1');
    expect(ids(surname, 'quiet/a.json')).toEqual(['spelling-drift:2']);
  });
});

describe('the top-level option keys of before', () => {
  it('still work, with a warning that names the new form', async () => {
    const root = tree({ 'cdx-lint.config.json': { knownVariants: { Surname: 'LastName' }, multipleApiKeys: true } });
    const linter = createLinter({ cwd: root });
    expect(linter.lintText(surname, 'a.json').messages.map((m) => m.ruleId)).toContain('spelling-drift');
    expect(linter.lintText(noSourceId, 'a.json').messages.map((m) => m.ruleId)).toEqual(['source-id']);
    expect(linter.configWarnings).toEqual([
      'cdx-lint.config.json: `knownVariants` at the top level is deprecated: write rules: { "spelling-drift": ["warn", { "knownVariants": … }] } (an option of rule spelling-drift).',
      'cdx-lint.config.json: `multipleApiKeys` at the top level is deprecated: write rules: { "source-id": ["error", { "multipleApiKeys": … }] } (an option of rule source-id).',
    ]);
    const { status, stderr, stdout } = await cli(['--print-config', 'a.json'], root);
    expect(status).toBe(0);
    expect(stderr).toContain('cdx-lint: warning: cdx-lint.config.json: `knownVariants` at the top level is deprecated');
    expect(JSON.parse(stdout).rules['source-id']).toEqual(['error', { multipleApiKeys: true }]);
  });

  it('a rule entry with options wins over them', () => {
    const root = tree({ 'cdx-lint.config.json': { multipleApiKeys: true, rules: { 'source-id': ['error', { multipleApiKeys: false }] } } });
    expect(createLinter({ cwd: root }).lintText(noSourceId, 'a.json').messages).toEqual([]);
  });
});

describe('the APIs', () => {
  it('lintText takes rules as [severity, options], and refuses an option of another rule', () => {
    expect(ruleIds(noSourceId, { rules: { 'source-id': ['error', { multipleApiKeys: true }] } })).toEqual(['source-id']);
    expect(ruleIds(noSourceId, {})).toEqual([]);
    expect(() => lintText(noSourceId, { rules: { 'source-id': ['error', { knownVariants: {} } as never] } })).toThrow(
      /knownVariants is not an option of rule source-id/,
    );
  });

  it("validate() takes rules as [severity, options], checked against the rule's schema", () => {
    const payload = JSON.parse(noSourceId) as unknown;
    expect(validate(payload, { rules: { 'source-id': ['warn', { multipleApiKeys: true }] } }).findings.map((f) => [f.ruleId, f.severity])).toEqual([
      ['source-id', 'warning'],
    ]);
    expect(() => validate(payload, { rules: { 'source-id': ['warn', { multipleApiKeys: 'yes' as never }] } })).toThrow(OptionsError);
    expect(() => validate(payload, { rules: { schema: ['warn', { multipleApiKeys: true }] } })).toThrow(/multipleApiKeys is not an option of rule schema/);
    // The deprecated top-level name still works.
    expect(validate(payload, { multipleApiKeys: true }).findings.map((f) => f.ruleId)).toEqual(['source-id']);
  });
});
