#!/usr/bin/env node
// The cdx-lint executable: everything lives in cli/run.ts, so it can be tested without a process.
import { run } from './cli/run.js';

try {
  process.exitCode = await run(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`cdx-lint: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 2;
}
