#!/usr/bin/env node
// Bundles a package's compiled ESM entry point (tsc's output) into one file beside it:
// dist/index.js → dist/index.bundle.js (same folder, so paths relative to import.meta.url hold).
// Loading ~40 small ES modules costs Node ~2 ms each (resolve, realpath, read, compile): for a
// pre-commit hook that lints one file, that was half the start-up. One file loads in a few ms.
// Type declarations stay tsc's; files loaded at run time by path (generated validators, workers)
// are not touched.
//
// usage (from a package folder): node ../../scripts/bundle.mjs dist/index.js [--external <pkg>]...
// The package's exports point at the bundle; tsc's files stay for the declarations and source maps.
import { build } from 'esbuild';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({ options: { external: { type: 'string', multiple: true } }, allowPositionals: true });
for (const entry of positionals) {
  await build({
    entryPoints: [entry],
    outfile: entry.replace(/\.js$/, '.bundle.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    legalComments: 'eof',
    external: values.external ?? [],
    logLevel: 'warning',
  });
}
