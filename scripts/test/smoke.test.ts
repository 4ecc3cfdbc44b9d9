// The release smoke test (scripts/smoke/consumer.mjs) itself: it needs only Node and npm, and it
// leaves nothing behind when a step fails. (CI runs it whole; here only what can go wrong cheaply.)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { npmTool, packWithPinnedPnpm, plainNpmEnv } from '../smoke/pack.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const smokeDirs = () => new Set(readdirSync(tmpdir()).filter((d) => d.startsWith('cdx-smoke-')));

describe('scripts/smoke/consumer.mjs', () => {
  it('removes its temporary folder when a step fails, and exits 1 naming the step', () => {
    const before = smokeDirs();
    const run = spawnSync(process.execPath, [join(root, 'scripts/smoke/consumer.mjs'), '--node', '/nonexistent/node'], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('✖ node version failed');
    expect([...smokeDirs()].filter((d) => !before.has(d))).toEqual([]);
  });

  it('packs a workspace package with only node, npm, npx and sh on the PATH (pnpm comes through npx)', () => {
    const bin = mkdtempSync(join(tmpdir(), 'cdx-node-only-'));
    symlinkSync(process.execPath, join(bin, 'node'));
    for (const tool of ['npm', 'npx']) symlinkSync(npmTool(tool), join(bin, tool));
    // And a shell, which npx runs commands with: any machine has one; what it lacks here is pnpm.
    symlinkSync('/bin/sh', join(bin, 'sh'));
    const out = join(bin, 'packs');
    mkdirSync(out);
    const env = { ...plainNpmEnv(), PATH: bin };
    const tarball = packWithPinnedPnpm(join(root, 'packages/validate'), out, { npx: join(bin, 'npx'), env });
    expect(existsSync(tarball)).toBe(true);
    // pnpm resolved the workspace range, which npm pack would have left as `workspace:^`.
    const manifest = spawnSync('tar', ['-xOzf', tarball, 'package/package.json'], { encoding: 'utf8' });
    expect(JSON.parse(manifest.stdout).dependencies['@cdx/types']).toMatch(/^\^\d+\.\d+\.\d+$/);
  });
});
