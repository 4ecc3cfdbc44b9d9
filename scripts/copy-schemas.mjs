#!/usr/bin/env node
// Builds @cdx/schemas: copies every schemas/**/*.schema.json (not the examples) into the package,
// at the path its $id names, and writes catalog.json, the cdx vocabulary meta-schema and the ajv plugin
// (ajv.cjs: the cdx keywords and formats). Usage: copy-schemas.mjs <schemas dir> <out dir>
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ajvPluginSource, ajvPluginTypes, VOCABULARY_FILE, vocabularySchema } from './lib/emit-ajv-plugin.mjs';
import { loadSchemas } from './lib/schemas.mjs';

const [from, to] = process.argv.slice(2);
if (!from || !to) {
  console.error('usage: copy-schemas.mjs <schemas dir> <out dir>');
  process.exit(2);
}
rmSync(to, { recursive: true, force: true });
const catalog = [];
for (const entry of loadSchemas(from)) {
  const target = join(to, entry.rel);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, `${JSON.stringify(entry.schema, null, 2)}\n`);
  catalog.push({ $id: entry.id, title: entry.schema.title, kind: entry.schema.cdxKind ?? null, file: entry.rel });
}
mkdirSync(join(to, dirname(VOCABULARY_FILE)), { recursive: true });
writeFileSync(join(to, VOCABULARY_FILE), `${JSON.stringify(vocabularySchema(), null, 2)}\n`);
writeFileSync(join(to, 'catalog.json'), `${JSON.stringify({ vocabulary: VOCABULARY_FILE, schemas: catalog }, null, 2)}\n`);
writeFileSync(join(to, 'ajv.cjs'), ajvPluginSource());
writeFileSync(join(to, 'ajv.d.cts'), ajvPluginTypes());
