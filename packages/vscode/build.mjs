#!/usr/bin/env node
// Bundles the extension and vscode-languageclient into one CommonJS file, as VS Code loads it
// (`vscode` is provided by the editor). The language server is not bundled: the extension starts
// the one installed in the workspace (src/server-path.ts).
import { build } from 'esbuild';

await build({
  entryPoints: ['src/extension.ts'],
  outfile: 'dist/extension.js',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: ['vscode'],
  minify: true,
  sourcemap: false,
  legalComments: 'eof',
  logLevel: 'warning',
});
