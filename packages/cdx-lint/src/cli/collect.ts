// The CLI's run over files: the cache it opens, and the one lint of files (lint/lint-files.ts) the API uses too.
import { relative, resolve } from 'node:path';
import type { LintCache } from '../cache/cache.js';
import type { Resolver } from '../config/resolve.js';
import type { LoadedConfig } from '../config/types.js';
import { lintExpandedFiles, type Collected } from '../lint/lint-files.js';
import { toolVersion } from '../version.js';
import type { CliOptions } from './args.js';

/** The cache for this run, keyed on what its validity depends on besides each file's content. */
async function openCache(loaded: LoadedConfig, options: CliOptions, cwd: string): Promise<LintCache> {
  // Loaded only with --cache: hashing the engine reads every file of @cdx/validate's build.
  const [{ LintCache, cacheFile }, { engineHash }, { createHash }] = await Promise.all([
    import('../cache/cache.js'),
    import('../cache/engine-hash.js'),
    import('node:crypto'),
  ]);
  const settings = JSON.stringify([loaded.config, loaded.baseDir, options.kind, options.rules, options.quiet]);
  const key = createHash('sha256').update(`${toolVersion()}\u0000${engineHash()}\u0000${settings}`).digest('hex');
  const file = cacheFile(resolve(cwd, options.cacheLocation), options.cacheLocation);
  return LintCache.load(file, relative(cwd, file) || file, key);
}

/** Lints the expanded files, on worker threads when there are many, through the cache when asked. */
export async function lintFiles(files: readonly string[], resolver: Resolver, loaded: LoadedConfig, options: CliOptions, cwd: string): Promise<Collected> {
  const cache = options.cache ? await openCache(loaded, options, cwd) : undefined;
  return lintExpandedFiles(files, resolver, { fix: options.fix, patterns: options.patterns, cwd, concurrency: options.concurrency, cache });
}
