// Release notes: `changeset version` turns the waiting changesets into a CHANGELOG.md per published
// package; and the CI check (scripts/check-changeset.mjs, run by .ci/run) fails a package change
// that adds no changeset.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { missingChangeset, PUBLISHED } from '../check-changeset.mjs';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '../..');
const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.email=ci@example.com', '-c', 'user.name=ci', ...args], { cwd, encoding: 'utf8', stdio: 'pipe' });

/** A repository with the workspace's manifests and changesets (what `changeset version` reads), committed. */
function releaseCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cdx-release-'));
  for (const file of ['package.json', 'pnpm-workspace.yaml']) cpSync(join(root, file), join(dir, file));
  cpSync(join(root, '.changeset'), join(dir, '.changeset'), { recursive: true });
  for (const pkg of readdirSync(join(root, 'packages'))) {
    if (!existsSync(join(root, 'packages', pkg, 'package.json'))) continue;
    mkdirSync(join(dir, 'packages', pkg), { recursive: true });
    cpSync(join(root, 'packages', pkg, 'package.json'), join(dir, 'packages', pkg, 'package.json'));
  }
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  writeFileSync(join(dir, '.gitignore'), 'node_modules\n');
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-qm', 'release');
  return dir;
}

describe('release notes', () => {
  it('changeset version writes a CHANGELOG.md for each published package, from the changesets', () => {
    const dir = releaseCopy();
    const anyChangeset = readdirSync(join(root, '.changeset')).find((f) => f.endsWith('.md') && f !== 'README.md')!;
    const sentence = readFileSync(join(root, '.changeset', anyChangeset), 'utf8')
      .split('---')[2]!
      .trim()
      .split('\n')[0]!;
    const run = spawnSync(process.execPath, [join(root, 'node_modules/@changesets/cli/bin.js'), 'version'], { cwd: dir, encoding: 'utf8' });
    expect(run.status, run.stderr + run.stdout).toBe(0);
    for (const pkg of PUBLISHED) {
      const changelog = readFileSync(join(dir, 'packages', pkg, 'CHANGELOG.md'), 'utf8');
      expect(changelog, pkg).toMatch(/^# /);
    }
    const all = PUBLISHED.map((pkg) => readFileSync(join(dir, 'packages', pkg, 'CHANGELOG.md'), 'utf8')).join('\n');
    expect(all).toContain(sentence);
    // Private packages (the playground, the VS Code extension) get none.
    expect(existsSync(join(dir, 'packages/playground/CHANGELOG.md'))).toBe(false);
  }, 120_000);
});

describe('scripts/check-changeset.mjs', () => {
  it('knows every published package: those not private, which changesets version together', () => {
    const manifests = readdirSync(join(root, 'packages'))
      .filter((dir) => existsSync(join(root, 'packages', dir, 'package.json')))
      .map((dir) => ({ dir, ...(JSON.parse(readFileSync(join(root, 'packages', dir, 'package.json'), 'utf8')) as { name: string; private?: boolean }) }));
    const published = manifests.filter((m) => m.private !== true);
    expect([...PUBLISHED].sort()).toEqual(published.map((m) => m.dir).sort());
    const config = JSON.parse(readFileSync(join(root, '.changeset/config.json'), 'utf8')) as { fixed: string[][] };
    expect(config.fixed).toHaveLength(1);
    expect([...config.fixed[0]!].sort()).toEqual(published.map((m) => m.name).sort());
  });

  it('a change to a published package or to schemas/ needs an added changeset; tests, examples and docs do not', () => {
    expect(missingChangeset(['packages/validate/src/validate.ts'], [])).toEqual(['packages/validate/src/validate.ts']);
    expect(missingChangeset(['schemas/fhir/x.schema.json', 'packages/cdx-lint/package.json'], [])).toHaveLength(2);
    expect(missingChangeset(['packages/validate/src/validate.ts', '.changeset/x.md'], ['.changeset/x.md'])).toEqual([]);
    expect(
      missingChangeset(['packages/validate/test/a.test.ts', 'schemas/examples/valid/a.json', 'docs/cli.md', 'packages/playground/src/main.ts'], []),
    ).toEqual([]);
    expect(missingChangeset(['packages/validate/src/a.ts', '.changeset/README.md'], ['.changeset/README.md'])).toHaveLength(1);
  });

  it('run on a repository: exit 1 naming the file for a package change without a changeset, 0 once one is added', () => {
    const dir = releaseCopy();
    cpSync(join(root, 'scripts/check-changeset.mjs'), join(dir, 'check-changeset.mjs'));
    git(dir, 'add', '-A');
    git(dir, 'commit', '-qm', 'the check');
    git(dir, 'checkout', '-qb', 'change');
    writeFileSync(
      join(dir, 'packages/validate/package.json'),
      readFileSync(join(dir, 'packages/validate/package.json'), 'utf8').replace('"description"', '"x": 1, "description"'),
    );
    git(dir, 'commit', '-qam', 'a package change');
    const missing = spawnSync(process.execPath, ['check-changeset.mjs'], { cwd: dir, encoding: 'utf8' });
    expect([missing.status, missing.stderr]).toEqual([1, expect.stringContaining('  packages/validate/package.json')]);
    writeFileSync(join(dir, '.changeset/x.md'), "---\n'@cdx/validate': patch\n---\n\nA change.\n");
    git(dir, 'add', '-A');
    git(dir, 'commit', '-qm', 'its changeset');
    expect(spawnSync(process.execPath, ['check-changeset.mjs'], { cwd: dir, encoding: 'utf8' }).status).toBe(0);
  });
});
