import { realpathSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';

/** Characters that make a command-line pattern a glob rather than a path. */
const GLOB_CHARS = ['*', '?', '[', ']', '{', '}'];

/**
 * The directories --fix may write in: each pattern's directory (a directory named, the fixed part
 * of a glob, or a named file's own directory), as real paths. A file reached through a symlink
 * whose target lies outside all of them is linted but never rewritten.
 */
export function fixRoots(patterns: readonly string[], cwd: string): string[] {
  const roots = new Set<string>();
  for (const pattern of patterns) {
    let base: string;
    if (GLOB_CHARS.some((c) => pattern.includes(c))) {
      const picomatch = createRequire(import.meta.url)('picomatch') as typeof import('picomatch');
      base = resolve(cwd, picomatch.scan(pattern).base || '.');
    } else {
      const path = resolve(cwd, pattern);
      base = isDirectory(path) ? path : dirname(path);
    }
    try {
      roots.add(realpathSync(base));
    } catch {
      // nothing there: no file of it will be written
    }
  }
  return [...roots];
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
