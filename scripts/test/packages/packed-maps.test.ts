// What each published package's tarball holds, as `npm pack` would make it (run after `pnpm build`):
// every source map in it resolves (its sources are in the package or embedded in the map), and no
// declaration map points at a src/ that is not shipped.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PUBLISHED } from '../../check-changeset.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');

function packedFiles(dir: string): string[] {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  return (JSON.parse(out) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path);
}

describe.each(PUBLISHED)('the packed %s package', (name) => {
  const dir = join(root, 'packages', name);
  const files = packedFiles(dir);
  const shipped = new Set(files);

  it('has a README', () => {
    expect(files).toContain('README.md');
  });

  it('ships no map whose sources are missing', () => {
    const unresolved: string[] = [];
    for (const file of files.filter((f) => f.endsWith('.map'))) {
      const map = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { sources: string[]; sourceRoot?: string; sourcesContent?: (string | null)[] };
      map.sources.forEach((source, i) => {
        if (typeof map.sourcesContent?.[i] === 'string') return;
        const path = posix.normalize(posix.join(posix.dirname(file), map.sourceRoot ?? '', source));
        if (!shipped.has(path)) unresolved.push(`${file} → ${source}`);
      });
    }
    expect(unresolved.slice(0, 5)).toEqual([]);
  });

  // @cdx/validate ships its JavaScript readable and unminified, without maps (docs/decisions.md,
  // "The published package"): they were a sixth of its size. Nor does its code name a map it lacks.
  it.runIf(name === 'validate')('ships no source map, and no code that names one', () => {
    expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
    const naming = files.filter((f) => /\.[cm]?js$/.test(f) && readFileSync(join(dir, f), 'utf8').includes('//# sourceMappingURL='));
    expect(naming.slice(0, 5)).toEqual([]);
  });
});
