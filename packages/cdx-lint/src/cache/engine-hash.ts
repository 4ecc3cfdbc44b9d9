import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

function addTree(hash: ReturnType<typeof createHash>, root: string): void {
  const files = readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && /\.(c?js|json|ts)$/.test(d.name) && !d.name.endsWith('.d.ts'))
    .map((d) => join(d.parentPath, d.name))
    .sort();
  for (const file of files)
    hash
      .update(`${relative(root, file)}\u0000`)
      .update(readFileSync(file))
      .update('\u0000');
}

/**
 * A hash of the code that decides findings: @cdx/validate's build (its precompiled schema
 * validators, field maps and rules) and cdx-lint's own. A cache keyed on the tool version alone
 * goes stale when a schema changes without a release; this one cannot.
 */
export function engineHash(): string {
  const hash = createHash('sha256');
  const validateEntry = fileURLToPath(import.meta.resolve('@cdx/validate'));
  addTree(hash, dirname(validateEntry));
  // dist/: this code sits one folder below it both in tsc's output (cache/) and in the bundled
  // bin's (chunks/).
  addTree(hash, dirname(dirname(fileURLToPath(import.meta.url))));
  return hash.digest('hex');
}
