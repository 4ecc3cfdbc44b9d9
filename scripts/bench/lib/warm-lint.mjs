#!/usr/bin/env node
// cdx-lint's run() over the same files several times in one process (`--concurrency 1`, output
// dropped, V8's tiering tuned as the bin tunes it): the first pass pays for loading and
// warming up the code, the later ones do only the steady work. Prints `{ "first": ms, "warm": ms }`
// (warm: the fastest later pass). fhir-lint.mjs uses it to show how far any fresh process is from
// the floor even with nothing left to warm up.
// Usage: node warm-lint.mjs <passes> <cdx-lint arguments…>
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { root } from './in-process.mjs';

const [passes, ...args] = process.argv.slice(2);
// V8's tiering as the bin tunes it (packages/cdx-lint/src/tiering.ts), before any lint code loads.
const { tuneTiering } = await import(join(root, 'packages/cdx-lint/dist/tiering.js'));
tuneTiering();
const { run } = await import(join(root, 'packages/cdx-lint/dist/index.js'));
const write = process.stdout.write.bind(process.stdout);
const times = [];
for (let i = 0; i < Number(passes); i++) {
  process.stdout.write = () => true;
  const start = performance.now();
  const code = await run(['--concurrency', '1', ...args]);
  times.push(performance.now() - start);
  process.stdout.write = write;
  if (code !== 0 && code !== 1) throw new Error(`cdx-lint exited ${code} on pass ${i + 1}`);
}
process.stdout.write(`${JSON.stringify({ first: times[0], warm: Math.min(...times.slice(1)) })}\n`);
