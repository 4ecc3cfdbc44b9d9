import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';
import { identityOf, type FileIdentity } from '../fix/safety.js';
import { O_NONBLOCK } from './open-flags.js';

/** An input that is not a file cdx-lint can read; `code` as Node's errors have it. */
export class InputError extends Error {
  override name = 'InputError';
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/** An options object, not the string 'utf8', which Node copies into a new one on every call (2 µs a file). */
const UTF8 = { encoding: 'utf8' } as const;

/**
 * Reads a regular file, as bytes or as UTF-8 text. Opened non-blocking and checked after opening,
 * so a path that became a FIFO (or a device, or a socket) after the file list was made fails at
 * once instead of waiting forever for a writer.
 */
export function readRegularFile(path: string): Buffer;
export function readRegularFile(path: string, encoding: 'utf8'): string;
export function readRegularFile(path: string, encoding?: 'utf8'): Buffer | string {
  return withOpenFile(path, (fd) => {
    if (!fstatSync(fd).isFile()) throw notRegularFile();
    return encoding === undefined ? readFileSync(fd) : readFileSync(fd, UTF8);
  });
}

/** A regular file's bytes and its identity as it was read (one descriptor for both: what --fix checks again). */
export function readRegularFileWithIdentity(path: string): { bytes: Buffer; identity: FileIdentity } {
  return withOpenFile(path, (fd) => {
    const stats = fstatSync(fd, { bigint: true });
    if (!stats.isFile()) throw notRegularFile();
    return { bytes: readFileSync(fd), identity: identityOf(stats) };
  });
}

/** `read` on `path` opened for reading without blocking (on a FIFO, a device), closed afterwards. */
export function withOpenFile<T>(path: string, read: (fd: number) => T): T {
  const fd = openSync(path, constants.O_RDONLY | O_NONBLOCK);
  try {
    return read(fd);
  } finally {
    closeSync(fd);
  }
}

/** What a path that is a FIFO, socket or device is, as an input. */
export function notRegularFile(): InputError {
  return new InputError('not a regular file (a FIFO, socket or device): cdx-lint reads only files', 'ENOTREG');
}

const UNDECODABLE_NAME =
  'no file has this name: a name that is not valid UTF-8 is listed with U+FFFD and cannot be opened by it (rename the file), unless it was removed while cdx-lint ran';

const REASONS: Record<string, string> = {
  ENOENT: 'no such file (removed or renamed while cdx-lint ran?)',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EISDIR: 'is a directory',
  ELOOP: 'too many levels of symbolic links (a symlink loop)',
  EMFILE: 'too many open files',
  ENAMETOOLONG: 'the path is too long',
  ERR_FS_FILE_TOO_LARGE: 'too large to read (over 2 GB)',
  ERR_STRING_TOO_LONG: 'too large to lint as text (over 512 MB)',
};

/**
 * One line for the `could not lint` list: the path, what went wrong in words, and Node's code for
 * searching. Never a stack trace: an unreadable file is the user's situation, not cdx-lint's bug.
 */
export function describeInputError(path: string, error: unknown): string {
  if (error instanceof InputError) return `${path}: ${error.message}`;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  // A directory entry whose name is not UTF-8 is listed with U+FFFD in it, a name no file has.
  const undecodable = code === 'ENOENT' && path.includes('\ufffd');
  const reason = undecodable ? UNDECODABLE_NAME : code !== undefined ? REASONS[code] : undefined;
  if (reason !== undefined) return `${path}: ${reason} (${code})`;
  const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
  return `${path}: ${message}${code !== undefined && !message.includes(code) ? ` (${code})` : ''}`;
}
