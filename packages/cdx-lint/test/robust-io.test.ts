// Paths that cannot be linted are usage/IO problems: a line on stderr saying why (no stack trace),
// exit status 2, and every other file still linted. FIFOs are never read (they would block),
// symlink loops end, and a file that vanishes or changes kind after listing is reported.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../src/cli/args.js';
import { lintFiles } from '../src/cli/collect.js';
import { loadConfig } from '../src/config/load.js';
import { createResolver } from '../src/config/resolve.js';
import { expandInputs } from '../src/inputs/expand.js';
import { runChunk } from '../src/workers/task.js';
import { FIXTURES, HANG_GUARD_MS, runBin } from './support/bin.js';

const merge = readFileSync(join(FIXTURES, 'e2e/valid/patient-merge.json'), 'utf8');
const broken = merge.replace('"Test": false', '"Test": "no"');
const asRoot = process.getuid?.() === 0; // root reads files whatever their mode
const canMkfifo = process.platform !== 'win32';

/** A directory with one clean and one broken payload, and whatever `extra` adds. */
function workspace(extra: (dir: string) => void = () => {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'cdx-lint-io-'));
  writeFileSync(join(dir, 'clean.json'), merge);
  writeFileSync(join(dir, 'broken.json'), broken);
  extra(dir);
  return dir;
}

function mkfifo(path: string): void {
  expect(spawnSync('mkfifo', [path]).status).toBe(0);
}

/** The bin's verdict: status, the `could not lint` lines, and the files it did lint. */
function lint(args: string[], cwd: string) {
  const run = runBin(['--format', 'json', ...args], { cwd, timeout: HANG_GUARD_MS });
  expect(run.signal, 'the run hung').toBeNull();
  expect(run.stderr).not.toMatch(/\n\s+at /); // no stack trace
  const linted = run.stdout ? (JSON.parse(run.stdout) as { filePath: string }[]).map((r) => r.filePath.slice(cwd.length + 1)).sort() : [];
  return { status: run.status, stderr: run.stderr, linted };
}

describe('paths that cannot be linted (built bin)', () => {
  it.skipIf(!canMkfifo)('a FIFO named on the command line: reported, not waited on; a glob or a directory skips it', () => {
    const dir = workspace((d) => {
      mkfifo(join(d, 'pipe.json'));
      symlinkSync('pipe.json', join(d, 'link-to-pipe.json'));
    });
    // Named, then a glob: after a stat of the FIFO, Node 20 failed the glob engine's import (ERR_MODULE_NOT_FOUND).
    expect(lint(['pipe.json', '*.json'], dir)).toEqual({
      status: 2,
      stderr: `cdx-lint: could not lint:\n  ${join(dir, 'pipe.json')}: not a regular file (a FIFO, socket or device): cdx-lint reads only files\n`,
      linted: ['broken.json', 'clean.json'],
    });
    expect(lint(['.'], dir)).toMatchObject({ status: 1, stderr: '', linted: ['broken.json', 'clean.json'] });
  });

  it('a symlink loop named on the command line, and a broken symlink', () => {
    const dir = workspace((d) => {
      symlinkSync('self.json', join(d, 'self.json'));
      symlinkSync('nowhere.json', join(d, 'dangling.json'));
    });
    expect(lint(['self.json', 'dangling.json', 'clean.json', 'broken.json'], dir)).toEqual({
      status: 2,
      stderr:
        'cdx-lint: could not lint:\n' +
        `  ${join(dir, 'self.json')}: too many levels of symbolic links (a symlink loop) (ELOOP)\n` +
        `  ${join(dir, 'dangling.json')}: a broken symbolic link (its target does not exist)\n`,
      linted: ['broken.json', 'clean.json'],
    });
  });

  it('a directory symlink loop: the walk does not follow it, a ** glob lints each file once', () => {
    const dir = workspace((d) => {
      mkdirSync(join(d, 'sub'));
      writeFileSync(join(d, 'sub/deeper.json'), broken);
      symlinkSync('..', join(d, 'sub/up'));
      symlinkSync('.', join(d, 'here'));
    });
    const want = { status: 1, stderr: '', linted: ['broken.json', 'clean.json', 'sub/deeper.json'] };
    expect(lint(['.'], dir)).toEqual(want);
    expect(lint(['**/*.json'], dir)).toEqual(want);
  });

  it.skipIf(asRoot)('an unreadable file and an unreadable directory', () => {
    const dir = workspace((d) => {
      writeFileSync(join(d, 'secret.json'), merge);
      chmodSync(join(d, 'secret.json'), 0o000);
      mkdirSync(join(d, 'closed'));
      writeFileSync(join(d, 'closed/inside.json'), merge);
      chmodSync(join(d, 'closed'), 0o000);
    });
    const result = lint(['.'], dir);
    expect(result).toEqual({
      status: 2,
      stderr: `cdx-lint: could not lint:\n  ${join(dir, 'closed')}: permission denied (EACCES)\n  ${join(dir, 'secret.json')}: permission denied (EACCES)\n`,
      linted: ['broken.json', 'clean.json'],
    });
    chmodSync(join(dir, 'closed'), 0o755);
  });

  it('stdin that is not UTF-8 is a parse error at the first bad byte', () => {
    const bytes = Buffer.concat([Buffer.from('{\n  "Meta": "'), Buffer.from([0xc3, 0x28]), Buffer.from('"\n}')]);
    const result = spawnSync(process.execPath, [join(FIXTURES, '../../dist/bin.js'), '--format', 'json', '-'], {
      input: bytes,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(result.status).toBe(1);
    expect(JSON.parse(result.stdout)[0].messages).toEqual([
      expect.objectContaining({ ruleId: 'parse-error', line: 2, column: 12, message: expect.stringMatching(/byte 0xC3/) }),
    ]);
  });
});

describe('files that change after they were listed', () => {
  const settings = () => {
    const loaded = loadConfig({ cwd: tmpdir(), configPath: false });
    return { loaded, resolver: createResolver(loaded, {}), options: parseCliArgs(['--concurrency', 'off', 'x']) };
  };

  it('a file that vanishes between listing and reading: reported, the others linted', async () => {
    const dir = workspace();
    const { loaded, resolver, options } = settings();
    const { files } = await expandInputs([dir], dir, resolver);
    unlinkSync(join(dir, 'broken.json'));
    const collected = await lintFiles(files, resolver, loaded, options, dir);
    expect(collected.ioErrors).toEqual([`${join(dir, 'broken.json')}: no such file (removed or renamed while cdx-lint ran?) (ENOENT)`]);
    expect(collected.results.map((r) => r.filePath)).toEqual([join(dir, 'clean.json')]);
  });

  it('a file whose name is not UTF-8 (listed with U+FFFD, so no file has that name): said so, not "removed or renamed"', async () => {
    const dir = workspace();
    writeFileSync(Buffer.from(`${join(dir, 'bad')}\xffname.json`, 'latin1'), '{}');
    const { loaded, resolver, options } = settings();
    const { files } = await expandInputs([dir], dir, resolver);
    const collected = await lintFiles(files, resolver, loaded, options, dir);
    expect(collected.ioErrors).toEqual([
      `${join(dir, 'bad\ufffdname.json')}: no file has this name: a name that is not valid UTF-8 is listed with U+FFFD and cannot be opened by it (rename the file), unless it was removed while cdx-lint ran (ENOENT)`,
    ]);
  });

  it.skipIf(!canMkfifo)('a file replaced by a FIFO after listing fails at once instead of blocking', () => {
    const dir = workspace();
    const path = join(dir, 'clean.json');
    unlinkSync(path);
    mkfifo(path);
    // Blocking would hang this test until its timeout; how quickly it fails is budgets.mjs's to measure.
    const [outcome] = runChunk([{ path, settings: { rules: {}, pointerOverrides: [] } }], { fix: 'off', hashing: false });
    expect(outcome).toEqual({ error: `${path}: not a regular file (a FIFO, socket or device): cdx-lint reads only files` });
  });
});
