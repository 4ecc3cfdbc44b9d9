import { parentPort, workerData } from 'node:worker_threads';
import { pack, runChunk, type RunOptions, type Task } from './task.js';

/** Where the pool reads which task this worker is on, should it die (pool.ts). */
const current = (workerData as { current?: Int32Array } | null)?.current;

/** A worker thread of the pool: lints the chunks it is sent, one at a time. */
parentPort!.on('message', (message: { tasks: Task[]; indices?: number[]; options: RunOptions }) => {
  const onTask = current && message.indices ? (i: number) => Atomics.store(current, 0, message.indices![i] ?? -1) : undefined;
  const outcomes = runChunk(message.tasks, message.options, onTask).map(pack);
  if (current) Atomics.store(current, 0, -1);
  parentPort!.postMessage({ outcomes });
});
