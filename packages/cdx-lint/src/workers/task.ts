import { describeInputError } from '../inputs/read.js';
import { processFile, type CachedResult, type FixMode } from '../lint/process-file.js';
import { resultOf } from '../lint/result.js';
import type { FileSettings, LintResult } from '../lint/types.js';

/** One file to lint; plain data, so it can be posted to a worker thread. */
export interface Task {
  path: string;
  settings: FileSettings;
  cached?: CachedResult;
}

/** A file's result (and why --fix left it alone, if it did), or why it could not be linted. */
export type TaskOutcome = { result: LintResult; hash?: string | undefined; notFixed?: string } | { error: string };

export interface RunOptions {
  fix: FixMode;
  hashing: boolean;
  /** With `fix: 'fix'`: the real paths of the linted directories (fix/roots.ts). */
  roots?: readonly string[];
}

/** Runs tasks in this thread; an I/O error becomes an outcome, so one bad file does not lose the others' results. */
export function runChunk(tasks: readonly Task[], options: RunOptions, onTask?: (index: number) => void): TaskOutcome[] {
  return tasks.map((task, index) => {
    onTask?.(index);
    try {
      return processFile(task.path, task.settings, {
        fix: options.fix,
        hashing: options.hashing,
        cached: task.cached,
        ...(options.roots ? { roots: options.roots } : {}),
      });
    } catch (error) {
      return { error: describeInputError(task.path, error) };
    }
  });
}

/**
 * An outcome as a worker posts it: a clean file (most of them) as just its kind, since cloning
 * full result objects between threads cost about as much as linting the file.
 */
export type PostedOutcome = TaskOutcome | { clean: string | null; hash?: string };

export function pack(outcome: TaskOutcome): PostedOutcome {
  if (!('result' in outcome)) return outcome;
  const { result, hash } = outcome;
  if (result.messages.length > 0 || result.output !== undefined || outcome.notFixed !== undefined) return outcome;
  return hash === undefined ? { clean: result.kind } : { clean: result.kind, hash };
}

export function unpack(posted: PostedOutcome, task: Task): TaskOutcome {
  if (!('clean' in posted)) return posted;
  const result = resultOf(task.path, posted.clean, []);
  return posted.hash === undefined ? { result } : { result, hash: posted.hash };
}
