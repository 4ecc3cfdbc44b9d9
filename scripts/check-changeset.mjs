#!/usr/bin/env node
// CI check: a change to a published package (its source, schema, manifest or README) or to schemas/
// carries a changeset. `changeset status` cannot tell: the packages are versioned together, so any
// changeset still waiting for a release covers every one of them. This looks at the commits
// themselves: those after the base (--base <ref>; default: where HEAD left main, or, on main itself,
// HEAD's first parent, i.e. the merge being checked) must add a .changeset/*.md when they change a package.
//
// usage: node scripts/check-changeset.mjs [--base <ref>]   (exit 0 fine, 1 a changeset is missing, 2 git failed)
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

/** The published packages, by folder under packages/. */
export const PUBLISHED = ['types', 'validate', 'cdx-lint', 'schemas', 'language-server', 'mock'];

/** Paths whose change a user of the published packages sees. Tests, examples and docs outside a package are not. */
export function isPackageChange(path) {
  if (path.startsWith('schemas/')) return !path.startsWith('schemas/examples/');
  const match = /^packages\/([^/]+)\/(.+)$/.exec(path);
  if (!match || !PUBLISHED.includes(match[1])) return false;
  return /^(src\/|schema\/|bin\/|package\.json$|README\.md$)/.test(match[2]);
}

/** A changeset file (not the folder's README or config). */
export const isChangeset = (path) => /^\.changeset\/[^/]+\.md$/.test(path) && path !== '.changeset/README.md';

/**
 * The package changes that lack a changeset: none when a changeset was added or nothing published changed.
 * @param {readonly string[]} changed every path changed since the base
 * @param {readonly string[]} added the paths added since the base
 */
export function missingChangeset(changed, added) {
  if (added.some(isChangeset)) return [];
  return changed.filter(isPackageChange);
}

const git = (...args) => execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

function defaultBase() {
  const head = git('rev-parse', 'HEAD');
  let base = head;
  try {
    base = git('merge-base', 'HEAD', 'main');
  } catch {
    // no main branch in this clone: check HEAD's own change
  }
  return base === head ? `${head}^1` : base;
}

function main() {
  const { values } = parseArgs({ options: { base: { type: 'string' } } });
  let changed;
  let added;
  try {
    const base = values.base ?? defaultBase();
    changed = git('diff', '--name-only', base, 'HEAD').split('\n').filter(Boolean);
    added = git('diff', '--name-only', '--diff-filter=A', base, 'HEAD').split('\n').filter(Boolean);
  } catch (error) {
    // A single-commit clone has no parent to compare with: nothing to check.
    if (/unknown revision|bad revision/.test(String(error.stderr))) {
      console.log('check-changeset: no earlier commit to compare with; nothing to check.');
      return 0;
    }
    console.error(`check-changeset: git failed: ${String(error.stderr ?? '') || String(error.message)}`);
    return 2;
  }
  const missing = missingChangeset(changed, added);
  if (missing.length === 0) {
    console.log('check-changeset: ok');
    return 0;
  }
  console.error(
    `check-changeset: these changes reach users of the published packages, but no .changeset/*.md was added:\n${missing
      .slice(0, 20)
      .map((p) => `  ${p}`)
      .join(
        '\n',
      )}${missing.length > 20 ? `\n  … and ${missing.length - 20} more` : ''}\nRun pnpm changeset and describe the change for a user (CONTRIBUTING.md).`,
  );
  return 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = main();
