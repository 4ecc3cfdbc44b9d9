#!/usr/bin/env node
// Copies the bundled valid examples into a package as its default fixtures, with a cdx-lint config that
// names the kinds of the bodies that cannot be detected (auth bodies, search forms), so that the copy is
// itself a lintable fixtures directory.
// Usage (from a package folder): node ../../scripts/copy-fixtures.mjs ../../schemas/examples/valid fixtures
import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

const [from, to] = process.argv.slice(2);
if (!from || !to) {
  console.error('usage: copy-fixtures.mjs <examples/valid> <to>');
  process.exit(2);
}
rmSync(to, { recursive: true, force: true });
mkdirSync(to, { recursive: true });
for (const name of readdirSync(from)) if (name.endsWith('.json')) cpSync(join(from, name), join(to, name));

const config = JSON.parse(readFileSync(join(dirname(from), 'cdx-lint.config.json'), 'utf8'));
const prefix = `${basename(from)}/`;
const strip = (path) => (path.startsWith(prefix) ? path.slice(prefix.length) : path);
const kinds = Object.fromEntries(Object.entries(config.kinds ?? {}).map(([path, kind]) => [strip(path), kind]));
const overrides = (config.overrides ?? []).map((o) => ({ ...o, files: o.files.map(strip) }));
writeFileSync(join(to, 'cdx-lint.config.json'), `${JSON.stringify({ kinds, ignores: ['cdx-lint.config.json'], overrides }, null, 2)}\n`);
