// --fix never writes over an editor's save. The race, made deterministic: node:fs is wrapped so
// that an editor saves atomically (a new file renamed over the old) just after cdx-lint has read
// the file again to check it. cdx-lint then wrote its fix of the old content over the new save
// (7 of 12 real trials on a 40 MB file); the identity check just before the rename now sees it.
import * as realFs from 'node:fs';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { FIXTURES } from './support/bin.js';

/** Set by the test: called after a read of the watched file completes. */
const hook: { watched?: string; armed: boolean; afterRead?: () => void } = { armed: false };

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const readFileSync = ((path: unknown, ...rest: unknown[]) => {
    const out = (fs.readFileSync as (...args: unknown[]) => unknown)(path, ...rest);
    if (hook.armed && hook.afterRead) {
      hook.armed = false;
      hook.afterRead();
    }
    return out;
  }) as typeof fs.readFileSync;
  return { ...fs, default: { ...fs, readFileSync }, readFileSync };
});

const { writeFileAtomic } = await import('../src/fix/write.js');
const { processFile } = await import('../src/lint/process-file.js');

const merge = readFileSync(join(FIXTURES, 'e2e/valid/patient-merge.json'), 'utf8');
const misspelt = merge.replace('"FirstName"', '"FirstNmae"');
const saved = merge.replace('"Timothy"', '"Tim"');

/** What an editor does on save: write a new file, rename it over the old one. */
function editorSaves(path: string): void {
  realFs.writeFileSync(`${path}.editor-tmp`, saved);
  realFs.renameSync(`${path}.editor-tmp`, path);
}

describe('an editor saves between the re-read and the rename', () => {
  it('writeFileAtomic keeps the save and says the file changed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cdx-lint-race-'));
    const path = join(dir, 'a.json');
    writeFileSync(path, misspelt);
    const { bytes, identity } = (() => {
      const fd = realFs.openSync(path, 'r');
      try {
        return { bytes: realFs.readFileSync(fd), identity: realFs.fstatSync(fd, { bigint: true }) };
      } finally {
        realFs.closeSync(fd);
      }
    })();
    Object.assign(hook, {
      armed: true,
      afterRead: () => {
        editorSaves(path);
      },
    });
    expect(() => {
      writeFileAtomic(path, merge, { expected: bytes, identity });
    }).toThrow(expect.objectContaining({ code: 'ECHANGED' }));
    expect(hook.armed, 'the editor saved during the check').toBe(false);
    expect(readFileSync(path, 'utf8')).toBe(saved);
  });

  it('cdx-lint --fix (processFile) reports it and leaves the save', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cdx-lint-race-'));
    const path = join(dir, 'a.json');
    writeFileSync(path, misspelt);
    // The first read is the lint's; the save lands after the second, the check before the rename.
    let reads = 0;
    Object.assign(hook, {
      armed: true,
      afterRead: () => {
        reads++;
        if (reads < 2) hook.armed = true;
        else editorSaves(path);
      },
    });
    expect(() => processFile(path, { rules: {}, pointerOverrides: [] }, { fix: 'fix', hashing: false, roots: [dir] })).toThrow(
      expect.objectContaining({ code: 'ECHANGED' }),
    );
    expect(reads).toBe(2);
    expect(readFileSync(path, 'utf8')).toBe(saved);
  });
});
