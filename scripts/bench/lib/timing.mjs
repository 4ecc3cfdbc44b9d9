// Timing helpers shared by the benchmark scripts: whole-process wall times, taken interleaved so
// that noise from other work on the machine hits every command alike.
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Wall time of one `node <args>` run in ms; exit codes 0 and 1 are both normal (findings), anything
 * else fails. A name ending in `(quiet)` has its error output dropped (ajv-cli prints every error of
 * thousands of files, more than a pipe's buffer holds).
 */
export function timeRun(args, cwd, quiet = false) {
  const start = performance.now();
  const run = spawnSync(process.execPath, args, { cwd, stdio: ['ignore', 'ignore', quiet ? 'ignore' : 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
  const ms = performance.now() - start;
  if (run.status !== 0 && run.status !== 1) {
    console.error(`failed (${run.status}): node ${args.join(' ')}\n${String(run.stderr)}`);
    process.exit(1);
  }
  return ms;
}

/** Runs each `[name, args]` command `runs` times, interleaved; returns `[name, median ms]` pairs. */
export function compare(commands, runs, cwd) {
  const times = commands.map(() => []);
  for (let r = 0; r < runs; r++) commands.forEach(([name, args], i) => times[i].push(timeRun(args, cwd, name.endsWith('(quiet)'))));
  return commands.map(([name], i) => [name, median(times[i])]);
}
