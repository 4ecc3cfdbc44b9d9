import { relative, resolve } from 'node:path';
import { fixRoots } from '../fix/roots.js';
import type { LintCache } from '../cache/cache.js';
import type { Resolver } from '../config/resolve.js';
import type { LoadedConfig } from '../config/types.js';
import type { LintResult } from '../lint/types.js';
import { planThreads, runTasks } from '../workers/pool.js';
import type { Task } from '../workers/task.js';
import { toolVersion } from '../version.js';
import type { CliOptions } from './args.js';

/** Results in input order, files that could not be read, linted or written, and files --fix left alone. */
export interface Collected {
  results: LintResult[];
  ioErrors: string[];
  /** `path: why` for each file --fix did not rewrite (read-only, another user's, …); not an error. */
  notFixed: string[];
}

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
  const tasks: Task[] = files.map((path) => {
    const task: Task = { path, settings: resolver.settingsFor(path) };
    const cached = cache?.get(path);
    if (cached) task.cached = cached;
    return task;
  });
  const roots = options.fix === 'fix' ? { roots: fixRoots(options.patterns, cwd) } : {};
  const outcomes = await runTasks(tasks, { fix: options.fix, hashing: cache !== undefined, ...roots }, planThreads(options.concurrency, tasks.length));
  const results: LintResult[] = [];
  const ioErrors: string[] = [];
  const notFixed: string[] = [];
  outcomes.forEach((outcome, i) => {
    if ('error' in outcome) {
      ioErrors.push(outcome.error);
      return;
    }
    results.push(outcome.result);
    if (outcome.notFixed !== undefined) notFixed.push(`${tasks[i]!.path}: ${outcome.notFixed}`);
    if (cache && outcome.hash !== undefined) cache.set(tasks[i]!.path, outcome.hash, outcome.result);
  });
  cache?.save();
  return { results, ioErrors, notFixed };
}
