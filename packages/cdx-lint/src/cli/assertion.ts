// `cdx-lint assertion <file|->`: explains a client-assertion JWT, or a whole POST /v2/auth/token
// form body, against the service's rules — for a developer looking at a 401. Same findings, output
// formats and exit codes as payload linting. jose is loaded only here (the auth subpath).
import { resolve } from 'node:path';
import type { Finding } from '@cdx/validate';
import { FORMAT_NAMES } from '../formatters/index.js';
import { resultOf } from '../lint/result.js';
import type { LintMessage, LintResult } from '../lint/types.js';
import { allRules, type RuleInfo } from '../rules/index.js';
import { readStdin } from '../inputs/stdin.js';
import { readRegularFile } from '../inputs/read.js';
import { parseOutputs, parseStrict, UsageError, type Output } from './args.js';

export const ASSERTION_USAGE = `Usage: cdx-lint assertion [options] <file|->

Explains a client assertion (a compact JWT) or a whole POST /v2/auth/token form body
(grant_type=...&client_assertion_type=...&client_assertion=...) against the service's rules.

  --client-id <id>          Client ID of the OAuth API key (iss and sub must equal it)  [required]
  --base-url <url>          {base_url}; aud must be {base_url}/v2/auth/token   [this or --token-url]
  --token-url <url>         The token URL itself
  --key <file>              Public key to verify the signature: PEM, or a public JWK (JSON)
  --jwks <file>             A JWK set (JSON) to choose the key from by kid
  --skip-signature          Check header, claims and form only
  --jku <url>               The JWKS URL saved in the dashboard (a jku header must equal it)
  --clock-tolerance <s>     Allowed clock skew in seconds (default 0)
  -f, --format <name>[=<file>]
                            ${FORMAT_NAMES.join(', ')} (default: stylish); repeatable, as for linting
  -o, --output-file <path>  Write the report without =<file> to this file
  --color, --no-color       Force colour on or off

Exit status: 0 the service would accept it, 1 findings, 2 usage error.
`;

export interface AssertionCommand {
  input: string;
  outputs: Output[];
  color?: boolean;
  /** What @cdx/validate/auth's checker takes, key files already read. */
  check: Record<string, unknown> & { clientId: string };
}

const OPTIONS = {
  'client-id': { type: 'string' },
  'base-url': { type: 'string' },
  'token-url': { type: 'string' },
  key: { type: 'string' },
  jwks: { type: 'string' },
  'skip-signature': { type: 'boolean', default: false },
  jku: { type: 'string' },
  'clock-tolerance': { type: 'string', default: '0' },
  format: { type: 'string', short: 'f', multiple: true },
  'output-file': { type: 'string', short: 'o' },
  color: { type: 'boolean' },
} as const;

function readKeyFile(path: string, cwd: string, option: string): unknown {
  let text: string;
  try {
    text = readRegularFile(resolve(cwd, path), 'utf8'); // never waits on a FIFO
  } catch (error) {
    throw new UsageError(`${option} ${path}: ${(error as Error).message}`);
  }
  if (text.trimStart().startsWith('{')) {
    try {
      return JSON.parse(text);
    } catch {
      throw new UsageError(`${option} ${path}: not valid JSON (expected a JWK${option === '--jwks' ? ' set' : ''}).`);
    }
  }
  return text;
}

/** Parses the arguments after `assertion`. Throws UsageError for anything it does not accept. */
export function parseAssertionArgs(argv: readonly string[], cwd: string): AssertionCommand {
  const { values: v, positionals } = parseStrict(argv, OPTIONS, ASSERTION_USAGE);
  if (positionals.length !== 1) throw new UsageError('assertion: name one file holding the JWT or form body, or - for stdin.');
  if (!v['client-id']) throw new UsageError("assertion: --client-id is required (the OAuth API key's client ID).");
  if (!v['base-url'] === !v['token-url']) throw new UsageError('assertion: give --base-url or --token-url (one of them).');
  const outputs = parseOutputs(v.format, v['output-file']);
  if (!/^\d+$/.test(v['clock-tolerance'])) throw new UsageError('--clock-tolerance: a whole number of seconds.');
  const keys = [v.key, v.jwks].filter(Boolean).length;
  if (keys + (v['skip-signature'] ? 1 : 0) !== 1) throw new UsageError('assertion: give --key, --jwks or --skip-signature (exactly one).');
  const check: AssertionCommand['check'] = {
    clientId: v['client-id'],
    ...(v['base-url'] ? { baseUrl: v['base-url'] } : { tokenUrl: v['token-url'] }),
    ...(v.jku ? { jku: v.jku } : {}),
    ...(v.key ? { key: readKeyFile(v.key, cwd, '--key') } : {}),
    ...(v.jwks ? { jwks: readKeyFile(v.jwks, cwd, '--jwks') } : {}),
    ...(v['skip-signature'] ? { skipSignature: true } : {}),
    clockToleranceSec: Number(v['clock-tolerance']),
  };
  return {
    input: positionals[0]!,
    outputs,
    check,
    ...(v.color !== undefined ? { color: v.color } : {}),
  };
}

/** Line and column (1-based) of an offset. */
function position(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

/** Where a finding is in the text: the JWT part its pointer names, or the form field. */
function span(text: string, pointer: string): [number, number] {
  const field = /^\/form\/([a-z_]+)/.exec(pointer);
  if (field) {
    const at = text.indexOf(`${field[1]}=`);
    if (at >= 0) return [at, at + field[1]!.length];
  }
  // Only from the start of a run of base64url characters (the leftmost match begins there anyway):
  // without the lookbehind, a long run with no dot was retried from each of its characters.
  const jwt = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/.exec(text);
  if (!jwt) return [0, text.trimEnd().length];
  const parts = jwt[0].split('.');
  const index = pointer.startsWith('/header') ? 0 : pointer.startsWith('/payload') ? 1 : -1;
  if (index < 0) return [jwt.index, jwt.index + jwt[0].length];
  const start = jwt.index + parts.slice(0, index).reduce((n, p) => n + p.length + 1, 0);
  return [start, start + parts[index]!.length];
}

/** Findings as a lint result, so every formatter prints them. */
function assertionResult(filePath: string, text: string, findings: readonly Finding[]): LintResult {
  const messages: LintMessage[] = findings.map((f) => {
    const [start, end] = span(text, f.pointer);
    const from = position(text, start);
    const to = position(text, end);
    return {
      ruleId: f.ruleId,
      messageId: f.messageId,
      severity: f.severity === 'error' ? 2 : 1,
      message: f.message,
      line: from.line,
      column: from.column,
      endLine: to.line,
      endColumn: to.column,
      pointer: f.pointer,
    };
  });
  return resultOf(filePath, 'auth/ClientAssertion', messages);
}

/** Reads the input and explains it. AuthOptionError (a bad key file, say) becomes a UsageError. */
export async function explainAssertion(
  command: AssertionCommand,
  cwd: string,
  stdin: NodeJS.ReadableStream,
): Promise<{ result: LintResult; rules: readonly RuleInfo[] }> {
  const filePath = command.input === '-' ? '<stdin>' : resolve(cwd, command.input);
  let text: string;
  try {
    text = command.input === '-' ? await readStdin(stdin) : readRegularFile(filePath, 'utf8');
  } catch (error) {
    throw new UsageError(`assertion: cannot read ${command.input}: ${(error as Error).message}`);
  }
  const auth = await import('@cdx/validate/auth');
  const trimmed = text.trim();
  const isForm = /(^|&)(grant_type|client_assertion_type|client_assertion)=/.test(trimmed);
  let findings: Finding[];
  try {
    const options = command.check as unknown as Parameters<typeof auth.checkClientAssertion>[1];
    findings = isForm ? await auth.checkTokenRequest(trimmed, options) : await auth.checkClientAssertion(trimmed, options);
  } catch (error) {
    if (error instanceof auth.AuthOptionError) throw new UsageError(`assertion: ${error.message}`);
    throw error;
  }
  const rules = allRules().filter((r) => r.scope === 'assertion' || r.scope === 'token-form');
  return { result: assertionResult(filePath, text, findings), rules };
}
