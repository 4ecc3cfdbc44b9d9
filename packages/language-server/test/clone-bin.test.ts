// In a clone of the repository, after the README's set-up, `cdx-language-server` is where an editor's
// config for a project looks for it (node_modules/.bin), as in a project that installed it: the root
// depends on the workspace's package. docs/editors.md gives Neovim 0.7's form too (Debian 12's).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = join(dirname(fileURLToPath(import.meta.url)), '../../..');

describe('cdx-language-server in a clone', () => {
  it('is in the root node_modules/.bin and runs; its bin file is committed, so installing links it before a build', () => {
    const server = JSON.parse(readFileSync(join(repo, 'packages/language-server/package.json'), 'utf8')) as { bin: Record<string, string> };
    expect(server.bin['cdx-language-server']).toBe('./bin/cdx-language-server.js');
    const manifest = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
    expect(manifest.devDependencies['@cdx/language-server']).toBe('workspace:*');
    const run = spawnSync(join(repo, 'node_modules/.bin/cdx-language-server'), ['--version'], { encoding: 'utf8' });
    const { version } = JSON.parse(readFileSync(join(repo, 'packages/language-server/package.json'), 'utf8')) as { version: string };
    expect([run.status, run.stdout.trim()]).toEqual([0, version]);
  });

  it("docs/editors.md covers Neovim 0.7 (vim.lsp.start_client), not only 0.10's vim.lsp.start and 0.11's vim.lsp.config", () => {
    const editors = readFileSync(join(repo, 'docs/editors.md'), 'utf8');
    for (const api of ['vim.lsp.config', 'vim.lsp.start(', 'vim.lsp.start_client(', 'vim.lsp.buf_attach_client(']) expect(editors).toContain(api);
  });
});
