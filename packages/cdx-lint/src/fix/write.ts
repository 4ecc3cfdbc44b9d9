import { closeSync, fsyncSync, openSync, renameSync, statSync, unlinkSync, writeSync, realpathSync, chmodSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

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

let written = 0;

/**
 * Replaces a file's contents so that a crash at any moment leaves either the old file or the new
 * one, never a torn mix: write a temporary file beside it (same directory, so same file system),
 * flush it to disk, give it the original's mode, then rename it over the original. A symlink is
 * followed, so the link stays a link. On any error the temporary file is removed and the original
 * is untouched.
 */
export function writeFileAtomic(path: string, contents: string, io: WriteIo = nodeIo): void {
  const target = realpathSync(path);
  const mode = statSync(target).mode & 0o7777;
  // Unique per process (pid) and per write (counter); `wx` refuses to reuse a leftover name.
  const temp = join(dirname(target), `.${basename(target)}.${process.pid}.${(written++).toString(36)}.cdx-lint-tmp`);
  let fd: number | undefined;
  try {
    fd = io.openSync(temp, 'wx', mode);
    const bytes = Buffer.from(contents, 'utf8');
    for (let done = 0; done < bytes.length; ) done += io.writeSync(fd, bytes, done, bytes.length - done);
    io.fsyncSync(fd);
    io.closeSync(fd);
    fd = undefined;
    chmodSync(temp, mode); // the umask may have narrowed the mode given to open
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
}
