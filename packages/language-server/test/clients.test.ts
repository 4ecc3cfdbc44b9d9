// Clients with fewer capabilities than VS Code: the server asks only for what a client supports.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { Client } from './support/client.js';

const repo = join(dirname(fileURLToPath(import.meta.url)), '../../..');

it('a client without workspace folders (rootUri only) gets diagnostics and no error in its log', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cdx-lsp-root-'));
  const client = new Client({ cwd: dir });
  try {
    await client.initialize(dir, { workspaceFolders: false });
    const file = join(dir, 'merge.json');
    const text = readFileSync(join(repo, 'packages/cdx-lint/test/fixtures/e2e/three-findings.json'), 'utf8');
    writeFileSync(file, text);
    expect((await client.open(file, text)).map((d) => d.code)).toEqual(['schema', 'spelling-drift', 'unknown-field']);
    expect(client.errors).toEqual([]);
  } finally {
    expect(await client.stop()).toBe(0);
    expect(client.stderr).toBe('');
    rmSync(dir, { recursive: true, force: true });
  }
});
