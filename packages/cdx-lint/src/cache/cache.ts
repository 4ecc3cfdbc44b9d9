import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { writeFileAtomic } from '../fix/write.js';
import type { CachedResult } from '../lint/process-file.js';
import type { LintResult } from '../lint/types.js';

interface CacheFile {
  format: 1;
  /** Tool version, engine hash and settings hash: any change empties the cache. */
  key: string;
  entries: Record<string, CachedResult>;
}

/**
 * `--cache`: each file's result keyed by its path and content hash, valid only for the key it
 * was written under. Results are stored without the file path and fix output, which belong to
 * one run.
 */
export class LintCache {
  private dirty = false;

  private constructor(
    private readonly location: string,
    private readonly key: string,
    private readonly entries: Map<string, CachedResult>,
  ) {}

  static load(location: string, key: string): LintCache {
    let entries = new Map<string, CachedResult>();
    if (existsSync(location)) {
      try {
        const file = JSON.parse(readFileSync(location, 'utf8')) as Partial<Omit<CacheFile, 'format'>> & { format?: unknown };
        if (file.format === 1 && file.key === key) entries = new Map(Object.entries(file.entries ?? {}));
      } catch {
        // A damaged cache is an empty one.
      }
    }
    return new LintCache(location, key, entries);
  }

  get(path: string): CachedResult | undefined {
    return this.entries.get(path);
  }

  set(path: string, hash: string, result: LintResult): void {
    if (this.entries.get(path)?.hash === hash) return; // reused: nothing new to write
    const { output: _output, fixes: _fixes, ...kept } = result;
    this.entries.set(path, { hash, result: { ...kept, filePath: '' } });
    this.dirty = true;
  }

  save(): void {
    if (!this.dirty) return;
    const file: CacheFile = { format: 1, key: this.key, entries: Object.fromEntries(this.entries) };
    const text = JSON.stringify(file);
    if (existsSync(this.location)) writeFileAtomic(this.location, text);
    else writeFileSync(this.location, text);
  }
}
