#!/usr/bin/env node
// Ships the rule pages with @cdx/validate: copies docs/rules/*.md into the package's dist, so every
// link to a rule (SARIF helpUri, the stylish footer, the language server) opens offline and matches
// the installed version. Usage (from packages/validate): node ../../scripts/copy-rule-docs.mjs <docs/rules> <out dir>
import { cpSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const [from, to] = process.argv.slice(2);
if (!from || !to) {
  console.error('usage: copy-rule-docs.mjs <docs/rules dir> <out dir>');
  process.exit(2);
}
rmSync(to, { recursive: true, force: true });
mkdirSync(to, { recursive: true });
for (const name of readdirSync(from)) if (name.endsWith('.md')) cpSync(join(from, name), join(to, name));
