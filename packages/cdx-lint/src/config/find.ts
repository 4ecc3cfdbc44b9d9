import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { readConfigText } from './read.js';

/** Where a config lives: its own file, or the `cdxLint` member of a package.json. */
export interface ConfigLocation {
  path: string;
  member?: 'cdxLint';
}

export const CONFIG_FILE = 'cdx-lint.config.json';

function hasMember(text: string): boolean {
  // A substring test first: most package.json files have no cdxLint member and need no parse.
  if (!text.includes('"cdxLint"')) return false;
  try {
    const pkg: unknown = JSON.parse(text.replace(/^\uFEFF/, ''));
    return typeof pkg === 'object' && pkg !== null && Object.hasOwn(pkg, 'cdxLint');
  } catch {
    return true; // let loading report what is wrong with it
  }
}

/**
 * The nearest config from `cwd` upward: in each directory `cdx-lint.config.json` first, then a
 * package.json that has a `cdxLint` member. Stops at the file system root.
 */
export function findConfig(cwd: string): ConfigLocation | undefined {
  for (let dir = cwd; ; dir = dirname(dir)) {
    const own = join(dir, CONFIG_FILE);
    if (existsSync(own)) return { path: own };
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && hasMember(readConfigText(pkg, pkg))) return { path: pkg, member: 'cdxLint' };
    if (dirname(dir) === dir) return undefined;
  }
}
