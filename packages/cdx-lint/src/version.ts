import { readFileSync } from 'node:fs';

let version: string | undefined;

/** cdx-lint's version, from its package.json (one level above both src/ and dist/). */
export function toolVersion(): string {
  version ??= (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  return version;
}
