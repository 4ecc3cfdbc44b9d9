#!/usr/bin/env node
// tsc does not copy .cjs files: mirror the generated validator modules (and the package's own
// CommonJS files) from src/ to dist/ after a build. Mirror, not copy: a .cjs in dist/ whose source
// is gone (a module the generator no longer emits) is removed, so a build in an old checkout packs
// what a fresh clone would.
// Usage (from a package folder): node ../../scripts/copy-cjs.mjs src dist
import { cpSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** @param {string} dir @returns {string[]} every .cjs file under dir, relative to it */
function cjsFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.cjs'))
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}

/**
 * Copies every .cjs under `from` to the same place under `to`, and removes each .cjs under `to` that
 * has no source under `from`. Other files in `to` (tsc's output) are left alone.
 * @param {string} from
 * @param {string} to
 */
export function mirrorCjs(from, to) {
  const sources = cjsFiles(from);
  const kept = new Set(sources);
  for (const path of sources) cpSync(join(from, path), join(to, path));
  for (const path of cjsFiles(to)) if (!kept.has(path)) rmSync(join(to, path));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [from, to] = process.argv.slice(2);
  if (!from || !to) {
    console.error('usage: copy-cjs.mjs <from> <to>');
    process.exit(2);
  }
  mirrorCjs(from, to);
}
