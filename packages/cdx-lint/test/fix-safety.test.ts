// --fix writes only what is safe to replace: never a read-only file, a file someone else owns, a
// hard-linked file (a rename would split the links), or the target of a symlink that leads out of
// the linted directories. Each is linted as usual and named on stderr as not fixed; the exit
// status is the findings'. Each case was a defect found by review.
import { chmodSync, chownSync, linkSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, HANG_GUARD_MS, runBin } from './support/bin.js';

const merge = readFileSync(join(FIXTURES, 'e2e/valid/patient-merge.json'), 'utf8');
const misspelt = merge.replace('"FirstName"', '"FirstNmae"');
const asRoot = process.getuid?.() === 0;

/** root/tree/ is what is linted; root/ holds what lies outside it. */
function workspace() {
  const root = mkdtempSync(join(tmpdir(), 'cdx-lint-fixsafe-'));
  const tree = join(root, 'tree');
  mkdirSync(tree);
  return { root, tree };
}

function fix(args: string[], cwd: string) {
  const run = runBin(['--fix', ...args], { cwd, timeout: HANG_GUARD_MS });
  expect(run.stderr).not.toMatch(/\n\s+at |internal error/);
  return run;
}

describe('--fix leaves alone', () => {
  it('a read-only file, and says why', () => {
    const { tree } = workspace();
    const path = join(tree, 'a.json');
    writeFileSync(path, misspelt);
    chmodSync(path, 0o444);
    const run = fix(['a.json'], tree);
    expect(run.status).toBe(0); // spelling-drift is a warning
    expect(run.stderr).toBe(`cdx-lint: not fixed:\n  ${path}: read-only (mode 0444); make it writable to fix it\n`);
    expect(readFileSync(path, 'utf8')).toBe(misspelt);
    expect(statSync(path).mode & 0o777).toBe(0o444);
    expect(run.stdout).toMatch(/FirstNmae/);
  });

  it.skipIf(!asRoot)('a file owned by another user (run as root): not replaced, owner kept', () => {
    const { tree } = workspace();
    const path = join(tree, 'a.json');
    writeFileSync(path, misspelt);
    chownSync(path, 65534, 65534);
    const run = fix(['a.json'], tree);
    expect(run.stderr).toMatch(/a\.json: owned by another user \(uid 65534\)/);
    expect(readFileSync(path, 'utf8')).toBe(misspelt);
    expect(statSync(path).uid).toBe(65534);
  });

  it('a hard-linked file: the links stay one file', () => {
    const { root, tree } = workspace();
    const path = join(tree, 'a.json');
    writeFileSync(path, misspelt);
    linkSync(path, join(root, 'other-name.json'));
    const run = fix(['a.json'], tree);
    expect(run.stderr).toMatch(/a\.json: hard-linked \(2 links\)/);
    expect(readFileSync(path, 'utf8')).toBe(misspelt);
    expect(statSync(path).ino).toBe(statSync(join(root, 'other-name.json')).ino);
  });

  it('a symlink leading out of the linted directory, to a .json file or to any other file', () => {
    const { root, tree } = workspace();
    writeFileSync(join(root, 'outside.json'), misspelt);
    writeFileSync(join(root, 'script.sh'), misspelt);
    symlinkSync('../outside.json', join(tree, 'a.json'));
    symlinkSync('../script.sh', join(tree, 'b.json'));
    const run = fix(['.'], tree);
    expect(run.stderr).toMatch(/a\.json: a symbolic link to .*outside\.json, outside the linted directories/);
    expect(run.stderr).toMatch(/b\.json: a symbolic link to .*script\.sh, outside the linted directories/);
    expect(readFileSync(join(root, 'outside.json'), 'utf8')).toBe(misspelt);
    expect(readFileSync(join(root, 'script.sh'), 'utf8')).toBe(misspelt);
    // Named on the command line, the link's own directory is the root: still outside.
    expect(fix(['a.json'], tree).stderr).toMatch(/outside the linted directories/);
    expect(readFileSync(join(root, 'outside.json'), 'utf8')).toBe(misspelt);
  });
});

describe('--fix still writes', () => {
  it('through a symlink to a file inside the linted directory, keeping the link', () => {
    const { tree } = workspace();
    mkdirSync(join(tree, 'real'));
    writeFileSync(join(tree, 'real/a.json'), misspelt);
    symlinkSync('real/a.json', join(tree, 'link.json'));
    const run = fix(['link.json', 'real'], tree);
    expect(run.stderr).toBe('');
    expect(readFileSync(join(tree, 'real/a.json'), 'utf8')).toBe(merge);
    expect(lstatSync(join(tree, 'link.json')).isSymbolicLink()).toBe(true);
  });

  it('an ordinary file, keeping its mode', () => {
    const { tree } = workspace();
    const path = join(tree, 'a.json');
    writeFileSync(path, misspelt);
    chmodSync(path, 0o640);
    expect(fix(['a.json'], tree)).toMatchObject({ status: 0, stderr: '' });
    expect(readFileSync(path, 'utf8')).toBe(merge);
    expect(statSync(path).mode & 0o777).toBe(0o640);
  });
});
