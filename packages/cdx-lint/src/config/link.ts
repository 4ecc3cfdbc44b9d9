import { existsSync, lstatSync, realpathSync } from 'node:fs';
import { dirname, join, relative, isAbsolute } from 'node:path';
import { ConfigError } from './types.js';

/**
 * The project a found config belongs to: the nearest directory at or above it holding `.git`
 * (its repository), else the config's own directory.
 */
function projectOf(dir: string): string {
  for (let d = dir; ; d = dirname(d)) {
    if (existsSync(join(d, '.git'))) return d;
    if (dirname(d) === d) return dir;
  }
}

const inside = (root: string, path: string) => {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

/**
 * A config found by searching is committed with the project, so a symlink there is followed only
 * to a file inside the project (a shared config in a monorepo): one leading anywhere else (a
 * cloned repository's `cdx-lint.config.json` → `/proc/self/environ`) would read a file of the
 * machine into the run, and its parse error into a CI log. Refused, naming only the link. A config
 * named with --config is the user's choice and is not checked.
 */
export function checkConfigLink(path: string, display: string): void {
  let link: boolean;
  try {
    link = lstatSync(path).isSymbolicLink();
  } catch {
    return; // reading it reports what is wrong
  }
  if (!link) return;
  const dir = dirname(path);
  const root = realpathSync(projectOf(dir));
  let target: string;
  try {
    target = realpathSync(path);
  } catch {
    return; // a broken link: reading it says so
  }
  if (!inside(root, target)) {
    throw new ConfigError(
      `${display} is a symbolic link to a file outside the project (${relative(process.cwd(), root) || root}); cdx-lint follows a config link only within the project. Use --config to name a shared config elsewhere.`,
    );
  }
}
