import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Answer } from './answer.js';

let document: Promise<Record<string, unknown>> | undefined;

/** @cdx/schemas' OpenAPI description, read once. */
function load(): Promise<Record<string, unknown>> {
  const file = createRequire(import.meta.url).resolve('@cdx/schemas/openapi.json');
  return (document ??= readFile(file, 'utf8').then((text) => JSON.parse(text) as Record<string, unknown>));
}

/** GET /openapi.json: the service's OpenAPI 3.1 description, with the mock as its server. */
export async function openApiAnswer(baseUrl: string): Promise<Answer> {
  const doc = await load();
  return { status: 200, contentType: 'application/vnd.oai.openapi+json', body: { ...doc, servers: [{ url: baseUrl, description: 'cdx-mock' }] } };
}
