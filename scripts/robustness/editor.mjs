// The language server under a fast typist and a huge document, over stdio as editors run it (needs
// `pnpm build`). A measurement, not a timed test: it prints what it measured and fails (exit 1) only
// when a bound docs/robustness.md promises is broken:
//   - 1,000 back-to-back edits of a 70 KB bundle: a hover sent after them answered in under 1 s, and
//     at most 8 lints for the 1,000 versions;
//   - a 12 MB bundle: a second hover, and code actions asked as a cursor move asks (not waiting for the
//     lint thread's "fix all"), answered in under 100 ms (the first hover of a version parses it once);
//   - a 3 MB bundle edited 100 times back to back: at most 6 lints (the time to the last version's
//     diagnostics is printed).
//
//   pnpm build && node scripts/robustness/editor.mjs
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { example } from './hostile.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const fromServer = createRequire(join(repo, 'packages/language-server/package.json'));
const rpc = fromServer('vscode-jsonrpc/node');
const lsp = fromServer('vscode-languageserver-protocol');

/** The ChargeItemCreate example with its Patient entry repeated `copies` times, the last one's birthDate misspelt. */
function bundleOf(copies) {
  const bundle = JSON.parse(example('fhir-chargeitemcreate'));
  const patient = bundle.entry[2];
  for (let i = 0; i < copies; i++) {
    const copy = structuredClone(patient);
    copy.fullUrl = `urn:uuid:5c0b2f2e-1f4e-4f5a-8b0e-${String(i).padStart(12, '0')}`;
    copy.resource.id = `copy${i}`;
    bundle.entry.push(copy);
  }
  const last = bundle.entry.at(-1).resource;
  last.birthdate = last.birthDate;
  delete last.birthDate;
  return `${JSON.stringify(bundle, null, 2)}\n`;
}

function positionOf(text, needle, delta = 0) {
  const before = text.slice(0, text.indexOf(needle) + delta).split('\n');
  return { line: before.length - 1, character: before.at(-1).length };
}

/** A server session: `open`, `edit` (not waiting), `request`, the lints it traced, `stop`. */
async function session(dir) {
  const server = spawn(process.execPath, [join(repo, 'packages/language-server/dist/bin.js'), '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const connection = rpc.createMessageConnection(new rpc.StreamMessageReader(server.stdout), new rpc.StreamMessageWriter(server.stdin));
  const waiting = new Map();
  const traces = [];
  connection.onNotification(lsp.PublishDiagnosticsNotification.type, (p) => {
    waiting.get(`${p.uri} ${p.version}`)?.(p.diagnostics);
  });
  connection.onNotification('$/logTrace', (p) => traces.push(p.message));
  connection.listen();
  const root = pathToFileURL(dir).href;
  await connection.sendRequest(lsp.InitializeRequest.type, {
    processId: process.pid,
    rootUri: root,
    trace: 'messages',
    capabilities: {},
    workspaceFolders: [{ uri: root, name: 'robustness' }],
  });
  await connection.sendNotification(lsp.InitializedNotification.type, {});
  const published = (uri, version) => new Promise((done) => waiting.set(`${uri} ${version}`, done));
  return {
    traces,
    lints: (uri) => traces.filter((t) => [`lint ${uri} `, `abandoned lint ${uri} `].some((start) => t.startsWith(start))).length,
    published,
    async open(file, text) {
      const uri = pathToFileURL(file).href;
      writeFileSync(file, text);
      const done = published(uri, 1);
      await connection.sendNotification(lsp.DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'json', version: 1, text } });
      return { uri, diagnostics: await done };
    },
    edit: (uri, version, position, text) =>
      connection.sendNotification(lsp.DidChangeTextDocumentNotification.type, {
        textDocument: { uri, version },
        contentChanges: [{ range: { start: position, end: position }, text }],
      }),
    request: (type, params) => connection.sendRequest(type, params),
    async stop() {
      await connection.sendRequest(lsp.ShutdownRequest.type);
      await connection.sendNotification(lsp.ExitNotification.type);
      connection.dispose();
    },
  };
}

const timed = async (fn) => {
  const start = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - start };
};

const failures = [];
const check = (ok, what) => {
  if (!ok) failures.push(what);
};
const dir = mkdtempSync(join(tmpdir(), 'cdx-robustness-editor-'));
const client = await session(dir);

// 1. A fast typist on 70 KB.
{
  const text = bundleOf(24);
  const { uri } = await client.open(join(dir, 'typist.json'), text);
  const lintsBefore = client.lints(uri);
  const at = positionOf(text, '"Bixby"', 6);
  const edits = [];
  for (let i = 0; i < 1000; i++) edits.push(client.edit(uri, i + 2, { line: at.line, character: at.character + i }, 'y'));
  const final = client.published(uri, 1001);
  await Promise.all(edits);
  const hover = await timed(() => client.request(lsp.HoverRequest.type, { textDocument: { uri }, position: positionOf(text, '"gender"', 2) }));
  const last = await timed(() => final);
  const lints = client.lints(uri) - lintsBefore;
  console.log(
    `70 KB, 1,000 back-to-back edits: hover after the last edit in ${hover.ms.toFixed(0)} ms; last diagnostics ${(hover.ms + last.ms).toFixed(0)} ms after it; ${lints} lints`,
  );
  check(hover.value !== null && hover.ms < 1000, `hover after 1,000 edits: ${hover.ms.toFixed(0)} ms (budget 1,000 ms)`);
  check(lints <= 8, `1,000 edits cost ${lints} lints (budget 8)`);
}

// 2. A 12 MB bundle: hover, completion and code actions from the version's parse and the last lint.
{
  const text = bundleOf(2600);
  const opened = await timed(() => client.open(join(dir, 'huge.json'), text));
  const { uri, diagnostics } = opened.value;
  const where = { textDocument: { uri }, position: positionOf(text, '"gender"', 2) };
  const first = await timed(() => client.request(lsp.HoverRequest.type, where));
  const second = await timed(() => client.request(lsp.HoverRequest.type, where));
  const completion = await timed(() => client.request(lsp.CompletionRequest.type, where));
  const drift = diagnostics.find((d) => d.code === 'spelling-drift');
  const action = await timed(() =>
    client.request(lsp.CodeActionRequest.type, { textDocument: { uri }, range: drift.range, context: { diagnostics: [drift] } }),
  );
  const again = await timed(() => client.request(lsp.CodeActionRequest.type, { textDocument: { uri }, range: drift.range, context: { diagnostics: [drift] } }));
  console.log(
    `${(text.length / 1e6).toFixed(1)} MB: diagnostics ${opened.ms.toFixed(0)} ms after open; hover ${first.ms.toFixed(0)} ms (parse), then ${second.ms.toFixed(0)} ms; completion ${completion.ms.toFixed(0)} ms; code actions ${action.ms.toFixed(0)} ms, then ${again.ms.toFixed(0)} ms`,
  );
  check(second.ms < 100, `second hover on 12 MB: ${second.ms.toFixed(0)} ms (budget 100 ms)`);
  check(action.ms < 100 && again.ms < 100, `code actions on 12 MB: ${action.ms.toFixed(0)} ms, then ${again.ms.toFixed(0)} ms (budget 100 ms)`);
}

// 3. A 3 MB bundle edited 100 times back to back.
{
  const text = bundleOf(650);
  const opened = await timed(() => client.open(join(dir, 'large.json'), text));
  const { uri } = opened.value;
  const at = positionOf(text, '"Bixby"', 6);
  const before = client.lints(uri);
  const final = client.published(uri, 101);
  const start = performance.now();
  for (let i = 0; i < 100; i++) void client.edit(uri, i + 2, { line: at.line, character: at.character + i }, 'y');
  await final;
  const ms = performance.now() - start;
  const lints = client.lints(uri) - before;
  console.log(
    `${(text.length / 1e6).toFixed(1)} MB (lint ${opened.ms.toFixed(0)} ms on open), 100 back-to-back edits: last diagnostics after ${ms.toFixed(0)} ms, ${lints} lints`,
  );
  check(lints <= 6, `100 edits of 3 MB cost ${lints} lints (budget 6)`);
}

await client.stop();
rmSync(dir, { recursive: true, force: true });
for (const failure of failures) console.error(`over budget: ${failure}`);
process.exit(failures.length > 0 ? 1 : 0);
