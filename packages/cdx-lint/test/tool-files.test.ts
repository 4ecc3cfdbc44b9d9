// The files cdx-lint reads for itself and writes (the config, the cache, the -o report) are never
// followed out of place, never a FIFO, device or directory, and a cache is believed only as far as
// it checks out. Each case was a defect found by review (a symlinked cache replaced the file it
// pointed at; a FIFO hung the run forever; a doctored entry injected a line into GitHub's log).
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, HANG_GUARD_MS, runBin } from './support/bin.js';

const merge = readFileSync(join(FIXTURES, 'e2e/valid/patient-merge.json'), 'utf8');
const broken = merge.replace('"Test": false', '"Test": "no"');
const canMkfifo = process.platform !== 'win32';

/** A tree/ with a broken payload, beside a victim file outside it. */
function workspace(): { root: string; tree: string; victim: string } {
  const root = mkdtempSync(join(tmpdir(), 'cdx-lint-tool-'));
  const tree = join(root, 'tree');
  mkdirSync(tree);
  writeFileSync(join(tree, 'broken.json'), broken);
  const victim = join(root, 'victim.txt');
  writeFileSync(victim, 'precious\n');
  return { root, tree, victim };
}

function mkfifo(path: string): void {
  expect(spawnSync('mkfifo', [path]).status).toBe(0);
}

/** The bin, with a hang guard: a run that waits on a FIFO is killed and fails the test. */
function lint(args: string[], cwd: string) {
  const run = runBin(args, { cwd, timeout: HANG_GUARD_MS });
  expect(run.signal, 'the run hung').toBeNull();
  expect(run.stderr).not.toMatch(/\n\s+at |internal error/);
  return run;
}

describe('the cache file', () => {
  it('a symlink as the cache is refused: the file it points at is untouched, a dangling one creates nothing', () => {
    const { root, tree, victim } = workspace();
    symlinkSync('../victim.txt', join(tree, '.cdx-lint-cache'));
    const run = lint(['--cache', 'broken.json'], tree);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/\.cdx-lint-cache is a symbolic link/);
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
    expect(lstatSync(join(tree, '.cdx-lint-cache')).isSymbolicLink()).toBe(true);

    symlinkSync('../created.txt', join(tree, 'dangling'));
    expect(lint(['--cache', '--cache-location', 'dangling', 'broken.json'], tree).status).toBe(2);
    expect(existsSync(join(root, 'created.txt'))).toBe(false);
    expect(readlinkSync(join(tree, 'dangling'))).toBe('../created.txt');
  });

  it.skipIf(!canMkfifo)('a FIFO as the cache is refused at once', () => {
    const { tree } = workspace();
    mkfifo(join(tree, '.cdx-lint-cache'));
    const run = lint(['--cache', 'broken.json'], tree);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/\.cdx-lint-cache is not a regular file \(a FIFO\)/);
  });

  it('a directory as the cache location holds the cache file (as ESLint does)', () => {
    const { tree } = workspace();
    mkdirSync(join(tree, 'cache-dir'));
    const run = lint(['--cache', '--cache-location', 'cache-dir', '--format', 'json', 'broken.json'], tree);
    expect(run.status).toBe(1);
    expect(existsSync(join(tree, 'cache-dir/.cdx-lint-cache'))).toBe(true);
    expect(lint(['--cache', '--cache-location', 'cache-dir', '--format', 'json', 'broken.json'], tree).stdout).toBe(run.stdout);
  });

  /** Lints once with --cache, lets `edit` change the stored entry, and lints again. */
  function withEditedEntry(edit: (entry: Record<string, any>) => unknown, format = 'json') {
    const { tree } = workspace();
    const file = join(tree, 'broken.json');
    const args = ['--cache', '--format', format, 'broken.json'];
    const fresh = lint(args, tree);
    const cachePath = join(tree, '.cdx-lint-cache');
    const cache = JSON.parse(readFileSync(cachePath, 'utf8'));
    const [path] = Object.keys(cache.entries);
    expect(path).toBe(file);
    const replaced = edit(cache.entries[path!]);
    if (replaced !== undefined) cache.entries[path!] = replaced;
    writeFileSync(cachePath, JSON.stringify(cache));
    return { fresh, again: lint(args, tree) };
  }

  it('an entry whose line is not a number is dropped, never printed (it injected a ::error:: line)', () => {
    const { fresh, again } = withEditedEntry((entry) => {
      entry.messages[0].line = '1::\n::error file=x::injected';
    }, 'github');
    expect(again.stdout).toBe(fresh.stdout);
    expect(again.stdout).not.toContain('injected');
  });

  /** Sets the entry's result (the format before version 2 kept one) or its messages. */
  const result = (value: unknown) => (entry: Record<string, any>) => {
    if ('result' in entry) entry.result = value;
    else entry.messages = value;
  };
  it.each([
    ['a null entry', () => null],
    ['an entry of the wrong type', () => 'clean'],
    ['a null result (it crashed with a stack trace)', result(null)],
    ['a result of the wrong type', result('clean')],
    ['messages that are not an array', result({ length: 0 })],
    ['a message with an unknown member', (entry: Record<string, any>) => ({ ...entry, messages: [{ ...entry.messages[0], extra: 1 }] })],
    ['a hash of other bytes', (entry: Record<string, any>) => ({ ...entry, messages: [], sha256: 'A'.repeat(43) })],
  ])('%s is a miss: the file is linted again, no crash', (_name, edit) => {
    const { fresh, again } = withEditedEntry(edit as (entry: Record<string, any>) => unknown);
    expect(again.status).toBe(1);
    expect(again.stdout).toBe(fresh.stdout);
  });

  it('counts are never read from the cache: an entry cannot turn an error into a clean exit', () => {
    const { again } = withEditedEntry((entry) => {
      if ('result' in entry) Object.assign(entry.result, { errorCount: 0, warningCount: 0 });
      else Object.assign(entry, { errorCount: 0, warningCount: 0 });
    });
    expect(again.status).toBe(1);
  });

  it('a cache of another format version or another key is ignored as a whole', () => {
    const { tree } = workspace();
    writeFileSync(
      join(tree, '.cdx-lint-cache'),
      JSON.stringify({ format: 1, key: 'x', entries: { [join(tree, 'broken.json')]: { hash: 'x', result: null } } }),
    );
    expect(lint(['--cache', 'broken.json'], tree).status).toBe(1);
  });
});

describe('the config file', () => {
  it.skipIf(!canMkfifo)('a FIFO as cdx-lint.config.json or package.json is refused at once, not waited on', () => {
    const { tree } = workspace();
    mkfifo(join(tree, 'cdx-lint.config.json'));
    const run = lint(['broken.json'], tree);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/cdx-lint\.config\.json is not a regular file \(a FIFO\)/);

    const other = workspace();
    mkfifo(join(other.tree, 'package.json'));
    expect(lint(['broken.json'], other.tree)).toMatchObject({ status: 2, stderr: expect.stringMatching(/package\.json is not a regular file/) });
    expect(lint(['--config', '/dev/zero', 'broken.json'], other.tree)).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/not a regular file \(a device\)/),
    });
  });

  it('a directory named cdx-lint.config.json is refused with a clear message', () => {
    const { tree } = workspace();
    mkdirSync(join(tree, 'cdx-lint.config.json'));
    expect(lint(['broken.json'], tree)).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/cdx-lint\.config\.json is not a regular file \(a directory\)/),
    });
  });
});

describe('the -o report', () => {
  it('a symlink at the report path is refused; the file it points at is untouched', () => {
    const { tree, victim } = workspace();
    symlinkSync('../victim.txt', join(tree, 'report.txt'));
    const run = lint(['-o', 'report.txt', 'broken.json'], tree);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/cannot write the report to .*report\.txt: it is a symbolic link/);
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
  });

  it.skipIf(!canMkfifo)('a FIFO or a directory at the report path is refused at once', () => {
    const { tree } = workspace();
    mkfifo(join(tree, 'report.txt'));
    expect(lint(['-o', 'report.txt', 'broken.json'], tree)).toMatchObject({ status: 2, stderr: expect.stringMatching(/not a regular file \(a FIFO\)/) });
    mkdirSync(join(tree, 'report-dir'));
    expect(lint(['-o', 'report-dir', 'broken.json'], tree)).toMatchObject({ status: 2, stderr: expect.stringMatching(/not a regular file \(a directory\)/) });
  });

  it('an ordinary report path is written, replacing an older report, in new directories too', () => {
    const { tree } = workspace();
    writeFileSync(join(tree, 'report.txt'), 'old');
    expect(lint(['-o', 'report.txt', 'broken.json'], tree).status).toBe(1);
    expect(readFileSync(join(tree, 'report.txt'), 'utf8')).toMatch(/broken\.json/);
    expect(lint(['-o', 'out/deep/report.txt', 'broken.json'], tree).status).toBe(1);
    expect(readFileSync(join(tree, 'out/deep/report.txt'), 'utf8')).toMatch(/broken\.json/);
  });
});
