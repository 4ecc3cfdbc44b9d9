// The cdx-mock executable's options: a config file (clients by JWKS file, cards), --api-key, --record, and usage errors.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CLIENT_ID, example, keyPair, postJson, tokenFor } from './support/client.js';

const BIN = fileURLToPath(new URL('../bin/cdx-mock.js', import.meta.url));
const CARD = { summary: 'From the config', indicator: 'info', source: { label: 'Config' } };

/** Runs cdx-mock until `use` is done with its URL. */
async function withMock(args: string[], use: (url: string) => Promise<void>): Promise<void> {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout }).once('line', resolve);
      child.once('exit', (code) => {
        reject(new Error(`cdx-mock exited with ${code}`));
      });
    });
    await use(url);
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

describe('cdx-mock options', () => {
  it('reads clients (as JWKS files, relative to the config), cards and API keys from --config and flags', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cdx-mock-cli-'));
    const key = keyPair();
    writeFileSync(join(dir, 'jwks.json'), JSON.stringify(key.jwks));
    writeFileSync(join(dir, 'mock.json'), JSON.stringify({ clients: { [CLIENT_ID]: 'jwks.json' }, cards: [CARD], record: 'recorded' }));
    await withMock(['--config', join(dir, 'mock.json'), '--api-key', 'legacy=s3cret'], async (url) => {
      const token = await tokenFor(url, key);
      const cards = await postJson(`${url}/cds-hooks/v1/sources/s/cds-services/x`, example('cds-hooks-order-sign.json'), token);
      expect(await cards.json()).toEqual({ cards: [CARD] });
      expect((await postJson(`${url}/auth/authenticate`, { apiKey: 'legacy', secret: 's3cret' })).status).toBe(200);
    });
    expect(existsSync(join(dir, 'recorded', 'exchanges.jsonl'))).toBe(true);
  });

  it('refuses a malformed --client or an unreadable JWKS file with exit 2 and the usage', () => {
    for (const args of [
      ['--client', 'no-equals-sign'],
      ['--client', 'id=/nonexistent/jwks.json'],
      ['--port', 'http'],
    ]) {
      const run = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8' });
      expect(run.status, args.join(' ')).toBe(2);
      expect(run.stderr).toMatch(/^cdx-mock: /);
      expect(run.stdout).toBe('');
    }
  });
});
