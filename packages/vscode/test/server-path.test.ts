// Where the extension may take a language server from: code it runs must be the user's choice or the
// opened folder's own, and nothing of a folder the user has not trusted.
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findServer, installedServer } from '../src/server-path.js';

const here = join(dirname(fileURLToPath(import.meta.url)), '..');
const repo = join(here, '../..');

/** `dir/node_modules/@cdx/language-server`, linked to this repository's server. */
function plantServer(dir: string): string {
  mkdirSync(join(dir, 'node_modules/@cdx'), { recursive: true });
  symlinkSync(join(repo, 'packages/language-server'), join(dir, 'node_modules/@cdx/language-server'));
  return join(repo, 'packages/language-server/bin/cdx-language-server.js');
}

describe('the server of a workspace folder', () => {
  it('is the one in the folder’s own node_modules, never one in a parent folder', () => {
    const parent = mkdtempSync(join(tmpdir(), 'cdx-vscode-parent-'));
    const project = join(parent, 'project');
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), '{}');
    plantServer(parent);
    expect(installedServer(project)).toBeUndefined();
    expect(findServer('', [project], { trusted: true })).toMatchObject({ missing: expect.stringContaining('not installed') });
  });

  it('is not run in a folder the user has not trusted (restricted mode); a path from the user’s settings still is', () => {
    const folder = mkdtempSync(join(tmpdir(), 'cdx-vscode-'));
    const bin = plantServer(folder);
    expect(findServer('', [folder], { trusted: true })).toEqual({ path: bin });
    expect(findServer('', [folder], { trusted: false })).toEqual({ missing: expect.stringContaining('restricted mode'), quiet: true });
    expect(findServer(bin, [folder], { trusted: false })).toEqual({ path: bin });
  });
});

describe('the manifest', () => {
  const manifest = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8'));

  it('declares limited support for untrusted workspaces, restricting cdx.server.path', () => {
    expect(manifest.capabilities.untrustedWorkspaces).toMatchObject({ supported: 'limited', restrictedConfigurations: ['cdx.server.path'] });
    expect(manifest.capabilities.untrustedWorkspaces.description).toMatch(/restricted mode/i);
  });

  it('takes cdx.server.path from the user’s (machine) settings only, never from a workspace’s', () => {
    expect(manifest.contributes.configuration.properties['cdx.server.path'].scope).toBe('machine');
  });
});
