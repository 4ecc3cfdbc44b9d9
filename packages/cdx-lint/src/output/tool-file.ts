import {
  closeSync,
  constants,
  fstatSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  realpathSync,
  renameSync,
  unlinkSync,
  writeSync,
  type Stats,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { O_NOFOLLOW, O_NONBLOCK } from '../inputs/open-flags.js';

/**
 * A file cdx-lint reads or writes for itself (config, cache, -o report) that it will not touch:
 * a symbolic link, a directory, a FIFO, socket or device. The CLI prints it, exit status 2.
 */
export class ToolFileError extends Error {
  override name = 'ToolFileError';
  constructor(
    display: string,
    /** What the path is instead, after "is": `a symbolic link`, `not a regular file (a FIFO)`. */
    readonly what: string,
  ) {
    super(`${display} is ${what}`);
  }
}

/** What a path that is not a regular file is, after "is". */
export function whatIs(stats: Stats): string {
  return stats.isSymbolicLink() ? 'a symbolic link' : `not a regular file (${kindOf(stats)})`;
}

/** What a file system entry is, in words, for the messages. */
export function kindOf(stats: Stats): string {
  if (stats.isSymbolicLink()) return 'a symbolic link';
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a FIFO';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  return 'not a file';
}

/** The entry at `path` without following a final symlink, or undefined when there is none. */
export function lstatOrNothing(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Reads a regular file as UTF-8. Opened non-blocking (a FIFO never makes it wait) and checked
 * after opening, so what is read is what was checked; `followLinks: false` also refuses a final
 * symlink (O_NOFOLLOW). Throws ToolFileError naming what the path is instead.
 */
export function readRegularText(path: string, display: string, { followLinks = true } = {}): string {
  const flags = constants.O_RDONLY | O_NONBLOCK | (followLinks ? 0 : O_NOFOLLOW);
  let fd: number;
  try {
    fd = openSync(path, flags);
  } catch (error) {
    // O_NOFOLLOW on a symlink fails with ELOOP.
    if ((error as NodeJS.ErrnoException).code === 'ELOOP' && !followLinks) throw new ToolFileError(display, 'a symbolic link');
    throw error;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw new ToolFileError(display, whatIs(stats));
    return readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
}

let written = 0;

/**
 * Writes a file cdx-lint owns (the cache, a report) without ever writing through what is at its
 * path: a temporary file is created beside it in the real directory (O_EXCL: never an existing
 * name or link), written, flushed, and renamed over the path. A rename replaces a name; it never
 * follows a symlink there. A symlink, directory, FIFO, socket or device already at the path is
 * refused (ToolFileError) instead of replaced.
 */
export function writeToolFile(path: string, text: string, display: string): void {
  const existing = lstatOrNothing(path);
  if (existing && !existing.isFile()) throw new ToolFileError(display, whatIs(existing));
  mkdirSync(dirname(path), { recursive: true });
  const dir = realpathSync(dirname(path));
  const target = join(dir, basename(path));
  const temp = join(dir, `.${basename(path)}.${process.pid}.${(written++).toString(36)}.cdx-lint-tmp`);
  let fd: number | undefined = openSync(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | O_NOFOLLOW, existing ? existing.mode & 0o777 : 0o666);
  try {
    const bytes = Buffer.from(text, 'utf8');
    for (let done = 0; done < bytes.length;) done += writeSync(fd, bytes, done, bytes.length - done);
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    // Checked again as late as possible: what appeared at the path meanwhile is refused too.
    const now = lstatOrNothing(target);
    if (now && !now.isFile()) throw new ToolFileError(display, whatIs(now));
    renameSync(temp, target);
  } catch (error) {
    if (fd !== undefined) closeSync(fd);
    try {
      unlinkSync(temp);
    } catch {
      // already renamed, or never written
    }
    throw error;
  }
}
