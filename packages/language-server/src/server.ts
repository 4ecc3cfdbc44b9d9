import { basename, extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PayloadPosition } from 'cdx-lint';
import {
  CodeActionKind,
  DidChangeWatchedFilesNotification,
  TextDocumentSyncKind,
  TextDocuments,
  type CodeAction,
  type Connection,
  type InitializeResult,
} from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { FIX_ALL_KIND, fixAll, quickFixes, spanEdit } from './actions.js';
import { CODE_SYNTAX, completion, JSON_SYNTAX } from './completion.js';
import { lineDocuments } from './document.js';
import { hover } from './hover.js';
import { fixAllSpan, LintScheduler, type Linted } from './lint/scheduler.js';
import { SchemaStore } from './schemas/store.js';
import { Workspace } from './workspace.js';

/** Files cdx-lint reads: JSON, and TypeScript and JavaScript fixtures (payload literals in code). */
const LINTED = new Set(['.json', '.ts', '.mts', '.cts', '.tsx', '.js', '.mjs', '.cjs']);
/** A change to one of these may change the config of any file. */
const CONFIG_FILES = new Set(['cdx-lint.config.json', 'package.json']);

const pathOf = (uri: string): string | undefined => {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
};

/** The last URI asked for and its answer: a typist's edits all ask for the same document's. */
let lastLinted: { uri: string; path: string | undefined } | undefined;

/** The path of a document cdx-lint reads (by its extension), or undefined. */
const lintedPath = (uri: string): string | undefined => {
  if (lastLinted?.uri === uri) return lastLinted.path;
  const path = pathOf(uri);
  lastLinted = { uri, path: path !== undefined && LINTED.has(extname(path).toLowerCase()) ? path : undefined };
  return lastLinted.path;
};

/**
 * The cdx language server on a connection: diagnostics as documents change (cdx-lint's findings,
 * with the same config, reloaded when a config file changes), quick fixes and "fix all", hover and
 * completion from the detected kind's schema. Everything about payloads is cdx-lint's and
 * @cdx/validate's: this module only speaks LSP.
 */
export function startServer(connection: Connection): void {
  // Kept as lines: a keystroke costs the lines it touches, not a copy of the document.
  const documents = new TextDocuments<TextDocument>(lineDocuments);
  const workspace = new Workspace();
  let store: SchemaStore | undefined;
  const schemas = () => (store ??= new SchemaStore());
  let watchDynamically = false;
  let folderEvents = false;
  let versionedEdits = false;

  /** The last lint of each open document, while it is of the document's latest version. */
  const linted = new Map<string, Linted>();
  const scheduler = new LintScheduler(
    {
      current: (uri) => {
        const document = documents.get(uri);
        const path = lintedPath(uri);
        return document && path !== undefined ? { version: document.version, path, text: document.getText() } : undefined;
      },
    },
    {
      linted: (result) => {
        linted.set(result.uri, result);
        void connection.sendDiagnostics({ uri: result.uri, version: result.version, diagnostics: result.diagnostics });
      },
      trace: (message) => {
        connection.tracer.log(message);
      },
      warn: (message) => {
        connection.window.showWarningMessage(message);
      },
      error: (message) => {
        connection.console.error(message);
      },
    },
  );
  /**
   * Places in each open document's latest version, parsed once per version (on the first hover or
   * completion), and the linter's path; undefined for a document cdx-lint does not read.
   */
  const positions = new Map<string, { version: number; path: string; at: (offset: number) => PayloadPosition | undefined }>();
  const positionsOf = (document: TextDocument) => {
    const cached = positions.get(document.uri);
    if (cached?.version === document.version) return cached;
    const path = lintedPath(document.uri);
    const found = path === undefined ? undefined : workspace.linterFor(path);
    if (path === undefined || !found || 'error' in found || found.linter.isIgnored(path)) return undefined;
    connection.tracer.log(`positions ${document.uri} v${document.version}`);
    const entry = { version: document.version, path, at: found.linter.payloadPositions(document.getText(), path) };
    positions.set(document.uri, entry);
    return entry;
  };

  const setFolders = (paths: string[]) => {
    workspace.setFolders(paths);
    scheduler.setFolders(paths);
  };

  connection.onInitialize((params): InitializeResult => {
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- clients before LSP 3.6 send only rootUri
    const folders = params.workspaceFolders?.map((f) => f.uri) ?? (params.rootUri ? [params.rootUri] : []);
    setFolders(folders.flatMap((uri) => pathOf(uri) ?? []));
    const capabilities = params.capabilities.workspace;
    watchDynamically = capabilities?.didChangeWatchedFiles?.dynamicRegistration === true;
    // Asking a client that has no workspace folders for their changes is an error on its side.
    folderEvents = capabilities?.workspaceFolders === true;
    versionedEdits = capabilities?.workspaceEdit?.documentChanges === true;
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, FIX_ALL_KIND] },
        hoverProvider: true,
        completionProvider: { triggerCharacters: ['"', "'"] },
        workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
      },
      serverInfo: { name: 'cdx-language-server' },
    };
  });

  connection.onInitialized(() => {
    if (watchDynamically) {
      void connection.client.register(DidChangeWatchedFilesNotification.type, {
        watchers: [{ globPattern: '**/cdx-lint.config.json' }, { globPattern: '**/package.json' }],
      });
    }
    if (folderEvents) {
      connection.workspace.onDidChangeWorkspaceFolders(() => {
        void connection.workspace.getWorkspaceFolders().then((folders) => {
          setFolders((folders ?? []).flatMap((f) => pathOf(f.uri) ?? []));
          relintAll();
        });
      });
    }
  });

  const schedule = (uri: string) => {
    linted.delete(uri);
    if (lintedPath(uri) !== undefined) {
      scheduler.request(uri);
      return;
    }
    const document = documents.get(uri);
    void connection.sendDiagnostics({ uri, ...(document ? { version: document.version } : {}), diagnostics: [] });
  };
  const relintAll = () => {
    for (const document of documents.all()) schedule(document.uri);
  };
  const configChanged = () => {
    workspace.reload();
    scheduler.reload();
    positions.clear();
    relintAll();
  };

  documents.onDidChangeContent((event) => {
    positions.delete(event.document.uri);
    schedule(event.document.uri);
  });
  documents.onDidClose((event) => {
    const { uri } = event.document;
    linted.delete(uri);
    positions.delete(uri);
    scheduler.forget(uri);
    void connection.sendDiagnostics({ uri, diagnostics: [] });
  });
  documents.onDidSave((event) => {
    const path = pathOf(event.document.uri);
    if (path !== undefined && CONFIG_FILES.has(basename(path))) configChanged();
  });
  connection.onDidChangeWatchedFiles((params) => {
    if (params.changes.some((c) => CONFIG_FILES.has(basename(pathOf(c.uri) ?? '')))) configChanged();
  });
  connection.onShutdown(() => scheduler.stop());

  connection.onCodeAction(async (params) => {
    const document = documents.get(params.textDocument.uri);
    if (!document) return [];
    const only = params.context.only;
    const wants = (kind: string) => !only || only.some((k) => kind === k || kind.startsWith(`${k}.`));
    const edits = { versioned: versionedEdits };
    const actions: CodeAction[] = wants(CodeActionKind.QuickFix) ? quickFixes(document, params.context.diagnostics, edits) : [];
    const fixable = actions.some((a) => a.isPreferred);
    const fixAllKind = wants(FIX_ALL_KIND) ? FIX_ALL_KIND : fixable ? CodeActionKind.QuickFix : undefined;
    // "Fix all" is the last lint's, computed once per version on the lint thread.
    const last = linted.get(document.uri);
    if (fixAllKind && last?.version === document.version) {
      const span = await fixAllSpan(last, only !== undefined && wants(FIX_ALL_KIND));
      const action = span && documents.get(document.uri)?.version === last.version ? fixAll(document, spanEdit(document, span), fixAllKind, edits) : undefined;
      if (action) actions.push(action);
    }
    return actions;
  });

  connection.onHover((params) => {
    const document = documents.get(params.textDocument.uri);
    const found = document && positionsOf(document);
    const position = found?.at(document!.offsetAt(params.position));
    if (!position) return null;
    const range = position.range && { start: document!.positionAt(position.range[0]), end: document!.positionAt(position.range[1]) };
    return hover(schemas(), position, range) ?? null;
  });

  connection.onCompletion((params) => {
    const document = documents.get(params.textDocument.uri);
    const found = document && positionsOf(document);
    const position = found?.at(document!.offsetAt(params.position));
    if (!position) return [];
    const range = position.range && { start: document!.positionAt(position.range[0]), end: document!.positionAt(position.range[1]) };
    return completion(schemas(), position, extname(found!.path).toLowerCase() === '.json' ? JSON_SYNTAX : CODE_SYNTAX, range);
  });

  documents.listen(connection);
  connection.listen();
}
