// `pnpm check:generated` must be able to fail: run it on a copy of the tree after a hand edit to
// a generated file, an extra file in a generated folder, and a schema change without regeneration.
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './support/cases.js';

const GENERATED = ['schemas', 'packages/types/src/generated', 'packages/validate/src/generated', 'docs/reference'];

function copyTree(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cdx-drift-'));
  for (const path of GENERATED) cpSync(join(repoRoot, path), join(dir, path), { recursive: true });
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

  it('passes on an unchanged copy, and fails on a hand edit and on an orphan file', () => {
    expect(check(root)).toMatchObject({ status: 0 });
    appendFileSync(join(root, 'packages/types/src/generated/datamodel/defs/meta.ts'), '// hand edit\n');
    writeFileSync(join(root, 'packages/validate/src/generated/validators/stray.cjs'), '');
    const run = check(root);
    expect(run.status).toBe(1);
    expect(run.output).toContain('stale: packages/types/src/generated/datamodel/defs/meta.ts');
    expect(run.output).toContain('not generated (orphan): packages/validate/src/generated/validators/stray.cjs');
  }, 120_000);

  it('fails when a schema changes and nothing is regenerated', () => {
    const fresh = copyTree();
    const file = join(fresh, 'schemas/datamodel/defs/meta.schema.json');
    const schema = JSON.parse(readFileSync(file, 'utf8'));
    schema.properties.FacilityCode.description = 'Changed without regenerating.';
    writeFileSync(file, JSON.stringify(schema, null, 2));
    const run = check(fresh);
    expect(run.status).toBe(1);
    expect(run.output).toContain('stale: packages/types/src/generated/datamodel/defs/meta.ts');
    expect(run.output).toContain('stale: docs/reference/datamodel/defs/meta.md');
  }, 120_000);
});
