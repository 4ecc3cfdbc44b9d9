#!/usr/bin/env node
// cdx-mock under load, on 127.0.0.1 only: the mock runs in its own process (one core: Node's one thread)
// and autocannon drives it from this one with validated PatientMerge round trips (POST /endpoint, bearer
// token, validate(), 202). Bounded phases: one request at a time (the round trip's own cost), latency at a fixed 200 requests/s, the most it sustains,
// and its resident memory over 100,000 requests. Not a test: prints numbers for docs/performance.md
// ("cdx-mock"). Needs a build first (`pnpm build`).
import { spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { buildClientAssertion } from '../../packages/validate/dist/auth/index.js';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const CLIENT = 'bench-client';
const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-384' });
const dir = mkdtempSync(join(tmpdir(), 'cdx-mock-bench-'));
writeFileSync(join(dir, 'jwks.json'), JSON.stringify({ keys: [{ ...publicKey.export({ format: 'jwk' }), kid: 'k1', alg: 'ES384' }] }));

const mock = spawn(process.execPath, [join(repo, 'packages/mock/bin/cdx-mock.js'), '--port', '0', '--client', `${CLIENT}=${join(dir, 'jwks.json')}`], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const url = await new Promise((resolve) => createInterface({ input: mock.stdout }).once('line', resolve));
if (!url.startsWith('http://127.0.0.1:')) throw new Error(`the mock must listen on 127.0.0.1, not ${url}`);

const { form } = await buildClientAssertion({ clientId: CLIENT, tokenUrl: `${url}/v2/auth/token`, privateKey, kid: 'k1', alg: 'ES384' });
const tokenResponse = await fetch(`${url}/v2/auth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form) });
const { access_token: token } = await tokenResponse.json();
const body = readFileSync(join(repo, 'schemas/examples/valid/patientadmin-patientmerge.json'), 'utf8');
const request = { url: `${url}/endpoint`, method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body };

/** The mock's resident set size in MB (Linux /proc; undefined elsewhere). */
function rssMb() {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${mock.pid}/status`, 'utf8'))?.[1]);
    return Math.round(kb / 102.4) / 10;
  } catch {
    return undefined;
  }
}

function run(options) {
  return new Promise((resolve, reject) => {
    autocannon({ ...request, ...options }, (error, result) => {
      if (error) reject(error instanceof Error ? error : new Error(String(error)));
      else resolve(result);
    });
  });
}

function check(result, phase) {
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${phase}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
}

try {
  await run({ connections: 10, duration: 3 }); // warm-up: validators loaded, JIT settled
  const sequential = await run({ connections: 1, amount: 2_000 });
  check(sequential, 'sequential');
  console.log(`one connection, 2,000 requests one after another: p50 ${sequential.latency.p50} ms, p99 ${sequential.latency.p99} ms`);

  const paced = await run({ connections: 10, overallRate: 200, duration: 15 });
  check(paced, 'paced');
  console.log(`200 req/s for 15 s: p50 ${paced.latency.p50} ms, p90 ${paced.latency.p90} ms, p99 ${paced.latency.p99} ms, max ${paced.latency.max} ms (${paced.requests.total} requests)`);

  const flat = await run({ connections: 20, duration: 15 });
  check(flat, 'throughput');
  console.log(`throughput, 20 connections, 15 s: ${Math.round(flat.requests.average)} req/s average, p99 ${flat.latency.p99} ms`);

  const before = rssMb();
  const samples = [];
  for (let i = 0; i < 5; i++) {
    const many = await run({ connections: 20, amount: 20_000 });
    check(many, 'memory');
    samples.push(rssMb());
  }
  console.log(`RSS over 100,000 requests (after each 20,000): ${before} MB → ${samples.join(', ')} MB`);
} finally {
  mock.kill('SIGTERM');
}
