// The build's copy of the generated CommonJS modules into dist/ (scripts/copy-cjs.mjs) mirrors src/:
// a module the generator no longer emits must not stay in dist/ to be packed and published.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { mirrorCjs } from '../copy-cjs.mjs';

const dirs: string[] = [];
function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'copy-cjs-'));
  dirs.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('copy-cjs', () => {
  it('copies every .cjs of the source tree, in its folder', () => {
    const src = tree({ 'a.cjs': 'a', 'generated/validators/fhir/r4/Patient.cjs': 'p', 'b.ts': 'b' });
    const dist = tree({});
    mirrorCjs(src, dist);
    expect(readFileSync(join(dist, 'a.cjs'), 'utf8')).toBe('a');
    expect(readFileSync(join(dist, 'generated/validators/fhir/r4/Patient.cjs'), 'utf8')).toBe('p');
    expect(existsSync(join(dist, 'b.ts'))).toBe(false);
  });

  it('removes a .cjs from dist whose source is gone, and leaves the compiled output alone', () => {
    const src = tree({ 'generated/validators/fhir/r4/Patient.cjs': 'new' });
    const dist = tree({
      'generated/validators/fhir/r4/Patient.cjs': 'old',
      'generated/validators/fhir/r4/Removed.twin.cjs': 'stale',
      'gone.cjs': 'stale',
      'index.js': 'compiled',
    });
    mirrorCjs(src, dist);
    expect(readFileSync(join(dist, 'generated/validators/fhir/r4/Patient.cjs'), 'utf8')).toBe('new');
    expect(existsSync(join(dist, 'generated/validators/fhir/r4/Removed.twin.cjs'))).toBe(false);
    expect(existsSync(join(dist, 'gone.cjs'))).toBe(false);
    expect(readFileSync(join(dist, 'index.js'), 'utf8')).toBe('compiled');
  });
});
