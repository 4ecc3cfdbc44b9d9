import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Worker } from 'node:worker_threads';
import { runChunk, unpack, type PostedOutcome, type RunOptions, type Task, type TaskOutcome } from './task.js';

/** Files per message: large enough to amortise posting, small enough to balance the load. */
const CHUNK = 64;

/**
 * `auto` starts workers only once the run has shown it is long enough to pay for them; a number
 * starts that many threads (main included) at once; `off` keeps to the main thread.
 */
export type Concurrency = number | 'auto' | 'off';

/**
 * When `auto` starts workers: once the main thread has linted for `AUTO_AFTER_MS`, if what is
 * left would take at least `AUTO_REMAINING_MS` more. A worker needs about 200 ms here to start,
 * load the validators and warm up, and then runs slower than the warm main thread for a while;
 * measured on 2 cores, 2,000 and 10,000 small fixtures finished no sooner with a worker, so only
 * runs of about a second or more (tens of thousands of fixtures, or large FHIR bundles) get them.
 */
const AUTO_AFTER_MS = 250;
const AUTO_REMAINING_MS = 750;

interface Plan {
  /** Threads including the main one. */
  threads: number;
  /** Start the workers only if the run turns out long (auto), or at once. */
  adaptive: boolean;
}

export function planThreads(concurrency: Concurrency, files: number): Plan {
  if (concurrency === 'off') return { threads: 1, adaptive: false };
  if (concurrency === 'auto') return { threads: files > CHUNK ? availableParallelism() : 1, adaptive: true };
  return { threads: Math.max(1, Math.min(concurrency, Math.ceil(files / CHUNK))), adaptive: false };
}

interface Handle {
  worker: Worker;
  finished: Promise<void>;
  idle(): boolean;
  finish(): void;
}

/**
 * Lints every task: in the main thread, helped by worker threads when the plan allows. The main
 * thread takes chunks too, so workers' start-up is never idle time. Outcomes come back in task
 * order. `mainThreadWorks: false` (tests) leaves all the work to the workers.
 */
export async function runTasks(tasks: readonly Task[], options: RunOptions, plan: Plan, { mainThreadWorks = true } = {}): Promise<TaskOutcome[]> {
  // Beside this code: tsc's dist/workers/worker.js, or for the bundled bin (dist/bin.js) the
  // worker's own bundle, dist/worker.js (see "build" in package.json).
  const workerFile = fileURLToPath(new URL('./worker.js', import.meta.url));
  const canSpawn = plan.threads > 1 && existsSync(workerFile);
  if (!canSpawn && !plan.adaptive) return runChunk(tasks, options);

  const outcomes = new Array<TaskOutcome>(tasks.length);
  let next = 0;
  const take = () => {
    const start = next;
    next = Math.min(tasks.length, next + CHUNK);
    return { start, chunk: tasks.slice(start, next) };
  };

  // node:worker_threads loads only when a worker is about to start.
  let WorkerClass: typeof Worker | undefined;
  const spawn = (): Handle => {
    const worker = new WorkerClass!(workerFile);
    // Start offsets of the chunks it holds, oldest first: two in flight, so it never waits for
    // the main thread (busy with its own chunk) to hand it the next one.
    const inFlight: number[] = [];
    let finish: () => void = () => undefined;
    const finished = new Promise<void>((resolve, reject) => {
      finish = resolve;
      const send = () => {
        while (inFlight.length < 2 && next < tasks.length) {
          const job = take();
          inFlight.push(job.start);
          worker.postMessage({ tasks: job.chunk, options });
        }
        if (inFlight.length === 0) resolve();
      };
      worker.on('message', (message: { outcomes: PostedOutcome[] }) => {
        const start = inFlight.shift()!;
        message.outcomes.forEach((posted, i) => (outcomes[start + i] = unpack(posted, tasks[start + i]!)));
        send();
      });
      worker.on('error', reject);
      worker.on('online', send);
    });
    return { worker, finished, idle: () => inFlight.length === 0, finish };
  };

  const startWorkers = async () => {
    WorkerClass ??= (await import('node:worker_threads')).Worker;
    return Array.from({ length: plan.threads - 1 }, spawn);
  };
  let workers: Handle[] = canSpawn && !plan.adaptive ? await startWorkers() : [];
  const began = performance.now();
  while (mainThreadWorks && next < tasks.length) {
    const { start, chunk } = take();
    runChunk(chunk, options).forEach((outcome, i) => (outcomes[start + i] = outcome));
    if (canSpawn && plan.adaptive && workers.length === 0) {
      const elapsed = performance.now() - began;
      const remaining = (elapsed / next) * (tasks.length - next);
      if (elapsed >= AUTO_AFTER_MS && remaining >= AUTO_REMAINING_MS) workers = await startWorkers();
    }
    // Yield between chunks so the workers' messages are handled.
    if (workers.length > 0) await new Promise((resolve) => setImmediate(resolve));
  }
  // A worker still starting up when the work ran out is not waited for.
  if (next >= tasks.length) for (const w of workers) if (w.idle()) w.finish();
  try {
    await Promise.all(workers.map((w) => w.finished));
  } finally {
    await Promise.all(workers.map((w) => w.worker.terminate()));
  }
  return outcomes;
}
