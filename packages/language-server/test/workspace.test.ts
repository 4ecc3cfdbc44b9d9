// One linter per directory, as the CLI would run in it: those of directories outside every
// workspace folder are kept for the most recently used few only, so a session that opens files
// from thousands of folders does not keep thousands of configs.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { OUTSIDE_LINTERS, Workspace } from '../src/workspace.js';

const root = mkdtempSync(join(tmpdir(), 'cdx-lsp-dirs-'));
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

const linterOf = (workspace: Workspace, file: string) => {
  const found = workspace.linterFor(file);
  if (!('linter' in found)) throw new Error(found.error);
  return found.linter;
};

describe('Workspace', () => {
  it('keeps the linters of the most recently used directories outside the workspace, and drops the rest', () => {
    const workspace = new Workspace();
    const folder = join(root, 'project');
    mkdirSync(folder);
    workspace.setFolders([folder]);
    const inFolder = linterOf(workspace, join(folder, 'a.json'));
    const first = linterOf(workspace, join(root, 'dir0', 'a.json'));
    for (let i = 1; i <= 3 * OUTSIDE_LINTERS; i++) {
      linterOf(workspace, join(root, `dir${i}`, 'a.json'));
      // dir1 is used all along: it stays.
      if (i > 1) linterOf(workspace, join(root, 'dir1', 'a.json'));
    }
    expect(workspace.size).toBeLessThanOrEqual(OUTSIDE_LINTERS + 1);
    expect(linterOf(workspace, join(folder, 'b.json'))).toBe(inFolder);
    const again = linterOf(workspace, join(root, 'dir1', 'b.json'));
    expect(linterOf(workspace, join(root, 'dir1', 'c.json'))).toBe(again);
    expect(linterOf(workspace, join(root, 'dir0', 'a.json'))).not.toBe(first);
  });
});
