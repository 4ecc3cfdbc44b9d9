// The lint thread: cdx-lint runs here, off the request loop, so a lint of a large document never
// delays a hover, a completion or the next change. One job at a time; the request loop sends the
// next one when this one is answered.
import { extname } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { allRules, MissingTypescriptError, type LintResult, type RuleInfo } from 'cdx-lint';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver';
import { toDiagnostics } from '../diagnostics.js';
import { changedSpan } from '../span.js';
import { Workspace } from '../workspace.js';
import { CANCELLED, type FromLinter, type ToLinter } from './protocol.js';

/**
 * Without a config, a JSON file is reported on only when it is a payload: of a kind cdx-lint could
 * tell, or marked as one (a `Meta` or `resourceType` member) even if no kind fits.
 */
const isPayload = (result: LintResult, text: string) => result.kind !== null || /"(?:Meta|resourceType)"\s*:/.test(text);

const port = parentPort!;
const cancelled = new Int32Array(workerData as SharedArrayBuffer);
const workspace = new Workspace();
const rules = new Map<string, RuleInfo>(allRules().map((r) => [r.id, r]));
let warnedTypescript = false;

const post = (message: FromLinter) => {
  port.postMessage(message);
};

const configError = (message: string): Diagnostic => ({
  range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
  severity: DiagnosticSeverity.Error,
  source: 'cdx-lint',
  code: 'config',
  message,
});

function lint(job: Extract<ToLinter, { type: 'lint' }>): void {
  const started = performance.now();
  const found = workspace.linterFor(job.path);
  const done = (diagnostics: Diagnostic[], fixable = false) => {
    post({ type: 'linted', id: job.id, diagnostics, fixable, ms: Math.round(performance.now() - started) });
  };
  if ('error' in found) {
    done([configError(found.error)]);
    return;
  }
  const { linter } = found;
  if (linter.isIgnored(job.path)) {
    done([]);
    return;
  }
  let result: LintResult;
  try {
    result = linter.lintText(job.text, job.path);
  } catch (error) {
    if (!(error instanceof MissingTypescriptError)) throw error;
    if (!warnedTypescript) post({ type: 'warning', message: `cdx: ${error.message}` });
    warnedTypescript = true;
    done([]);
    return;
  }
  if (extname(job.path).toLowerCase() === '.json' && linter.configPath === undefined && !isPayload(result, job.text)) {
    done([]);
    return;
  }
  const fixable = result.messages.some((m) => m.fix);
  done(toDiagnostics(result, job.text, rules, job.version), fixable);
  if (!fixable) return;
  // "Fix all" lints again (rename, re-lint): only for a version that is still the latest.
  const output = Atomics.load(cancelled, CANCELLED) >= job.id ? undefined : linter.lintText(job.text, job.path, { fix: 'dry-run' }).output;
  post({ type: 'fixed', id: job.id, span: output === undefined ? undefined : changedSpan(job.text, output) });
}

port.on('message', (message: ToLinter) => {
  switch (message.type) {
    case 'folders':
      workspace.setFolders(message.folders);
      return;
    case 'reload':
      workspace.reload();
      return;
    case 'lint':
      try {
        lint(message);
      } catch (error) {
        post({ type: 'failed', id: message.id, message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
      }
  }
});
