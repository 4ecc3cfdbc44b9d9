// A file to run --fix on: a copy of a fixture's text in a fresh temporary directory, so that a test
// that rewrites it never touches the fixture or another test's copy.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Writes `text` as `name` in a new temporary directory; returns the file's path. */
export function tempCopy(name: string, text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'cdx-lint-fix-'));
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}
