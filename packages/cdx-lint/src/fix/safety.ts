import { lstatSync, realpathSync, statSync, type BigIntStats } from 'node:fs';
import { sep } from 'node:path';

/** What identifies a file's content on disk: if any of these changed, so may have the bytes. */
export interface FileIdentity {
  dev: bigint;
  ino: bigint;
  size: bigint;
  mtimeNs: bigint;
  ctimeNs: bigint;
}

export function identityOf(stats: BigIntStats): FileIdentity {
  return { dev: stats.dev, ino: stats.ino, size: stats.size, mtimeNs: stats.mtimeNs, ctimeNs: stats.ctimeNs };
}

export function sameIdentity(a: FileIdentity, b: FileIdentity): boolean {
  return a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeNs === b.mtimeNs && a.ctimeNs === b.ctimeNs;
}

/** Whether `path` (real, absolute) is one of `roots` or inside one. */
function inside(path: string, roots: readonly string[]): boolean {
  return roots.some((root) => path === root || path.startsWith(root.endsWith(sep) ? root : root + sep));
}

/**
 * Why --fix must not replace this file, or undefined when it may. Replacing a file is a rename of
 * a new one over it: that would make a read-only file writable again, give another user's file to
 * whoever runs cdx-lint (or, as root, hand it back with a new inode), split a hard-linked file in
 * two, and write through a symlink wherever it leads. `roots` are the real paths of the linted
 * directories (for a file named on the command line, its own directory).
 */
export function fixRefusal(path: string, roots: readonly string[]): string | undefined {
  const real = realpathSync(path);
  if (!inside(real, roots)) {
    // A directory symlink on the way (a ** glob follows them) leads out just the same.
    return lstatSync(path).isSymbolicLink()
      ? `a symbolic link to ${real}, outside the linted directories`
      : `its real path ${real} is outside the linted directories`;
  }
  const stats = statSync(path);
  if ((stats.mode & 0o200) === 0) return `read-only (mode ${(stats.mode & 0o777).toString(8).padStart(4, '0')}); make it writable to fix it`;
  const uid = process.getuid?.();
  if (uid !== undefined && stats.uid !== uid) return `owned by another user (uid ${stats.uid}); only its owner's cdx-lint --fix rewrites it`;
  if (stats.nlink > 1) return `hard-linked (${stats.nlink} links); rewriting it would split them into separate files`;
  return undefined;
}
