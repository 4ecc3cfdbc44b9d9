import { lstatSync, readdirSync, realpathSync, statSync, type BigIntStats } from 'node:fs';
import { resolve, sep } from 'node:path';
import { ALWAYS_IGNORED, CONFIG_NAME, type Resolver } from '../config/resolve.js';
import { describeInputError, InputError, notRegularFile } from './read.js';

/** The files to lint, in a stable order, the patterns that matched nothing, and paths that cannot be read. */
export interface Expanded {
  files: string[];
  /** Globs (and directories) that matched no file. */
  unmatched: string[];
  /** Paths named that do not exist (not globs). */
  missing: string[];
  /** Files named on the command line that are ignored (by the config or by default), as absolute paths. */
  ignored: string[];
  /** Directories and globs whose every file is ignored, with how many there were. */
  allIgnored: { pattern: string; count: number }[];
  /** One line per path named (or met in a directory) that exists but cannot be linted: why, in words. */
  unreadable: string[];
}

/**
 * `stat` with bigint fields. Node 20 keeps the last synchronous stat in a buffer it shares with
 * module resolution: after one of a FIFO, the next import of a package (tinyglobby's `fdir`)
 * failed with ERR_MODULE_NOT_FOUND. Bigint stats use another buffer.
 */
function stat(path: string): BigIntStats {
  return statSync(path, { bigint: true });
}

type PathKind = { kind: 'file' | 'directory' | 'missing' } | { kind: 'unreadable'; reason: string };

function kindOf(path: string): PathKind {
  try {
    const stats = stat(path);
    if (stats.isFile()) return { kind: 'file' };
    if (stats.isDirectory()) return { kind: 'directory' };
    return {
      kind: 'unreadable',
      reason: describeInputError(path, notRegularFile()),
    };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') return { kind: 'unreadable', reason: describeInputError(path, error) };
    try {
      lstatSync(path, { bigint: true });
      return { kind: 'unreadable', reason: describeInputError(path, new InputError('a broken symbolic link (its target does not exist)', 'ENOENT')) };
    } catch {
      return { kind: 'missing' };
    }
  }
}

async function globFiles(patterns: string[], cwd: string): Promise<string[]> {
  // Loaded only when a directory or glob is given: pre-commit passes plain file names.
  const { glob } = await import('tinyglobby');
  return glob(patterns, { cwd, absolute: true, onlyFiles: true, ignore: ['**/node_modules/**', '**/.git/**'], expandDirectories: false });
}

/**
 * Files under a directory with one of the extensions, skipping node_modules and dot files and
 * directories. A plain walk: for a directory argument, matching extensions needs no glob engine.
 */
function walkDirectory(root: string, extensions: readonly string[], unreadable: string[]): string[] {
  const files: string[] = [];
  const pending = [root];
  while (pending.length > 0) {
    const dir = pending.pop()!;
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      // One unreadable directory (permissions, removed meanwhile) leaves the rest to lint.
      unreadable.push(describeInputError(dir, error));
      continue;
    }
    // Concatenated, not path.join: the folder is already normalised, and join cost about 5 µs a file.
    const prefix = dir.endsWith(sep) ? dir : dir + sep;
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue; // as globs do: dot files only when named
      const path = prefix + entry.name;
      if (entry.isDirectory()) {
        if (!ALWAYS_IGNORED.includes(entry.name)) pending.push(path);
      } else if (entry.name !== CONFIG_NAME && (entry.isFile() || (entry.isSymbolicLink() && isFile(path))) && hasExtension(entry.name, extensions)) {
        files.push(path);
      }
    }
  }
  return files;
}

function isFile(path: string): boolean {
  try {
    return stat(path).isFile();
  } catch {
    return false;
  }
}

/**
 * The shortest path of each file. A glob follows directory symlinks, so one that loops back
 * reaches the same files again under longer paths; linting (and fixing) them twice helps nobody.
 */
function onePathPerFile(paths: string[]): string[] {
  const seen = new Set<string>();
  return paths
    .sort((a, b) => a.length - b.length || (a < b ? -1 : 1))
    .filter((path) => {
      let real = path;
      try {
        real = realpathSync.native(path);
      } catch {
        // vanished meanwhile: reading it will say so
      }
      if (seen.has(real)) return false;
      seen.add(real);
      return true;
    });
}

function hasExtension(path: string, extensions: readonly string[]): boolean {
  const lower = path.toLowerCase();
  return extensions.some((ext) => lower.endsWith(ext.toLowerCase()));
}

/**
 * Turns command-line patterns into files. A file is taken as named (whatever its extension); a
 * directory is searched recursively for the configured extensions; anything else that looks like
 * a glob is expanded relative to `cwd` and filtered by extension. Files the config ignores are
 * dropped in every case, so a pre-commit hook can hand over every staged JSON file.
 */
export async function expandInputs(patterns: readonly string[], cwd: string, resolver: Resolver): Promise<Expanded> {
  const seen = new Set<string>();
  const files: string[] = [];
  const unmatched: string[] = [];
  const missing: string[] = [];
  const ignored: string[] = [];
  const allIgnored: { pattern: string; count: number }[] = [];
  const unreadable: string[] = [];
  for (const pattern of patterns) {
    const path = resolve(cwd, pattern);
    const found = kindOf(path);
    let matched: string[];
    let kept: string[];
    if (found.kind === 'unreadable') {
      // Named but not lintable: reported (exit 2) while the other inputs are still linted.
      if (!resolver.isIgnored(path)) unreadable.push(found.reason);
      else ignored.push(path);
      continue;
    }
    if (found.kind === 'directory') {
      matched = walkDirectory(path, resolver.extensions, unreadable);
      // The walk already skipped node_modules, dot files and configs: only config ignores remain.
      kept = resolver.filtersWalkedFiles ? matched.filter((f) => !resolver.isIgnored(f)) : matched;
    } else {
      if (found.kind === 'file') matched = [path];
      else {
        const { isDynamicPattern } = await import('tinyglobby');
        if (!isDynamicPattern(pattern)) {
          missing.push(pattern);
          continue;
        }
        // The glob's "files" include symlinks to FIFOs, whose reading would never end: regular files only.
        matched = onePathPerFile((await globFiles([pattern], cwd)).filter((f) => hasExtension(f, resolver.extensions) && isFile(f)));
      }
      kept = matched.filter((f) => !resolver.isIgnored(f));
      // Named, yet ignored: the CLI warns, as ESLint does, rather than dropping it silently.
      if (found.kind === 'file' && kept.length === 0) ignored.push(path);
    }
    kept.sort();
    if (matched.length === 0) unmatched.push(pattern);
    else if (kept.length === 0 && found.kind !== 'file') allIgnored.push({ pattern, count: matched.length });
    for (const file of kept) {
      if (seen.has(file)) continue;
      seen.add(file);
      files.push(file);
    }
  }
  return { files, unmatched, missing, ignored, allIgnored, unreadable };
}
