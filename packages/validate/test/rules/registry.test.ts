// The rule registry is the one list every runner, listing and docs page reads: each rule file under
// src/rules/ holds one rule named like the file, the registry holds every one of them in id order,
// and each rule's messages and options are well-formed (cdx-lint's registry test checks docs/rules
// and the config schema against the same registry).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import { EDITOR_KEYWORDS } from '../../../../scripts/lib/emit-options.mjs';
import { describe, expect, it } from 'vitest';
import { RULES } from '../../src/index.js';
import { RUNNER_MESSAGE_IDS } from '../../src/findings-cap.js';
import { createRule, defineScope, placeholders, type Rule, type Scope } from '../../src/rules/create-rule.js';
import * as scopeModule from '../../src/rules/scopes.js';

const RULES_DIR = fileURLToPath(new URL('../../src/rules/', import.meta.url));
/** Files under src/rules/ that hold no rule: the model, the scopes, the registry and shared helpers. */
const NOT_RULES = ['create-rule.ts', 'docs-url.ts', 'scopes.ts', 'index.ts', 'auth/mismatch.ts'];

const isRule = (value: unknown): value is Rule => typeof value === 'object' && value !== null && 'scope' in value && 'meta' in value && 'check' in value;

const files = readdirSync(RULES_DIR, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.ts'))
  .map((f) => f.split('\\').join('/'))
  .sort();

describe('the rule registry', () => {
  it('every rule file holds exactly one rule, named like the file, and the registry holds exactly those', async () => {
    const found: string[] = [];
    for (const file of files.filter((f) => !NOT_RULES.includes(f))) {
      const module = (await import(pathToFileURL(join(RULES_DIR, file)).href)) as Record<string, unknown>;
      const rules = Object.values(module).filter(isRule);
      expect(
        rules.map((r) => r.meta.id),
        file,
      ).toEqual([basename(file, '.ts')]);
      expect(RULES, `${file} is not in RULES`).toContain(rules[0]);
      found.push(rules[0]!.meta.id);
    }
    expect(found.sort()).toEqual(RULES.map((r) => r.meta.id).sort());
    expect(found.length).toBeGreaterThan(25);
    for (const file of NOT_RULES) expect(files, `${file} is listed as a helper but does not exist`).toContain(file);
  });

  it('every rule file has a RuleTester suite beside the others (test/rules/<same path>.test.ts)', async () => {
    for (const file of files.filter((f) => !NOT_RULES.includes(f))) {
      const suite = fileURLToPath(new URL(`./${file.replace(/\.ts$/, '.test.ts')}`, import.meta.url));
      expect(existsSync(suite), `test/rules/${file.replace(/\.ts$/, '.test.ts')}`).toBe(true);
      const [name] = Object.entries((await import(pathToFileURL(join(RULES_DIR, file)).href)) as Record<string, unknown>).find(([, v]) => isRule(v))!;
      expect(readFileSync(suite, 'utf8'), `${file}: the suite runs ${name} through a RuleTester`).toMatch(new RegExp(`\\.run\\(${name},`));
    }
  });

  it('is sorted by id, without repeats', () => {
    const ids = RULES.map((r) => r.meta.id);
    expect(ids).toEqual([...new Set(ids)].sort());
  });

  it.each(RULES.map((r) => [r.meta.id, r] as const))('%s: meta is complete and every message a well-formed template', (id, rule) => {
    const { meta } = rule;
    expect(meta.description.length, 'description').toBeGreaterThan(20);
    expect(meta.docsUrl.endsWith(`/docs/rules/${id}.md`)).toBe(true);
    expect(['error', 'warning']).toContain(meta.severity);
    for (const [messageId, template] of Object.entries(meta.messages)) {
      expect(messageId, 'message ids are camelCase').toMatch(/^[a-z][A-Za-z0-9]*$/);
      // Every `{{` opens a placeholder that placeholders() sees, and nothing else is left of one.
      const stripped = template.replace(/\{\{\s*[A-Za-z_]\w*\s*\}\}/g, '');
      expect(stripped, `${messageId}: a malformed placeholder`).not.toMatch(/\{\{|\}\}/);
      expect(placeholders(template).length, messageId).toBe((template.match(/\{\{/g) ?? []).length);
    }
  });

  it('each option belongs to one rule, is described, and its default is valid by its schema', () => {
    const owners = new Map<string, string>();
    const ajv = new Ajv2020.default({ strict: true, allErrors: true });
    // The words an editor shows for a wrong value (the published config schema carries them).
    for (const keyword of EDITOR_KEYWORDS) ajv.addKeyword({ keyword, schemaType: 'string', valid: true });
    for (const { meta, defaultOptions } of RULES) {
      if (!meta.options) {
        expect(defaultOptions, meta.id).toEqual({});
        continue;
      }
      for (const [name, schema] of Object.entries(meta.options.properties)) {
        expect(owners.get(name), `${name} is declared by ${owners.get(name)} and ${meta.id}`).toBeUndefined();
        owners.set(name, meta.id);
        expect(typeof schema.description, `${meta.id}.${name} has a description`).toBe('string');
      }
      const defaults = Object.fromEntries(Object.entries(defaultOptions as Record<string, unknown>).filter(([, v]) => v !== undefined));
      expect(ajv.validate(meta.options, defaults), `${meta.id}: ${JSON.stringify(ajv.errors)}`).toBe(true);
    }
    expect(owners.size, 'some rule has options (the loop ran)').toBeGreaterThan(0);
    for (const name of owners.keys()) expect(name, 'option names are camelCase').toMatch(/^[a-z][A-Za-z0-9]*$/);
  });

  it("every rule's scope is one scopes.ts defines, and every scope it defines has a rule", () => {
    const defined = Object.values(scopeModule as Record<string, unknown>).filter(
      (v): v is Scope<unknown> => typeof v === 'object' && v !== null && Object.isFrozen(v) && 'name' in v,
    );
    expect(defined.length).toBeGreaterThan(1);
    for (const rule of RULES) expect(defined, `${rule.meta.id}: its scope ${rule.scope.name} is not one of scopes.ts`).toContain(rule.scope);
    for (const scope of defined)
      expect(
        RULES.some((r) => r.scope === scope),
        `no rule has the scope ${scope.name}`,
      ).toBe(true);
  });
});

describe("the runners' message ids", () => {
  it('no rule gives one of its own messages an id the runners use for summaries and unfinished checks', () => {
    for (const { meta } of RULES) for (const id of RUNNER_MESSAGE_IDS) expect(Object.hasOwn(meta.messages, id), `${meta.id}.${id}`).toBe(false);
    const scope = defineScope<object>('test');
    for (const id of RUNNER_MESSAGE_IDS) {
      expect(() => createRule({ scope, meta: { id: 'x-rule', severity: 'error', description: 'x', messages: { [id]: 'x' } }, check: () => undefined })).toThrow(
        /runners' own/,
      );
    }
  });
});
