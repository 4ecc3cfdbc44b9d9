#!/usr/bin/env node
// The cdx-lint executable: everything lives in cli/run.ts, so it can be tested without a process.
// The build bundles this entry into dist/bin.js (see "build" in package.json): one file to load
// instead of ~50 modules, with formatters and the cache still loaded only when used. Packages stay
// external but picocolors: it requires nothing, so it bundles cleanly into the stylish chunk and
// the default output costs no package lookup and no extra file read at the end of a run. tier-up.ts
// comes first: it tunes when and how much V8 optimises, before any other module is evaluated.
import './tier-up.js';
import { run } from './cli/run.js';

// A reader that goes away (`cdx-lint … | head`) ends the output, not the run: its EPIPE is no internal
// error (Node would print a stack trace), and the exit code stays what the run found.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
}

try {
  process.exitCode = await run(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`cdx-lint: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 2;
}
