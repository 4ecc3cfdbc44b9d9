import { existsSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { ResourceLimits, Worker } from 'node:worker_threads';
import { CHUNK_FILES, chunkEnd, LARGE_FILE, startWorkersNow } from './schedule.js';
import { runChunk, unpack, type PostedOutcome, type RunOptions, type Task, type TaskOutcome } from './task.js';

/**
 * A file's size, 0 when it cannot be read (linting it says why). Bigint stats: see inputs/expand.ts
 * (Node 20 shares the plain stat buffer with module resolution).
 */
function sizeOf(path: string): number {
  try {
    return Number(statSync(path, { bigint: true, throwIfNoEntry: false })?.size ?? 0);
  } catch {
    return 0;
  }
}

/**
 * `auto` starts workers only once the run has shown it is long enough to pay for them; a number
 * starts that many threads (main included) at once; `off` keeps to the main thread.
 */
export type Concurrency = number | 'auto' | 'off';

interface Plan {
  /** Threads including the main one. */
  threads: number;
  /** Start the workers only if the run turns out long (auto), or at once. */
  adaptive: boolean;
}

export function planThreads(concurrency: Concurrency, files: number): Plan {
  if (concurrency === 'off') return { threads: 1, adaptive: false };
  if (concurrency === 'auto') return { threads: files > CHUNK_FILES ? availableParallelism() : 1, adaptive: true };
  return { threads: Math.max(1, Math.min(concurrency, Math.ceil(files / CHUNK_FILES))), adaptive: false };
}

interface Handle {
  worker: Worker;
  finished: Promise<void>;
  idle(): boolean;
  finish(): void;
  /** Hands it chunks until it holds at least `bytes` beyond the chunk it is on (see runTasks). */
  topUp(bytes: number): void;
}

/** What the pool is told besides the work: tests leave the work to the workers, or limit their heap. */
export interface PoolOptions {
  mainThreadWorks?: boolean;
  resourceLimits?: ResourceLimits;
}

/**
 * Lints every task: in the main thread, helped by worker threads when the plan allows. The main
 * thread takes chunks too, so workers' start-up is never idle time. Outcomes come back in task
 * order. `mainThreadWorks: false` (tests) leaves all the work to the workers.
 *
 * A worker that dies (out of memory, a crash) costs only the file it was linting: that file's
 * outcome says why (each worker marks the task it is on in shared memory, so the file is known
 * without a message per file), the other files it held go back to the queue, and a fresh worker
 * takes its place.
 */
export async function runTasks(
  tasks: readonly Task[],
  options: RunOptions,
  plan: Plan,
  { mainThreadWorks = true, resourceLimits }: PoolOptions = {},
): Promise<TaskOutcome[]> {
  // Beside this code: tsc's dist/workers/worker.js, or for the bundled bin (dist/bin.js) the
  // worker's own bundle, dist/worker.js (see "build" in package.json).
  const workerFile = fileURLToPath(new URL('./worker.js', import.meta.url));
  const canSpawn = plan.threads > 1 && existsSync(workerFile);
  if (!canSpawn && !plan.adaptive) return runChunk(tasks, options);

  const outcomes = new Array<TaskOutcome>(tasks.length);
  let next = 0;
  /** Tasks handed back by a worker that died, linted before the rest. */
  const retry: number[] = [];
  const pending = () => retry.length > 0 || next < tasks.length;
  /** Each task's file size, read once when a chunk is cut; not read when no worker can start. */
  const sizes = new Array<number>(tasks.length);
  const size = canSpawn ? (i: number) => (sizes[i] ??= sizeOf(tasks[i]!.path)) : () => 0;
  const bytesOf = (job: readonly number[]) => job.reduce((sum, i) => sum + size(i), 0);
  const take = (): number[] => {
    if (retry.length > 0) return retry.splice(0, CHUNK_FILES);
    const start = next;
    next = chunkEnd(start, tasks.length, size);
    return Array.from({ length: next - start }, (_, i) => start + i);
  };

  // node:worker_threads loads only when a worker is about to start.
  let WorkerClass: typeof Worker | undefined;
  const spawn = (): Handle => {
    // The index of the task the worker is linting (-1 between tasks), written by the worker.
    const current = new Int32Array(new SharedArrayBuffer(4)).fill(-1);
    const worker = new WorkerClass!(workerFile, { workerData: { current }, ...(resourceLimits ? { resourceLimits } : {}) });
    // The tasks of the chunks it holds, oldest first: two in flight, and behind the one it is on at
    // least as many bytes as the main thread's own chunk, so it never waits for the main thread
    // (busy with that chunk, the event loop blocked) to hand it the next one.
    const inFlight: number[][] = [];
    let wanted = 0;
    const queuedBytes = () => inFlight.reduce((sum, job, i) => (i === 0 ? 0 : sum + bytesOf(job)), 0);
    let send: () => void = () => undefined;
    let finish: () => void = () => undefined;
    let dead = false;
    const finished = new Promise<void>((resolve, reject) => {
      finish = resolve;
      send = () => {
        if (dead) return;
        while ((inFlight.length < 2 || queuedBytes() < wanted) && pending()) {
          const job = take();
          inFlight.push(job);
          worker.postMessage({ tasks: job.map((i) => tasks[i]), indices: job, options });
        }
        if (inFlight.length === 0) resolve();
      };
      worker.on('message', (message: { outcomes: PostedOutcome[] }) => {
        const job = inFlight.shift()!;
        message.outcomes.forEach((posted, i) => (outcomes[job[i]!] = unpack(posted, tasks[job[i]!]!)));
        send();
      });
      const died = (why: string, error: Error) => {
        if (dead) return;
        dead = true;
        const culprit = Atomics.load(current, 0);
        // Dead before it began a file (it could not start): not a file's fault; the run fails as before.
        if (culprit < 0) {
          reject(error);
          return;
        }
        outcomes[culprit] = { error: `${tasks[culprit]!.path}: ${why}; the other files were linted` };
        retry.unshift(...inFlight.flat().filter((i) => i !== culprit));
        inFlight.length = 0;
        if (pending()) spawn().finished.then(resolve, reject);
        else resolve();
      };
      worker.on('error', (error) => {
        died(deathOf(error), error);
      });
      worker.on('exit', (code) => {
        if (inFlight.length > 0) died(`the worker thread linting it stopped (exit code ${code})`, new Error(`worker exited with code ${code}`));
      });
      worker.on('online', send);
    });
    const topUp = (bytes: number) => {
      wanted = bytes;
      // Even before it is online: it reads them once started, while the main thread may be busy.
      send();
    };
    const handle: Handle = { worker, finished, idle: () => inFlight.length === 0, finish, topUp };
    live.add(handle);
    return handle;
  };
  /** Every worker started, replacements included, so that all are stopped at the end. */
  const live = new Set<Handle>();

  const startWorkers = async () => {
    WorkerClass ??= (await import('node:worker_threads')).Worker;
    return Array.from({ length: plan.threads - 1 }, spawn);
  };
  let workers: Handle[] = canSpawn && !plan.adaptive ? await startWorkers() : [];
  const began = performance.now();
  let declined = false;
  const largeBytesLeft = () => {
    let bytes = 0;
    for (let i = next; i < tasks.length; i++) if (size(i) >= LARGE_FILE) bytes += size(i);
    return bytes;
  };
  /** `auto`: asked before the first chunk and after each one, until the workers start (or two cores decline). */
  const adapt = async () => {
    if (!canSpawn || !plan.adaptive || workers.length > 0 || declined) return;
    const progress = { threads: plan.threads, elapsedMs: performance.now() - began, done: next, left: tasks.length - next, largeBytesLeft };
    if (startWorkersNow(progress)) workers = await startWorkers();
    // Two cores: the sizes left do not change, so the first answer holds for the rest of the run.
    else declined = plan.threads === 2;
  };
  await adapt();
  while (mainThreadWorks && pending()) {
    const job = take();
    if (workers.length > 0) {
      const bytes = bytesOf(job);
      for (const w of live) w.topUp(bytes);
    }
    runChunk(
      job.map((i) => tasks[i]!),
      options,
    ).forEach((outcome, i) => (outcomes[job[i]!] = outcome));
    await adapt();
    // Yield between chunks so the workers' messages are handled.
    if (workers.length > 0) await new Promise((resolve) => setImmediate(resolve));
  }
  // A worker still starting up when the work ran out is not waited for.
  if (!pending()) for (const w of workers) if (w.idle()) w.finish();
  try {
    await Promise.all(workers.map((w) => w.finished));
  } finally {
    await Promise.all([...live].map((w) => w.worker.terminate()));
  }
  return outcomes;
}

/** Why a worker died, for the file it was linting. */
function deathOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ERR_WORKER_OUT_OF_MEMORY')
    return 'linting it ran out of memory (ERR_WORKER_OUT_OF_MEMORY); lint it alone, or give Node more memory (--max-old-space-size)';
  const message = error instanceof Error ? `${error.name}: ${error.message.split('\n')[0]!.slice(0, 200)}` : String(error).slice(0, 200);
  return `the worker thread linting it crashed (${message})`;
}
