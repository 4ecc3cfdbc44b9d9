// No input crashes the mock: arbitrary requests (methods, paths, content types, bodies, with and without a
// token) are answered with a status below 500, and raw bytes on a socket leave it serving. Run count and seed
// as in the other packages' property tests: CDX_FUZZ_RUNS (default 300), CDX_FUZZ_SEED (fixed, so a failure replays).
import { connect } from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { example, postJson } from './support/client.js';
import { useMock } from './support/mock.js';

const RUNS = Number(process.env.CDX_FUZZ_RUNS ?? 300);
const SEED = Number(process.env.CDX_FUZZ_SEED ?? 20260301);
/** A vitest timeout that grows with the run count, never under 30 s. */
const TIMEOUT = Math.max(30_000, RUNS * 50);
const running = useMock({ requestLogLimit: 50 });

const PATHS = [
  '/v2/auth/token',
  '/auth/authenticate',
  '/auth/refreshToken',
  '/endpoint',
  '/Patient/_search',
  '/fhir/R4/a/b/Goal/_search',
  '/fhir/R4/a/b/ChargeItem/$charge-item-create',
  '/Claim/$attach',
  '/MedicationRequest',
  '/cds-hooks/v1/sources/s/cds-services/x',
  '/%E0%A4%A',
  '/fhir/R4/%2F/x/Patient/_search',
];
const EXAMPLES = ['patientadmin-patientmerge.json', 'fhir-chargeitemcreate.json', 'cds-hooks-order-sign.json', 'fhir-medicationrequest.json'].map(example);

/** A valid example with one member replaced by an arbitrary value (or removed): near-valid input reaches the deep checks. */
const mutated = fc
  .record({ base: fc.constantFrom(...EXAMPLES), at: fc.nat(), value: fc.oneof(fc.jsonValue(), fc.constant(undefined)) })
  .map(({ base, at, value }) => {
    const copy = structuredClone(base) as Record<string, unknown>;
    const objects: Record<string, unknown>[] = [];
    const walk = (node: unknown) => {
      if (typeof node !== 'object' || node === null) return;
      objects.push(node as Record<string, unknown>);
      for (const child of Object.values(node)) walk(child);
    };
    walk(copy);
    const target = objects[at % objects.length]!;
    const names = Object.keys(target);
    const name = names.length === 0 ? '__proto__' : names[at % names.length]!;
    if (value === undefined) delete target[name];
    else target[name] = value;
    return JSON.stringify(copy);
  });

const body = fc.oneof(
  mutated,
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.string(),
  fc
    .array(fc.tuple(fc.constantFrom('grant_type', 'client_assertion', 'family', 'patient', 'birthdate', '__proto__', '_revinclude'), fc.string()))
    .map((pairs) => new URLSearchParams(pairs).toString()),
);

describe('fuzzing', () => {
  it(
    'answers every request with a status below 500',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('POST', 'POST', 'POST', 'GET', 'PUT', 'DELETE'),
          fc.oneof(
            fc.constantFrom(...PATHS),
            fc.string().map((s) => `/${encodeURIComponent(s)}`),
          ),
          fc.constantFrom('application/json', 'application/fhir+json', 'application/x-www-form-urlencoded', 'text/plain', undefined),
          body,
          fc.boolean(),
          async (method, path, type, text, withToken) => {
            const headers: Record<string, string> = {};
            if (type !== undefined) headers['content-type'] = type;
            if (withToken) headers.authorization = `Bearer ${running.token}`;
            const response = await fetch(`${running.url}${path}`, { method, headers, ...(method === 'GET' ? {} : { body: text }) });
            await response.arrayBuffer();
            expect(response.status).toBeLessThan(500);
          },
        ),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      expect((await postJson(`${running.url}/endpoint`, example('provider-update.json'), running.token)).status).toBe(202);
    },
    TIMEOUT,
  );

  it('keeps serving after arbitrary bytes on a socket', async () => {
    const { port } = new URL(running.url);
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 400 }), async (bytes) => {
        await new Promise<void>((resolve) => {
          const socket = connect(Number(port), '127.0.0.1', () => {
            socket.end(bytes);
          });
          socket.on('error', () => {});
          socket.on('close', () => {
            resolve();
          });
          socket.resume();
        });
      }),
      { numRuns: Math.min(RUNS, 100), seed: SEED + 1, endOnFailure: true },
    );
    expect((await postJson(`${running.url}/endpoint`, example('provider-update.json'), running.token)).status).toBe(202);
  });
});
