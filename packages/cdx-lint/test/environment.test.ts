// Where repository-relative paths (SARIF, GitHub annotations) start: GITHUB_WORKSPACE when the run
// is inside it (GitHub Actions sets it, and a checkout without .git, a release tarball, has no
// other sign), else the nearest directory holding .git, else the working directory.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findRepoRoot } from '../src/cli/environment.js';

describe('findRepoRoot', () => {
  const root = mkdtempSync(join(tmpdir(), 'cdx-lint-root-'));
  const nested = join(root, 'a', 'b');
  mkdirSync(nested, { recursive: true });

  it('a tree without .git: GITHUB_WORKSPACE, when the run is inside it', () => {
    expect(findRepoRoot(nested, { GITHUB_WORKSPACE: root })).toBe(root);
  });

  it('outside GITHUB_WORKSPACE, or without it: the nearest .git, else the working directory', () => {
    expect(findRepoRoot(nested, { GITHUB_WORKSPACE: join(tmpdir(), 'elsewhere') })).toBe(nested);
    expect(findRepoRoot(nested, {})).toBe(nested);
    mkdirSync(join(root, 'a', '.git'));
    expect(findRepoRoot(nested, {})).toBe(join(root, 'a'));
  });
});
