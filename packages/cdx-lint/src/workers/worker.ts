import { parentPort } from 'node:worker_threads';
import { pack, runChunk, type RunOptions, type Task } from './task.js';

/** A worker thread of the pool: lints the chunks it is sent, one at a time. */
parentPort!.on('message', (message: { tasks: Task[]; options: RunOptions }) => {
  parentPort!.postMessage({ outcomes: runChunk(message.tasks, message.options).map(pack) });
});
