// The VS Code side of cdx: in a workspace with a cdx-lint config or an installed cdx package (see
// activationEvents), starts cdx-language-server (over stdio, with the Node.js that runs VS Code's
// extensions) for JSON and TypeScript/JavaScript files, and tells it when a config changes.
// Everything the user sees comes from the server.
import { window, workspace, type ExtensionContext } from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { findServer } from './server-path.js';

let client: LanguageClient | undefined;

const LANGUAGES = ['json', 'jsonc', 'typescript', 'typescriptreact', 'javascript', 'javascriptreact'];

export async function activate(context: ExtensionContext): Promise<void> {
  if (!workspace.isTrusted) {
    // Restricted mode: nothing of the workspace runs; once trusted, start as usual.
    context.subscriptions.push(workspace.onDidGrantWorkspaceTrust(() => void start(context)));
  }
  await start(context);
}

async function start(context: ExtensionContext): Promise<void> {
  if (client) return;
  const folders = (workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath);
  // The user's own setting only (the setting is machine-scoped): a workspace cannot name code to run.
  const configured = workspace.getConfiguration('cdx').inspect<string>('server.path')?.globalValue;
  const found = findServer(configured, folders, { trusted: workspace.isTrusted });
  if ('missing' in found) {
    // A workspace without the server (the extension's own clone before a build, a project that only
    // runs cdx-lint in CI) is not an error to pop up; a cdx.server.path that names nothing is.
    if (found.quiet) {
      const channel = window.createOutputChannel('cdx');
      context.subscriptions.push(channel);
      channel.appendLine(found.missing);
    } else void window.showWarningMessage(found.missing);
    return;
  }
  const run = { module: found.path, transport: TransportKind.stdio };
  const serverOptions: ServerOptions = { run, debug: run };
  const clientOptions: LanguageClientOptions = {
    documentSelector: LANGUAGES.map((language) => ({ scheme: 'file', language })),
    synchronize: { fileEvents: workspace.createFileSystemWatcher('**/{cdx-lint.config.json,package.json}') },
  };
  client = new LanguageClient('cdx', 'cdx', serverOptions, clientOptions);
  context.subscriptions.push(client);
  await client.start();
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}
