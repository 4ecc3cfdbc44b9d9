// `pnpm check:generated` must be able to fail: run it on a copy of the tree after a hand edit to
// a generated file, an extra file in a generated folder, a schema change without regeneration and a
// rule option changed without regeneration.
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './support/cases.js';

/** What generation reads (schemas/, the rules' option schemas, the config schema) and writes. */
const TREE = [
  'schemas',
  'packages/types/src/generated',
  'packages/validate/src',
  'packages/cdx-lint/config-schema.base.json',
  'packages/cdx-lint/schema',
  'packages/cdx-lint/src/generated',
  'docs/reference',
];

function copyTree(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cdx-drift-'));
  for (const path of TREE) cpSync(join(repoRoot, path), join(dir, path), { recursive: true });
  return dir;
}

function check(root: string) {
  const run = spawnSync(process.execPath, [join(repoRoot, 'scripts/generate.mjs'), '--check', '--root', root], { encoding: 'utf8' });
  return { status: run.status, output: run.stdout + run.stderr };
}

describe('check:generated', () => {
  let root: string;
  beforeAll(() => {
    root = copyTree();
  });

  it('passes on an unchanged copy', () => {
    expect(check(root)).toMatchObject({ status: 0 });
  });

  // One run of the generator for every kind of drift: each is named in its output.
  it('fails on a hand edit, an orphan file, and a schema, a rule option or the config schema base changed without regenerating', () => {
    const fresh = copyTree();
    appendFileSync(join(fresh, 'packages/types/src/generated/datamodel/defs/address.ts'), '// hand edit\n');
    writeFileSync(join(fresh, 'packages/validate/src/generated/validators/stray.cjs'), '');
    const file = join(fresh, 'schemas/datamodel/defs/meta.schema.json');
    const schema = JSON.parse(readFileSync(file, 'utf8'));
    schema.properties.FacilityCode.description = 'Changed without regenerating.';
    writeFileSync(file, JSON.stringify(schema, null, 2));
    const rule = join(fresh, 'packages/validate/src/rules/fhir/attachment-size.ts');
    const ruleText = readFileSync(rule, 'utf8');
    const optionAt = ruleText.indexOf('attachmentLimit: {');
    const minimumAt = ruleText.indexOf('minimum: 0,', optionAt);
    expect(optionAt).toBeGreaterThan(-1);
    expect(minimumAt).toBeGreaterThan(optionAt);
    writeFileSync(rule, `${ruleText.slice(0, minimumAt)}minimum: 1,${ruleText.slice(minimumAt + 'minimum: 0,'.length)}`);
    // The published config schema is generated too: a hand edit of it is drift, and so is its base changed.
    const config = join(fresh, 'packages/cdx-lint/schema/cdx-lint.config.schema.json');
    writeFileSync(config, readFileSync(config, 'utf8').replace('"minimum": 0,', '"minimum": 1,'));
    const base = join(fresh, 'packages/cdx-lint/config-schema.base.json');
    writeFileSync(base, readFileSync(base, 'utf8').replace('"maxLength": 256,', '"maxLength": 255,'));
    const run = check(fresh);
    expect(run.status).toBe(1);
    expect(run.output).toContain('stale: packages/types/src/generated/datamodel/defs/meta.ts');
    expect(run.output).toContain('stale: packages/types/src/generated/datamodel/defs/address.ts');
    expect(run.output).toContain('not generated (orphan): packages/validate/src/generated/validators/stray.cjs');
    expect(run.output).toContain('stale: docs/reference/datamodel/defs/meta.md');
    expect(run.output).toContain('stale: packages/validate/src/generated/validators/rule-options.cjs');
    expect(run.output).toContain('stale: packages/cdx-lint/src/generated/config-schema.cjs');
    expect(run.output).toContain('stale: packages/cdx-lint/schema/cdx-lint.config.schema.json');
  });
});
