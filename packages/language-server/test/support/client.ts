// An LSP client for tests: starts the built server (`dist/bin.js --stdio`) in its own process and
// speaks to it with vscode-languageserver-protocol, as an editor would.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';
import {
  CodeActionRequest,
  CompletionRequest,
  DidChangeTextDocumentNotification,
  DidChangeWatchedFilesNotification,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
  ExitNotification,
  FileChangeType,
  HoverRequest,
  InitializedNotification,
  InitializeRequest,
  LogMessageNotification,
  MessageType,
  PublishDiagnosticsNotification,
  RegistrationRequest,
  ShutdownRequest,
  type CodeAction,
  type CompletionItem,
  type Diagnostic,
  type Hover,
  type Position,
  type PublishDiagnosticsParams,
  type TextEdit,
} from 'vscode-languageserver-protocol';

export const BIN = join(dirname(fileURLToPath(import.meta.url)), '../../dist/bin.js');

export const uriOf = (path: string) => pathToFileURL(path).href;

/** A position (line, character) of the first occurrence of `needle` in `text`, plus `delta` characters. */
export function positionOf(text: string, needle: string, delta = 0): Position {
  const at = text.indexOf(needle);
  if (at < 0) throw new Error(`${needle} is not in the text`);
  const before = text.slice(0, at + delta).split('\n');
  return { line: before.length - 1, character: before.at(-1)!.length };
}

/** Applies LSP text edits to a text (from the end, so earlier offsets hold). */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const lines = text.split('\n');
  const offset = (p: Position) => lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
  return [...edits]
    .sort((a, b) => offset(b.range.start) - offset(a.range.start))
    .reduce((out, e) => out.slice(0, offset(e.range.start)) + e.newText + out.slice(offset(e.range.end)), text);
}

export class Client {
  readonly process: ChildProcess;
  readonly connection: MessageConnection;
  readonly registrations: unknown[] = [];
  /** `$/logTrace` messages (with `trace` set in initialize). */
  readonly traces: string[] = [];
  /** `window/logMessage` errors. */
  readonly errors: string[] = [];
  /** Every diagnostics notification received, in order. */
  readonly published: PublishDiagnosticsParams[] = [];
  readonly #diagnostics: PublishDiagnosticsParams[] = [];
  readonly #waiting: { test: (p: PublishDiagnosticsParams) => boolean; resolve: (p: PublishDiagnosticsParams) => void }[] = [];
  stderr = '';
  #versions = new Map<string, number>();

  constructor(options: { cwd?: string } = {}) {
    if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run \`pnpm build\` first.`);
    this.process = spawn(process.execPath, [BIN, '--stdio'], { cwd: options.cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    this.process.stderr!.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    this.connection = createMessageConnection(new StreamMessageReader(this.process.stdout!), new StreamMessageWriter(this.process.stdin!));
    this.connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
      this.#diagnostics.push(params);
      this.published.push(params);
      for (const w of [...this.#waiting]) {
        if (w.test(params)) {
          this.#waiting.splice(this.#waiting.indexOf(w), 1);
          w.resolve(params);
        }
      }
    });
    this.connection.onRequest(RegistrationRequest.type, (params) => {
      this.registrations.push(...params.registrations);
    });
    this.connection.onNotification('$/logTrace', (params: { message: string }) => {
      this.traces.push(params.message);
    });
    this.connection.onNotification(LogMessageNotification.type, (params) => {
      if (params.type === MessageType.Error) this.errors.push(params.message);
    });
    this.connection.listen();
  }

  /**
   * `trace`: the server's trace level. `workspaceFolders: false`: a client that does not support
   * workspace folders (it sends `rootUri` only).
   */
  async initialize(folder: string, options: { trace?: 'off' | 'messages' | 'verbose'; workspaceFolders?: boolean } = {}): Promise<void> {
    const folders = options.workspaceFolders !== false;
    await this.connection.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- required by the protocol's type; null: folders are given
      rootUri: folders ? null : uriOf(folder),
      ...(folders ? { workspaceFolders: [{ uri: uriOf(folder), name: 'fixtures' }] } : {}),
      ...(options.trace ? { trace: options.trace } : {}),
      capabilities: {
        workspace: { didChangeWatchedFiles: { dynamicRegistration: true }, ...(folders ? { workspaceFolders: true } : {}) },
        textDocument: {
          publishDiagnostics: { versionSupport: true },
          codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'source.fixAll'] } } },
        },
      },
    });
    await this.connection.sendNotification(InitializedNotification.type, {});
  }

  /** The next diagnostics for `uri` (at `version`, when given; `null`: those sent without a version, as on close). */
  diagnostics(uri: string, version?: number | null): Promise<Diagnostic[]> {
    const test = (p: PublishDiagnosticsParams) =>
      p.uri === uri && (version === undefined || (version === null ? p.version === undefined : p.version === version));
    return new Promise<PublishDiagnosticsParams>((resolve) => this.#waiting.push({ test, resolve })).then((p) => p.diagnostics);
  }

  async open(path: string, text: string, languageId = path.endsWith('.json') ? 'json' : 'typescript'): Promise<Diagnostic[]> {
    const uri = uriOf(path);
    this.#versions.set(uri, 1);
    const published = this.diagnostics(uri, 1);
    await this.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId, version: 1, text } });
    return published;
  }

  /** Replaces the whole text (a full-document change) and returns the diagnostics of the new version. */
  async change(path: string, text: string): Promise<Diagnostic[]> {
    const uri = uriOf(path);
    const version = (this.#versions.get(uri) ?? 1) + 1;
    this.#versions.set(uri, version);
    const published = this.diagnostics(uri, version);
    await this.connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version }, contentChanges: [{ text }] });
    return published;
  }

  /** An incremental change: `edits` applied as the editor sends them. */
  async edit(path: string, edits: readonly TextEdit[]): Promise<Diagnostic[]> {
    const uri = uriOf(path);
    const published = this.diagnostics(uri, (this.#versions.get(uri) ?? 1) + 1);
    await this.send(path, edits);
    return published;
  }

  /** Sends an incremental change without waiting for its diagnostics (a typist's keystroke); returns its version. */
  async send(path: string, edits: readonly TextEdit[]): Promise<number> {
    const uri = uriOf(path);
    const version = (this.#versions.get(uri) ?? 1) + 1;
    this.#versions.set(uri, version);
    await this.connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version },
      contentChanges: edits.map((e) => ({ range: e.range, text: e.newText })),
    });
    return version;
  }

  async close(path: string): Promise<Diagnostic[]> {
    const uri = uriOf(path);
    const published = this.diagnostics(uri, null);
    await this.connection.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri } });
    return published;
  }

  codeActions(path: string, diagnostics: Diagnostic[], only?: string[]): Promise<CodeAction[]> {
    const range = diagnostics[0]?.range ?? { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    return this.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri: uriOf(path) },
      range,
      context: { diagnostics, ...(only ? { only } : {}) },
    }) as Promise<CodeAction[]>;
  }

  hover(path: string, position: Position): Promise<Hover | null> {
    return this.connection.sendRequest(HoverRequest.type, { textDocument: { uri: uriOf(path) }, position });
  }

  async completion(path: string, position: Position): Promise<CompletionItem[]> {
    const result = await this.connection.sendRequest(CompletionRequest.type, { textDocument: { uri: uriOf(path) }, position });
    return Array.isArray(result) ? result : (result?.items ?? []);
  }

  async watchedFileChanged(path: string): Promise<void> {
    await this.connection.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri: uriOf(path), type: FileChangeType.Changed }] });
  }

  async stop(): Promise<number | null> {
    const exited = new Promise<number | null>((resolve) =>
      this.process.once('exit', (code) => {
        resolve(code);
      }),
    );
    await this.connection.sendRequest(ShutdownRequest.type);
    await this.connection.sendNotification(ExitNotification.type);
    const code = await exited;
    this.connection.dispose();
    return code;
  }
}
