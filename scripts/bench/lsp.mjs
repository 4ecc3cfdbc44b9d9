#!/usr/bin/env node
// The language server as an editor drives it, over stdio (needs `pnpm build`): a 2,000-line FHIR
// message bundle is opened, then edited 1,000 times, one character at a time, each edit waiting for
// its diagnostics. Prints the latency from a change to its diagnostics (target: within 50 ms) and the
// server's resident memory along the edits (target: steady), against the floor (JSON.parse of the
// text, and cdx-lint's lintText in this process) and what a user would run instead (the CLI on the
// saved file). Memory is measured twice: the server process's resident size, and, with the same
// server started in this process (`startServer` on in-memory streams), the heap after a full GC
// every 100 edits (run through `pnpm bench`, which passes --expose-gc). Not a test: numbers for
// docs/performance.md ("Language server").
import { spawn } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { example, ms, root, time } from './lib/in-process.mjs';
import { compare, median } from './lib/timing.mjs';

const EDITS = Number(process.env.CDX_BENCH_EDITS ?? 1000);
const fromServer = createRequire(join(root, 'packages/language-server/package.json'));
const rpc = fromServer('vscode-jsonrpc/node');
const lsp = fromServer('vscode-languageserver-protocol');
const { createLinter } = await import(join(root, 'packages/cdx-lint/dist/index.js'));

// A ChargeItemCreate bundle grown to 2,000 lines with more Practitioners, Organizations and Coverages.
const base = example('fhir-chargeitemcreate');
const extra = base.entry.slice(4);
const bundle = { ...base, entry: [...base.entry] };
for (let i = 0; JSON.stringify(bundle, null, 2).split('\n').length < 2000; i++) {
  const source = extra[i % extra.length];
  bundle.entry.push({ fullUrl: `urn:uuid:00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, resource: { ...source.resource, id: `${source.resource.id}-${i}` } });
}
const text = `${JSON.stringify(bundle, null, 2)}\n`;
const lines = text.split('\n').length - 1;
const dir = mkdtempSync(join(tmpdir(), 'cdx-bench-lsp-'));
const file = join(dir, 'bundle.json');
writeFileSync(file, text);
const uri = pathToFileURL(file).href;

// The edit: `"gender": "male"` ↔ `"gender": "mal"` in the Patient entry, a finding that comes and goes.
const at = text.indexOf('"gender": "male"') + '"gender": "mal'.length;
const before = text.slice(0, at).split('\n');
const position = { line: before.length - 1, character: before.at(-1).length };

/**
 * A client session on a server: open the bundle, then EDITS one-character edits, each waiting for
 * its diagnostics. Returns the open time, each edit's latency, and `sample()` every 100 edits.
 */
async function session(connection, sample) {
  const waiting = new Map();
  connection.onNotification(lsp.PublishDiagnosticsNotification.type, (p) => {
    waiting.get(p.version)?.(p.diagnostics);
    waiting.delete(p.version);
  });
  connection.listen();
  const published = (version) => new Promise((resolve) => waiting.set(version, resolve));
  await connection.sendRequest(lsp.InitializeRequest.type, { processId: process.pid, rootUri: pathToFileURL(dir).href, capabilities: {}, workspaceFolders: [{ uri: pathToFileURL(dir).href, name: 'bench' }] });
  await connection.sendNotification(lsp.InitializedNotification.type, {});
  let start = performance.now();
  const opened = published(1);
  await connection.sendNotification(lsp.DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'json', version: 1, text } });
  const first = await opened;
  const openMs = performance.now() - start;
  if (first.length !== 0) throw new Error(`the bundle is not clean: ${JSON.stringify(first.slice(0, 2))}`);
  const latencies = [];
  const samples = [];
  for (let version = 2; version <= EDITS + 1; version++) {
    const removing = version % 2 === 0; // even versions delete the `e` of "male", odd ones put it back
    const range = removing ? { start: { ...position }, end: { line: position.line, character: position.character + 1 } } : { start: position, end: position };
    const done = published(version);
    start = performance.now();
    await connection.sendNotification(lsp.DidChangeTextDocumentNotification.type, { textDocument: { uri, version }, contentChanges: [{ range, text: removing ? '' : 'e' }] });
    const diagnostics = await done;
    latencies.push(performance.now() - start);
    if (diagnostics.length !== (removing ? 1 : 0)) throw new Error(`edit ${version}: ${diagnostics.length} diagnostics`);
    if ((version - 1) % 100 === 0) samples.push([version - 1, sample()]);
  }
  await connection.sendRequest(lsp.ShutdownRequest.type);
  return { openMs, latencies, samples };
}

// 1. The built server in its own process, over stdio, as editors run it.
const server = spawn(process.execPath, [join(root, 'packages/language-server/dist/bin.js'), '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
/** Resident memory of the server process, from /proc (Linux). */
const rss = () => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))[1]) * 1024;
  } catch {
    return NaN;
  }
};
const stdio = rpc.createMessageConnection(new rpc.StreamMessageReader(server.stdout), new rpc.StreamMessageWriter(server.stdin));
const { openMs, latencies, samples: memory } = await session(stdio, rss);
await stdio.sendNotification(lsp.ExitNotification.type);
stdio.dispose();

// 2. The same server in this process, for its heap after a full GC.
const { startServer } = await import(join(root, 'packages/language-server/dist/index.js'));
const { createConnection } = fromServer('vscode-languageserver/node');
const [toServer, toClient] = [new PassThrough(), new PassThrough()];
startServer(createConnection(new rpc.StreamMessageReader(toServer), new rpc.StreamMessageWriter(toClient)));
const heap = () => {
  globalThis.gc?.();
  return process.memoryUsage().heapUsed;
};
const inProcess = rpc.createMessageConnection(new rpc.StreamMessageReader(toClient), new rpc.StreamMessageWriter(toServer));
const { samples: heaps } = await session(inProcess, heap);
inProcess.dispose();

// The floor, in this process: parsing the text, and cdx-lint linting it (what the server does per change).
const linter = createLinter({ cwd: dir });
const broken = text.replace('"gender": "male"', '"gender": "mal"');
const parseMs = time(() => JSON.parse(text), { runs: 31, batch: 5 });
const lintMs = time(() => linter.lintText(text, file), { runs: 31, batch: 5 });
const lintBrokenMs = time(() => linter.lintText(broken, file), { runs: 31, batch: 5 });
// What a user runs instead: the CLI on the saved file.
const [[, cliMs]] = compare([['cdx-lint', [join(root, 'packages/cdx-lint/dist/bin.js'), file]]], 9, dir);
rmSync(dir, { recursive: true, force: true });

// The first edit that breaks the bundle loads @cdx/validate's exact-path validators (the fast path
// proved the valid bundle clean without them): a one-time cost, reported apart.
const [firstBreak, ...steady] = latencies;
const sorted = [...steady].sort((a, b) => a - b);
const pct = (p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
console.log(`FHIR message bundle, ${lines.toLocaleString('en-US')} lines, ${bundle.entry.length} entries, ${text.length.toLocaleString('en-US')} B`);
console.log(`  open → diagnostics (first lint, validators loaded): ${ms(openMs)}`);
console.log(`  first change that makes a finding (loads the exact-path validators once): ${ms(firstBreak)}`);
console.log(`  change → diagnostics over the other ${steady.length} one-character edits: median ${ms(median(steady))}, p90 ${ms(pct(90))}, p99 ${ms(pct(99))}, max ${ms(sorted.at(-1))}; ${steady.filter((t) => t > 50).length} over 50 ms (target ≤ 50 ms)`);
console.log(`  floor in one process: JSON.parse ${ms(parseMs)}, cdx-lint lintText clean ${ms(lintMs)}, with the finding ${ms(lintBrokenMs)}`);
console.log(`  instead: cdx-lint <file> from the shell, cold ${ms(cliMs)} (median of 9)`);
const growth = (series) => {
  const bytes = series.at(-1)[1] - series[0][1];
  return `${bytes >= 0 ? '+' : ''}${mb(bytes)} from edit ${series[0][0]} to ${series.at(-1)[0]}`;
};
console.log(`  server process, resident memory after N edits: ${memory.map(([n, bytes]) => `${n}: ${mb(bytes)}`).join(', ')} (${growth(memory)})`);
if (globalThis.gc) {
  console.log(`  in-process server, heap after a full GC: ${heaps.map(([n, bytes]) => `${n}: ${mb(bytes)}`).join(', ')} (${growth(heaps)}; target: steady)`);
} else console.log('  (run through `pnpm bench lsp` for the heap after GC: it needs --expose-gc)');
process.exit(0); // the in-process server would keep listening
