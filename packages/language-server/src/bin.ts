#!/usr/bin/env node
// The cdx-language-server executable. Editors start it with --stdio (the LSP convention;
// vscode-languageserver also accepts --node-ipc and --socket=<port>).
import { readFileSync } from 'node:fs';
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { startServer } from './server.js';

const USAGE = `Usage: cdx-language-server --stdio

A language server for Clinical Data Exchange Service payloads: cdx-lint's findings as you type,
quick fixes, hover and completion from the schemas. Editors start it; see docs/editors.md.

  --stdio          Speak LSP over stdin and stdout
  --node-ipc       Speak LSP over Node IPC (a client that forks the server)
  --socket=<port>  Speak LSP over a socket
  -v, --version    Print the version
  -h, --help       Print this help
`;

const args = process.argv.slice(2);
if (args.includes('--version') || args.includes('-v')) {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  process.stdout.write(`${manifest.version}\n`);
} else if (
  args.includes('--help') ||
  args.includes('-h') ||
  !args.some((a) => a === '--stdio' || a === '--node-ipc' || a.startsWith('--socket=') || a.startsWith('--pipe='))
) {
  (args.some((a) => a === '--help' || a === '-h') ? process.stdout : process.stderr).write(USAGE);
  if (!args.includes('--help') && !args.includes('-h')) process.exitCode = 2;
} else {
  startServer(createConnection(ProposedFeatures.all));
}
