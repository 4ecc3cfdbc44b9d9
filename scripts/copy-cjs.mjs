#!/usr/bin/env node
// tsc does not copy .cjs files: copy the generated validator modules from src/ to dist/ after a build.
// Usage (from a package folder): node ../../scripts/copy-cjs.mjs src dist
import { cpSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

const [from, to] = process.argv.slice(2);
if (!from || !to) {
  console.error('usage: copy-cjs.mjs <from> <to>');
  process.exit(2);
}
for (const entry of readdirSync(from, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith('.cjs')) continue;
  const source = join(entry.parentPath, entry.name);
  cpSync(source, join(to, relative(from, source)));
}
