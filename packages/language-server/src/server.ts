import { basename, extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { allRules, MissingTypescriptError, type Linter, type LintResult, type RuleInfo } from 'cdx-lint';
import {
  CodeActionKind,
  DiagnosticSeverity,
  DidChangeWatchedFilesNotification,
  TextDocumentSyncKind,
  TextDocuments,
  type CodeAction,
  type Connection,
  type Diagnostic,
  type InitializeResult,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { FIX_ALL_KIND, fixAll, quickFixes } from './actions.js';
import { CODE_SYNTAX, completion, JSON_SYNTAX } from './completion.js';
import { toDiagnostics } from './diagnostics.js';
import { hover } from './hover.js';
import { SchemaStore } from './schemas/store.js';
import { Workspace } from './workspace.js';

/** Files cdx-lint reads: JSON, and TypeScript and JavaScript fixtures (payload literals in code). */
const LINTED = new Set(['.json', '.ts', '.mts', '.cts', '.tsx', '.js', '.mjs', '.cjs']);
/** A change to one of these may change the config of any file. */
const CONFIG_FILES = new Set(['cdx-lint.config.json', 'package.json']);

/**
 * Without a config, a JSON file is reported on only when it is a payload: of a kind cdx-lint could
 * tell, or marked as one (a `Meta` or `resourceType` member) even if no kind fits.
 */
const isPayload = (result: LintResult, text: string) => result.kind !== null || /"(?:Meta|resourceType)"\s*:/.test(text);

const pathOf = (uri: string): string | undefined => {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
};

/**
 * The cdx language server on a connection: diagnostics as documents change (cdx-lint's findings,
 * with the same config, reloaded when a config file changes), quick fixes and "fix all", hover and
 * completion from the detected kind's schema. Everything about payloads is cdx-lint's and
 * @cdx/validate's: this module only speaks LSP.
 */
export function startServer(connection: Connection): void {
  const documents = new TextDocuments(TextDocument);
  const workspace = new Workspace();
  const rules = new Map<string, RuleInfo>(allRules().map((r) => [r.id, r]));
  let store: SchemaStore | undefined;
  const schemas = () => (store ??= new SchemaStore());
  let watchDynamically = false;
  let warnedTypescript = false;

  connection.onInitialize((params): InitializeResult => {
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- clients before LSP 3.6 send only rootUri
    const folders = params.workspaceFolders?.map((f) => f.uri) ?? (params.rootUri ? [params.rootUri] : []);
    workspace.setFolders(folders.flatMap((uri) => pathOf(uri) ?? []));
    watchDynamically = params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
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
    connection.workspace.onDidChangeWorkspaceFolders(() => {
      void connection.workspace.getWorkspaceFolders().then((folders) => {
        workspace.setFolders((folders ?? []).flatMap((f) => pathOf(f.uri) ?? []));
        relintAll();
      });
    });
  });

  /** The linter and path of a document cdx-lint reads, or why not. */
  const context = (uri: string): { path: string; linter: Linter } | { path: string; error: string } | undefined => {
    const path = pathOf(uri);
    if (path === undefined || !LINTED.has(extname(path).toLowerCase())) return undefined;
    const found = workspace.linterFor(path);
    return 'error' in found ? { path, error: found.error } : { path, linter: found.linter };
  };

  const lint = (document: TextDocument): LintResult | undefined | { error: string } => {
    const found = context(document.uri);
    if (!found) return undefined;
    if ('error' in found) return { error: found.error };
    const { path, linter } = found;
    if (linter.isIgnored(path)) return undefined;
    const text = document.getText();
    try {
      const result = linter.lintText(text, path);
      if (extname(path).toLowerCase() === '.json' && linter.configPath === undefined && !isPayload(result, text)) return undefined;
      return result;
    } catch (error) {
      if (!(error instanceof MissingTypescriptError)) throw error;
      if (!warnedTypescript) connection.window.showWarningMessage(`cdx: ${error.message}`);
      warnedTypescript = true;
      return undefined;
    }
  };

  const publish = (document: TextDocument) => {
    let diagnostics: Diagnostic[] = [];
    try {
      const outcome = lint(document);
      if (outcome && 'error' in outcome) {
        diagnostics = [
          {
            range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
            severity: DiagnosticSeverity.Error,
            source: 'cdx-lint',
            code: 'config',
            message: outcome.error,
          },
        ];
      } else if (outcome) diagnostics = toDiagnostics(outcome, document.getText(), rules);
    } catch (error) {
      connection.console.error(`cdx-lint failed on ${document.uri}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    }
    void connection.sendDiagnostics({ uri: document.uri, version: document.version, diagnostics });
  };

  // Changes arrive faster than a large bundle lints: lint each document once per turn of the event
  // loop, at its latest version.
  const pending = new Set<string>();
  let scheduled = false;
  const schedule = (uri: string) => {
    pending.add(uri);
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      const uris = [...pending];
      pending.clear();
      for (const u of uris) {
        const document = documents.get(u);
        if (document) publish(document);
      }
    });
  };
  const relintAll = () => {
    for (const document of documents.all()) schedule(document.uri);
  };
  const configChanged = () => {
    workspace.reload();
    relintAll();
  };

  documents.onDidChangeContent((event) => {
    schedule(event.document.uri);
  });
  documents.onDidClose((event) => {
    pending.delete(event.document.uri);
    void connection.sendDiagnostics({ uri: event.document.uri, diagnostics: [] });
  });
  documents.onDidSave((event) => {
    const path = pathOf(event.document.uri);
    if (path !== undefined && CONFIG_FILES.has(basename(path))) configChanged();
  });
  connection.onDidChangeWatchedFiles((params) => {
    if (params.changes.some((c) => CONFIG_FILES.has(basename(pathOf(c.uri) ?? '')))) configChanged();
  });

  connection.onCodeAction((params) => {
    const document = documents.get(params.textDocument.uri);
    if (!document) return [];
    const only = params.context.only;
    const wants = (kind: string) => !only || only.some((k) => kind === k || kind.startsWith(`${k}.`));
    const actions: CodeAction[] = wants(CodeActionKind.QuickFix) ? quickFixes(document, params.context.diagnostics) : [];
    const fixable = actions.some((a) => a.isPreferred);
    const fixAllKind = wants(FIX_ALL_KIND) ? FIX_ALL_KIND : fixable ? CodeActionKind.QuickFix : undefined;
    const found = fixAllKind && context(document.uri);
    if (fixAllKind && found && 'linter' in found && !found.linter.isIgnored(found.path)) {
      const action = fixAll(document, found.linter.lintText(document.getText(), found.path, { fix: 'dry-run' }).output, fixAllKind);
      if (action) actions.push(action);
    }
    return actions;
  });

  connection.onHover((params) => {
    const document = documents.get(params.textDocument.uri);
    const found = document && context(document.uri);
    if (!document || !found || !('linter' in found) || found.linter.isIgnored(found.path)) return null;
    const position = found.linter.payloadAt(document.getText(), found.path, document.offsetAt(params.position));
    if (!position) return null;
    const range = position.range && { start: document.positionAt(position.range[0]), end: document.positionAt(position.range[1]) };
    return hover(schemas(), position, range) ?? null;
  });

  connection.onCompletion((params) => {
    const document = documents.get(params.textDocument.uri);
    const found = document && context(document.uri);
    if (!document || !found || !('linter' in found) || found.linter.isIgnored(found.path)) return [];
    const position = found.linter.payloadAt(document.getText(), found.path, document.offsetAt(params.position));
    if (!position) return [];
    const range = position.range && { start: document.positionAt(position.range[0]), end: document.positionAt(position.range[1]) };
    return completion(schemas(), position, extname(found.path).toLowerCase() === '.json' ? JSON_SYNTAX : CODE_SYNTAX, range);
  });

  documents.listen(connection);
  connection.listen();
}
