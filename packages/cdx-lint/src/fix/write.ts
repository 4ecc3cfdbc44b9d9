import {
  chmodSync,
  chownSync,
  closeSync,
  fstatSync,
  fsyncSync,
  lstatSync,
  openSync,
  readFileSync,
  realpathSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { InputError, withOpenFile } from '../inputs/read.js';
import { identityOf, sameIdentity, type FileIdentity } from './safety.js';

/** The file operations an atomic write uses; tests swap one for a failing one. */
export interface WriteIo {
  openSync: typeof openSync;
  writeSync: (fd: number, data: Uint8Array, offset: number, length: number) => number;
  fsyncSync: typeof fsyncSync;
  closeSync: typeof closeSync;
  renameSync: typeof renameSync;
  unlinkSync: typeof unlinkSync;
}

const nodeIo: WriteIo = { openSync, writeSync, fsyncSync, closeSync, renameSync, unlinkSync };

export interface WriteOptions {
  /**
   * The bytes the new contents were computed from. If the file no longer holds them (an editor
   * saved it while cdx-lint ran), nothing is written: replacing it would lose that edit.
   */
  expected?: Uint8Array;
  /**
   * The file's identity when those bytes were read (device, inode, size, mtime, ctime). Checked
   * again as the very last step before the rename: an editor's atomic save (a new inode renamed
   * over the file) or an in-place write after the bytes were compared is caught.
   */
  identity?: FileIdentity;
  io?: WriteIo;
}

const changed = () => new InputError('changed on disk while cdx-lint was fixing it, so it was not rewritten; run cdx-lint --fix again', 'ECHANGED');

/** Whether the file still holds `expected` and, when given, still is the file that was read. */
function unchanged(target: string, expected: Uint8Array, identity: FileIdentity | undefined): boolean {
  return withOpenFile(target, (fd) => {
    if (identity && !sameIdentity(identityOf(fstatSync(fd, { bigint: true })), identity)) return false;
    return readFileSync(fd).equals(expected);
  });
}

let written = 0;

/** Flushes a directory entry (the rename) to disk; some file systems cannot, which costs nothing but durability. */
function syncDirectory(dir: string, io: WriteIo): void {
  let fd: number | undefined;
  try {
    fd = io.openSync(dir, 'r');
    io.fsyncSync(fd);
  } catch {
    // not supported here (Windows, some network file systems)
  } finally {
    if (fd !== undefined) io.closeSync(fd);
  }
}

/**
 * Replaces a file's contents so that a crash at any moment leaves either the old file or the new
 * one, never a torn mix: write a temporary file beside it (same directory, so same file system),
 * flush it to disk, give it the original's mode (and owner, when allowed), check the original
 * still holds what was read and is still the same file (identity, checked last), then rename it
 * over the original and flush the directory. A symlink
 * is followed, so the link stays a link. On any error the temporary file is removed and the
 * original is untouched.
 */
export function writeFileAtomic(path: string, contents: string, { expected, identity, io = nodeIo }: WriteOptions = {}): void {
  const target = realpathSync(path);
  const stat = statSync(target);
  const mode = stat.mode & 0o7777;
  // Unique per process (pid) and per write (counter); `wx` refuses to reuse a leftover name.
  const temp = join(dirname(target), `.${basename(target)}.${process.pid}.${(written++).toString(36)}.cdx-lint-tmp`);
  let fd: number | undefined;
  try {
    fd = io.openSync(temp, 'wx', mode);
    const bytes = Buffer.from(contents, 'utf8');
    for (let done = 0; done < bytes.length;) done += io.writeSync(fd, bytes, done, bytes.length - done);
    io.fsyncSync(fd);
    io.closeSync(fd);
    fd = undefined;
    chmodSync(temp, mode); // the umask may have narrowed the mode given to open
    if (process.getuid?.() === 0) chownSync(temp, stat.uid, stat.gid); // root fixing a user's file keeps it theirs
    if (expected !== undefined && !unchanged(target, expected, identity)) throw changed();
    // As late as can be: nothing but this lstat between the last check and the rename. What
    // remains is that window of microseconds (docs/robustness.md).
    if (identity && !sameIdentity(identityOf(lstatSync(target, { bigint: true })), identity)) throw changed();
    io.renameSync(temp, target);
  } catch (error) {
    if (fd !== undefined) {
      try {
        io.closeSync(fd);
      } catch {
        // already failing; the unlink below matters more
      }
    }
    try {
      io.unlinkSync(temp);
    } catch {
      // never created, or already renamed
    }
    throw error;
  }
  syncDirectory(dirname(target), io);
}
