// The packaged extension, built and packaged here as `pnpm vsix` does (into a temporary folder, so
// no earlier step is needed and no stale package is read): what the .vsix holds, and how the
// extension finds the language server.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { findServer, installedServer } from '../src/server-path.js';

const here = join(dirname(fileURLToPath(import.meta.url)), '..');
const repo = join(here, '../..');

/** The entries of a zip file (a .vsix), read from its central directory: name → content. */
function unzip(path: string): Map<string, Buffer> {
  const zip = readFileSync(path);
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const data = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(data, data + size);
    entries.set(name, method === 8 ? inflateRawSync(raw) : raw);
    at += 46 + nameLength + extra + comment;
  }
  return entries;
}

/** Runs `node <args>` in the extension's folder, and fails with its output when it fails. */
function node(args: string[]): void {
  const run = spawnSync(process.execPath, args, { cwd: here, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`node ${args.join(' ')} failed:\n${run.stdout}${run.stderr}`);
}

/** The extension bundled (build.mjs) and packaged by vsce, as `pnpm build` and `pnpm vsix` do. */
function packageVsix(): string {
  const out = join(mkdtempSync(join(tmpdir(), 'cdx-vsix-')), 'cdx-vscode.vsix');
  node(['build.mjs']);
  node([createRequire(join(here, 'package.json')).resolve('@vscode/vsce/vsce'), 'package', '--no-dependencies', '--out', out]);
  return out;
}

describe('the .vsix', () => {
  const vsix = unzip(packageVsix());

  it('holds the bundled extension, its manifest, README and licence, and nothing else of the package', () => {
    expect([...vsix.keys()].filter((n) => n.startsWith('extension/')).sort()).toEqual([
      'extension/LICENSE.txt',
      'extension/dist/extension.js',
      'extension/package.json',
      'extension/readme.md',
    ]);
  });

  it('activates only in a workspace with a cdx-lint config or an installed cdx package, and starts the server over stdio', () => {
    const manifest = JSON.parse(vsix.get('extension/package.json')!.toString('utf8'));
    expect(manifest.main).toBe('./dist/extension.js');
    expect(manifest.activationEvents).toEqual([
      'workspaceContains:**/cdx-lint.config.json',
      'workspaceContains:node_modules/@cdx/language-server/package.json',
      'workspaceContains:node_modules/cdx-lint/package.json',
    ]);
    const bundle = vsix.get('extension/dist/extension.js')!.toString('utf8');
    expect(bundle).toContain('@cdx/language-server');
    expect(bundle).toContain('--stdio');
    expect(bundle).not.toMatch(/require\("vscode-languageclient/); // bundled, not required
  });

  it("its README's links are not rewritten into a repository address (no blob/HEAD/../)", () => {
    const readme = vsix.get('extension/readme.md')!.toString('utf8');
    expect(readme).not.toMatch(/blob\/HEAD|\]\(\.\.\//);
    expect(readme).toContain('cdx-lint');
  });
});

describe('finding the language server', () => {
  it('takes the @cdx/language-server installed in a workspace folder', () => {
    const folder = mkdtempSync(join(tmpdir(), 'cdx-vscode-'));
    mkdirSync(join(folder, 'node_modules/@cdx'), { recursive: true });
    symlinkSync(join(repo, 'packages/language-server'), join(folder, 'node_modules/@cdx/language-server'));
    writeFileSync(join(folder, 'package.json'), '{}');
    const expected = join(repo, 'packages/language-server/bin/cdx-language-server.js');
    expect(installedServer(folder)).toBe(expected);
    expect(findServer('', [mkdtempSync(join(tmpdir(), 'cdx-empty-')), folder], { trusted: true })).toEqual({ path: expected });
  });

  it('a configured path wins, relative to the first folder; a missing one or none installed is said plainly', () => {
    const folder = mkdtempSync(join(tmpdir(), 'cdx-vscode-'));
    writeFileSync(join(folder, 'server.js'), '');
    expect(findServer('server.js', [folder], { trusted: true })).toEqual({ path: join(folder, 'server.js') });
    // A configured path that names nothing is the user's to fix: a pop-up (quiet: false).
    expect(findServer('nope.js', [folder], { trusted: true })).toEqual({
      missing: `cdx.server.path names ${join(folder, 'nope.js')}, which does not exist.`,
      quiet: false,
    });
    // No server installed: said in the output channel only (quiet), never a pop-up.
    expect(findServer(undefined, [mkdtempSync(join(tmpdir(), 'cdx-empty-'))], { trusted: true })).toMatchObject({
      missing: expect.stringContaining('npm install --save-dev @cdx/language-server'),
      quiet: true,
    });
  });
});
