import { join } from 'node:path';
import { ConfigError } from '../config/types.js';
import type { CachedResult } from '../lint/process-file.js';
import { resultOf } from '../lint/result.js';
import type { LintResult } from '../lint/types.js';
import { lstatOrNothing, readRegularText, ToolFileError, whatIs, writeToolFile } from '../output/tool-file.js';
import { checkEntry, CACHE_FORMAT, type CacheEntry } from './entry.js';

/** The file, version CACHE_FORMAT. Any other shape, version or key is an empty cache. */
interface CacheFile {
  cdxLintCache: typeof CACHE_FORMAT;
  /** Tool version, engine hash and settings hash: any change empties the cache. */
  key: string;
  entries: Record<string, CacheEntry>;
}

/** The cache file's name inside a directory given as --cache-location (as ESLint does). */
export const CACHE_NAME = '.cdx-lint-cache';

const refuse = (message: string) =>
  new ConfigError(`--cache: ${message}: cdx-lint reads and writes its cache only as a regular file; remove it, or give --cache-location another path.`);

/**
 * Where the cache is: the location, or the cache file inside it when it is a directory (or ends
 * with a slash). A symlink, FIFO, socket or device there is refused before anything is read: a
 * committed symlink made --cache overwrite the file it pointed at, a FIFO hung the run.
 */
export function cacheFile(location: string, given: string): string {
  const stats = lstatOrNothing(location);
  if (stats?.isDirectory() || (!stats && /[/\\]$/.test(given))) return join(location, CACHE_NAME);
  return location;
}

/**
 * `--cache`: each file's findings, keyed by its path and bound to the SHA-256 of its bytes, valid
 * only under the key it was written with. Nothing is believed that does not check out: every
 * entry is checked against the format (entry.ts) and dropped when it does not match, counts are
 * computed from the messages, never read, and an entry only ever stands for identical bytes.
 */
export class LintCache {
  private dirty = false;

  private constructor(
    private readonly location: string,
    private readonly display: string,
    private readonly key: string,
    private readonly entries: Map<string, CacheEntry>,
  ) {}

  /** Reads the cache at `location` (a missing or unreadable one is empty). Throws ConfigError for one that is not a regular file. */
  static load(location: string, display: string, key: string): LintCache {
    const entries = new Map<string, CacheEntry>();
    const stats = lstatOrNothing(location);
    if (stats && !stats.isFile()) throw refuse(new ToolFileError(display, whatIs(stats)).message);
    if (stats) {
      let file: unknown;
      try {
        file = JSON.parse(readRegularText(location, display, { followLinks: false }));
      } catch (error) {
        if (error instanceof ToolFileError) throw refuse(error.message);
        file = undefined; // a damaged cache is an empty one
      }
      if (isCurrent(file, key)) {
        for (const [path, entry] of Object.entries(file.entries)) if (checkEntry(entry)) entries.set(path, entry);
      }
    }
    return new LintCache(location, display, key, entries);
  }

  get(path: string): CachedResult | undefined {
    const entry = this.entries.get(path);
    return entry && { hash: entry.sha256, result: resultOf(path, entry.kind, entry.messages) };
  }

  set(path: string, hash: string, result: LintResult): void {
    if (this.entries.get(path)?.sha256 === hash) return; // reused: nothing new to write
    this.entries.set(path, { sha256: hash, kind: result.kind, messages: result.messages });
    this.dirty = true;
  }

  /** Writes the cache if anything changed. Throws ConfigError when its path became something else. */
  save(): void {
    if (!this.dirty) return;
    const file: CacheFile = { cdxLintCache: CACHE_FORMAT, key: this.key, entries: Object.fromEntries(this.entries) };
    try {
      writeToolFile(this.location, JSON.stringify(file), this.display);
    } catch (error) {
      if (error instanceof ToolFileError) throw refuse(error.message);
      throw new ConfigError(`--cache: cannot write ${this.display}: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`);
    }
  }
}

function isCurrent(file: unknown, key: string): file is CacheFile {
  if (typeof file !== 'object' || file === null) return false;
  const { cdxLintCache, key: written, entries } = file as { [K in keyof CacheFile]?: unknown };
  return cdxLintCache === CACHE_FORMAT && written === key && typeof entries === 'object' && entries !== null && !Array.isArray(entries);
}
