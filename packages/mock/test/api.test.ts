// The programmatic API: startMock's request log, recording into a directory cdx-lint lints, and deliver().
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { deliver, eventKind, startMock } from '../src/index.js';
import { CLIENT_ID, example, keyPair, postForm, postJson, tokenFor } from './support/client.js';

const CDX_LINT = fileURLToPath(new URL('../../cdx-lint/bin/cdx-lint.js', import.meta.url));
const MOCK_BIN = fileURLToPath(new URL('../bin/cdx-mock.js', import.meta.url));

describe('startMock', () => {
  it('logs each exchange with its kind and findings, keeping only the most recent', async () => {
    const key = keyPair();
    const mock = await startMock({ clients: { [CLIENT_ID]: key.jwks }, requestLogLimit: 3 });
    try {
      const token = await tokenFor(mock.url, key);
      const misspelt = example('patientadmin-patientmerge.json');
      misspelt.Patient.Demographics.FirstNmae = misspelt.Patient.Demographics.FirstName;
      delete misspelt.Patient.Demographics.FirstName;
      await postJson(`${mock.url}/endpoint`, misspelt, token);
      expect(mock.requests.at(-1)).toMatchObject({
        method: 'POST',
        path: '/endpoint',
        status: 202,
        kind: 'PatientAdmin/PatientMerge',
        findings: [expect.objectContaining({ ruleId: 'spelling-drift', pointer: '/Patient/Demographics/FirstNmae' })],
      });
      for (let i = 0; i < 4; i++) await postJson(`${mock.url}/endpoint`, example('provider-update.json'), token);
      expect(mock.requests.map((r) => r.seq)).toEqual([4, 5, 6]);
    } finally {
      await mock.close();
    }
  });
});

describe('--record', () => {
  it('writes each exchange as files that cdx-lint lints: the valid ones clean, the refused one with its finding', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cdx-mock-record-'));
    const key = keyPair();
    const mock = await startMock({ clients: { [CLIENT_ID]: key.jwks }, record: dir });
    const token = await tokenFor(mock.url, key);
    await postJson(`${mock.url}/endpoint`, example('patientadmin-patientmerge.json'), token);
    const misspelt = example('patientadmin-patientmerge.json');
    misspelt.Patient.PreviousIdentifierz = misspelt.Patient.PreviousIdentifiers;
    delete misspelt.Patient.PreviousIdentifiers;
    await postJson(`${mock.url}/endpoint`, misspelt, token);
    await postForm(`${mock.url}/Patient/_search`, 'family=Bixby', token);
    await mock.close();

    expect(readdirSync(dir).sort()).toEqual([
      '00001-v2-auth-token.request.json',
      '00001-v2-auth-token.response.json',
      '00002-endpoint.request.json',
      '00003-endpoint.request.json',
      '00004-Patient-_search.request.json',
      '00004-Patient-_search.response.json',
      'cdx-lint.config.json',
      'exchanges.jsonl',
    ]);
    expect(
      readFileSync(join(dir, 'exchanges.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).status),
    ).toEqual([200, 202, 400, 200]);

    const lint = spawnSync(process.execPath, [CDX_LINT, '--format', 'json', '-c', join(dir, 'cdx-lint.config.json'), dir], { encoding: 'utf8' });
    interface FileResult {
      filePath: string;
      kind: string;
      messages: { ruleId: string; severity: number }[];
    }
    const results = JSON.parse(lint.stdout) as FileResult[];
    const byFile: Record<string, FileResult> = Object.fromEntries(results.map((r) => [r.filePath.split('/').pop(), r]));
    expect(Object.keys(byFile).sort()).toEqual(
      readdirSync(dir)
        .filter((f) => f.endsWith('.json') && f !== 'cdx-lint.config.json')
        .sort(),
    );
    expect(byFile['00001-v2-auth-token.request.json']!.kind).toBe('auth/TokenRequest');
    expect(byFile['00004-Patient-_search.request.json']!.kind).toBe('fhir/Patient/_search');
    for (const [file, result] of Object.entries(byFile)) {
      if (file === '00003-endpoint.request.json') expect(result.messages.map((m) => m.ruleId)).toEqual(['spelling-drift']);
      else
        expect(
          result.messages.filter((m) => m.severity === 2),
          file,
        ).toEqual([]);
    }
  });
});

/** A webhook that answers 200 and keeps what it received. */
async function webhook(status = 200): Promise<{ url: string; received: { headers: IncomingMessage['headers']; body: unknown }[]; close: () => Promise<void> }> {
  const received: { headers: IncomingMessage['headers']; body: unknown }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      received.push({ headers: request.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ ok: status < 300 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: () =>
      new Promise((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}

describe('deliver', () => {
  it('knows events by kind id and by name', () => {
    expect(eventKind('PatientMerge')).toBe('PatientAdmin/PatientMerge');
    expect(eventKind('fhir/ResultCreated')).toBe('fhir/ResultCreated');
    expect(eventKind('resultcreated')).toBe('fhir/ResultCreated');
    expect(eventKind('NoSuchEvent')).toBeUndefined();
  });

  it('posts a valid notification and reports the answer', async () => {
    const hook = await webhook();
    try {
      const report = await deliver({ to: hook.url, event: 'ResultCreated', token: 'abc' });
      expect(report).toMatchObject({ kind: 'fhir/ResultCreated', status: 200, body: { ok: true } });
      expect(hook.received[0]!.headers['content-type']).toBe('application/fhir+json');
      expect(hook.received[0]!.headers.authorization).toBe('Bearer abc');
      expect(hook.received[0]!.body).toEqual(example('fhir-resultcreated.json'));
    } finally {
      await hook.close();
    }
  });

  it('cdx-mock deliver prints the report and exits 1 when the webhook refuses', async () => {
    const hook = await webhook(422);
    try {
      const run = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
        const child = spawnAsync([MOCK_BIN, 'deliver', '--to', hook.url, 'PatientAdmin/PatientMerge']);
        let stdout = '';
        child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
        child.on('exit', (code) => {
          resolve({ code, stdout });
        });
      });
      expect(run.code).toBe(1);
      expect(JSON.parse(run.stdout)).toMatchObject({ kind: 'PatientAdmin/PatientMerge', status: 422 });
      expect(hook.received[0]!.body).toEqual(example('patientadmin-patientmerge.json'));
    } finally {
      await hook.close();
    }
  });
});

function spawnAsync(args: string[]) {
  return spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
}
