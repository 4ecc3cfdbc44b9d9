// The one way files are linted, for the CLI (cli/collect.ts) and the API (index.ts lintFiles): each
// file with its settings, on worker threads when there are many, through the cache when one is given.
import type { LintCache } from '../cache/cache.js';
import type { Resolver } from '../config/resolve.js';
import { fixRoots } from '../fix/roots.js';
import { planThreads, runTasks, type Concurrency } from '../workers/pool.js';
import type { Task } from '../workers/task.js';
import type { FixMode } from './process-file.js';
import type { LintResult } from './types.js';

export interface FilesOptions {
  fix: FixMode;
  /** What the user named: --fix writes only inside the directories they name (fix/safety.ts). */
  patterns: readonly string[];
  cwd: string;
  concurrency: Concurrency;
  cache?: LintCache | undefined;
}

/** Results in input order, files that could not be read, linted or written, and files --fix left alone. */
export interface Collected {
  results: LintResult[];
  ioErrors: string[];
  /** `path: why` for each file --fix did not rewrite (read-only, another user's, …); not an error. */
  notFixed: string[];
}

/** Lints the expanded files with the settings the resolver gives each. */
export async function lintExpandedFiles(files: readonly string[], resolver: Resolver, options: FilesOptions): Promise<Collected> {
  const { cache } = options;
  const tasks: Task[] = files.map((path) => {
    const task: Task = { path, settings: resolver.settingsFor(path) };
    const cached = cache?.get(path);
    if (cached) task.cached = cached;
    return task;
  });
  const roots = options.fix === 'fix' ? { roots: fixRoots(options.patterns, options.cwd) } : {};
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
