// The mock as a server: body limit, malformed JSON, slow clients, deep nesting, and a bounded log.
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startMock } from '../src/index.js';
import { CLIENT_ID, example, keyPair, postJson, tokenFor } from './support/client.js';
import { useMock } from './support/mock.js';

const running = useMock({ requestLogLimit: 5 });

/** A Claim/$attach bundle whose attachment holds `bytes` characters of base64. */
function attachment(bytes: number) {
  const bundle = example('fhir-claimattach.json');
  const doc = bundle.entry.find((e: any) => e.resource.resourceType === 'DocumentReference').resource;
  doc.content[0].attachment.data = 'QUJD'.repeat(Math.floor(bytes / 4));
  delete doc.content[0].attachment.url;
  return bundle;
}

describe('body size', () => {
  it('accepts a Claim/$attach with an attachment just under 7 MB of base64', async () => {
    const response = await postJson(`${running.url}/Claim/$attach`, attachment(7_000_000 - 4), running.token, 'application/fhir+json');
    expect(response.status).toBe(204);
  });

  it('answers 413 to a body above the limit', async () => {
    const response = await postJson(`${running.url}/Claim/$attach`, attachment(9 * 1024 * 1024), running.token, 'application/fhir+json');
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ resourceType: 'OperationOutcome', issue: [expect.objectContaining({ code: 'too-long' })] });
  });

  it('answers 413 to a body that streams past the limit without a Content-Length', async () => {
    const key = keyPair();
    const mock = await startMock({ clients: { [CLIENT_ID]: key.jwks }, bodyLimit: 1000 });
    try {
      const token = await tokenFor(mock.url, key);
      const chunks = new ReadableStream({
        start(controller) {
          for (let i = 0; i < 10; i++) controller.enqueue(new TextEncoder().encode(' '.repeat(500)));
          controller.close();
        },
      });
      const response = await fetch(`${mock.url}/endpoint`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: chunks,
        duplex: 'half',
      });
      expect(response.status).toBe(413);
    } finally {
      await mock.close();
    }
  });
});

describe('malformed JSON', () => {
  it('answers 400 with the line and column of the first error', async () => {
    const response = await postJson(`${running.url}/endpoint`, '{\n  "Meta": {\n    "DataModel": "PatientAdmin",\n  }\n}', running.token);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'malformed-json', line: 4, column: 3 });
  });

  it('answers a FHIR operation with an OperationOutcome that says where', async () => {
    const response = await postJson(`${running.url}/MedicationRequest`, '{"resourceType": "MedicationRequest",', running.token, 'application/fhir+json');
    expect(response.status).toBe(400);
    const outcome = (await response.json()) as { issue: { diagnostics: string }[] };
    expect(outcome.issue[0]!.diagnostics).toMatch(/line 1, column 38/);
  });

  it('answers a deeply nested body with 400, not a crash', async () => {
    const deep = `{"Meta":${'['.repeat(200_000)}${']'.repeat(200_000)}}`;
    const response = await postJson(`${running.url}/endpoint`, deep, running.token);
    expect(response.status).toBe(400);
    expect((await postJson(`${running.url}/endpoint`, example('provider-update.json'), running.token)).status).toBe(202);
  });
});

/**
 * What a mock with short timeouts answers a client that writes `request` on a raw socket and then
 * stops sending: everything it receives until it closes the connection.
 */
async function answerToStalledClient(request: string): Promise<string> {
  const mock = await startMock({ headersTimeoutMs: 200, requestTimeoutMs: 400 });
  try {
    const { port } = new URL(mock.url);
    return await new Promise<string>((resolve) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write(request));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => {
        resolve(text);
      });
    });
  } finally {
    await mock.close();
  }
}

describe('slow clients', () => {
  it('answers 408 and closes a connection whose headers do not arrive in time', async () => {
    expect(await answerToStalledClient('POST /endpoint HTTP/1.1\r\nHost: x\r\n')).toMatch(/^HTTP\/1\.1 408/);
  });

  it('answers 408 to a body that stops before its Content-Length', async () => {
    const request = 'POST /v2/auth/token HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\ngrant_type=';
    expect(await answerToStalledClient(request)).toMatch(/^HTTP\/1\.1 408/);
  });
});

describe('the request log', () => {
  it('holds at most requestLogLimit exchanges', async () => {
    for (let i = 0; i < 12; i++) await postJson(`${running.url}/endpoint`, example('provider-update.json'), running.token);
    expect(running.mock.requests.length).toBe(5);
  });
});
