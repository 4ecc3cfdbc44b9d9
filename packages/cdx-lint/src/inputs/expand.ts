import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ALWAYS_IGNORED, CONFIG_NAME, type Resolver } from '../config/resolve.js';

/** The files to lint, in a stable order, and the patterns that matched nothing. */
export interface Expanded {
  files: string[];
  unmatched: string[];
}

function kindOf(path: string): 'file' | 'directory' | undefined {
  try {
    const stat = statSync(path);
    return stat.isFile() ? 'file' : stat.isDirectory() ? 'directory' : undefined;
  } catch {
    return undefined;
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
function walkDirectory(root: string, extensions: readonly string[]): string[] {
  const files: string[] = [];
  const pending = [root];
  while (pending.length > 0) {
    const dir = pending.pop()!;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue; // as globs do: dot files only when named
      const path = join(dir, entry.name);
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
    return statSync(path).isFile();
  } catch {
    return false;
  }
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
  for (const pattern of patterns) {
    const path = resolve(cwd, pattern);
    const kind = kindOf(path);
    let matched: string[];
    let kept: string[];
    if (kind === 'directory') {
      matched = walkDirectory(path, resolver.extensions);
      // The walk already skipped node_modules, dot files and configs: only config ignores remain.
      kept = resolver.filtersWalkedFiles ? matched.filter((f) => !resolver.isIgnored(f)) : matched;
    } else {
      if (kind === 'file') matched = [path];
      else {
        const { isDynamicPattern } = await import('tinyglobby');
        matched = isDynamicPattern(pattern) ? (await globFiles([pattern], cwd)).filter((f) => hasExtension(f, resolver.extensions)) : [];
      }
      kept = matched.filter((f) => !resolver.isIgnored(f));
    }
    kept.sort();
    if (matched.length === 0) unmatched.push(pattern);
    for (const file of kept) {
      if (seen.has(file)) continue;
      seen.add(file);
      files.push(file);
    }
  }
  return { files, unmatched };
}
