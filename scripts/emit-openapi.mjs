#!/usr/bin/env node
// Writes the OpenAPI 3.1 description of the service (scripts/lib/emit-openapi.mjs) from schemas/.
// Usage: emit-openapi.mjs <schemas dir> <out file>; @cdx/schemas' build writes dist/openapi.json with it.
import { readFileSync, writeFileSync } from 'node:fs';
import { openApiDocument } from './lib/emit-openapi.mjs';
import { loadSchemas } from './lib/schemas.mjs';

const [from, to] = process.argv.slice(2);
if (!from || !to) {
  console.error('usage: emit-openapi.mjs <schemas dir> <out file>');
  process.exit(2);
}
const { version } = JSON.parse(readFileSync(new URL('../packages/schemas/package.json', import.meta.url), 'utf8'));
writeFileSync(to, `${JSON.stringify(openApiDocument(loadSchemas(from), { version }), null, 2)}\n`);
