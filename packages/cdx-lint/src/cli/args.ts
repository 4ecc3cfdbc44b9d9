import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { RuleSetting } from '@cdx/validate';
import { compileGlob, GlobError } from '../config/glob.js';
import { FORMAT_NAMES } from '../formatters/index.js';
import { closest } from '../suggest.js';
import type { Concurrency } from '../workers/pool.js';

/** A command-line mistake: printed with a pointer to --help, exit status 2. */
export class UsageError extends Error {
  override name = 'UsageError';
  /** An option the parser does not know: the usage line is printed under the message. */
  unknownOption = false;
}

type Options = NonNullable<ParseArgsConfig['options']>;
interface Strict<T extends Options> {
  args: string[];
  options: T;
  allowPositionals: true;
  allowNegative: true;
  strict: true;
}

/** Every spelling of the options a command takes: `--name`, `--no-name` for booleans, `-x`. */
function spellings(options: Options): string[] {
  return Object.entries(options).flatMap(([name, o]) => [
    `--${name}`,
    ...(o.type === 'boolean' && !name.startsWith('no-') ? [`--no-${name}`] : []),
    ...(o.short ? [`-${o.short}`] : []),
  ]);
}

/** An unknown option, said plainly (node's message has an unclosed quote), with the nearest known one. */
export function unknownOption(option: string, options: Options): UsageError {
  const near = option.startsWith('--')
    ? closest(
        option,
        spellings(options).filter((s) => s.startsWith('--')),
      )
    : undefined;
  const error = new UsageError(`Unknown option ${option}${near ? `; did you mean ${near}?` : '.'}`);
  error.unknownOption = true;
  return error;
}

/** node:util's parseArgs as every cdx-lint command uses it: strict, positionals, --no-<name>; its errors are UsageErrors. */
export function parseStrict<const T extends Options>(argv: readonly string[], options: T, usage = USAGE): ReturnType<typeof parseArgs<Strict<T>>> {
  try {
    return parseArgs({ args: [...argv], options, allowPositionals: true, allowNegative: true, strict: true });
  } catch (error) {
    const { code, message } = error as Error & { code?: string };
    const option = code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? /Unknown option '([^']+)'/.exec(message)?.[1] : undefined;
    if (option !== undefined) throw unknownOption(option.split('=')[0]!, options);
    const needsValue = optionMissingValue(message);
    if (needsValue !== undefined) throw missingValue(needsValue, usage);
    throw new UsageError(message);
  }
}

/** The option named by node's "Option '-f, --format <value>' argument missing" (no regex: messages can be long). */
function optionMissingValue(message: string): string | undefined {
  const end = message.indexOf(" <value>' argument missing");
  const start = message.lastIndexOf('--', end);
  if (end < 0 || start < 0) return undefined;
  const name = message.slice(start + 2, end);
  return /^[a-z][a-z-]*$/.test(name) ? name : undefined;
}

/** Whether a line of the help documents `--name` (`  --name <x>`, `  -n, --name=…`). */
function documents(line: string, name: string): boolean {
  const text = line.trimStart();
  if (text === line) return false;
  const option = /^-\w, /.test(text) ? text.slice(4) : text;
  return option.startsWith(`--${name} `) || option.startsWith(`--${name}=`);
}

/** An option given without its value, with its line of the help (node's message names a `<value>` only). */
function missingValue(name: string, usage: string): UsageError {
  const line = usage.split('\n').find((l) => documents(l, name));
  return new UsageError(`--${name} needs a value${line ? `: ${line.trim().replace(/ {2,}/g, '  ')}` : '.'}`);
}

export const USAGE = `Usage: cdx-lint [options] [file|directory|glob]...   (default: .)
       cdx-lint [options] --stdin [--stdin-filename <path>]   (read one payload from stdin; or -)
       cdx-lint assertion [options] <file|->          (explain a client-assertion JWT; see assertion --help)

Lints Clinical Data Exchange Service payloads: schema, spelling drift (with fixes), unknown
fields, duplicate keys and more, each with its line and column.

Inputs:
  --kind <id>                  Check every input as this kind (auth bodies cannot be detected)
  --ext <.json,...>            Extensions picked inside directories and globs (default: .json)
  --stdin                      Lint the payload read from stdin (the same as -)
  --stdin-filename <path>      Path for stdin input: config globs, output and reader apply to it
  --ignore-pattern <glob>      Ignore files matching this glob, relative to the working directory
                               (repeatable; added to the config's ignores)
  --no-ignore                  Also lint ignored files (--ignore-pattern, the config's ignores, the defaults:
                               package.json, lock files, tsconfig*.json, .vscode/, node_modules/, dist/)
  --no-warn-ignored            No ignored-file warning for a file named on the command line that is ignored
  --no-error-on-unmatched-pattern
                               Do not fail when a pattern matches no file

Config:
  -c, --config <path>          Use this config instead of the nearest cdx-lint.config.json
  --no-config                  Use no config file
  --rule <id>=<off|warn|error> Set a rule's severity (repeatable; wins over the config); ESLint's
                               form works too: --rule 'id: off' or --rule 'a: warn, b: error'
  --print-config <file>        Print the settings that apply to a file, as JSON, and lint nothing

Output:
  -f, --format <name>[=<file>] ${FORMAT_NAMES.join(', ')} (default: stylish), or a custom formatter:
                               a file or a package (cdx-lint-formatter-<name> or <name>) whose default
                               export is ESLint's (results, context) => string; repeatable: each report
                               with =<file> is written there, one without goes to stdout
  -o, --output-file <path>     Write the report without =<file> to this file instead of stdout
  --color, --no-color          Force colour on or off (default: on for a TTY, off with NO_COLOR)
  --quiet                      Report errors only
  --max-warnings <n>           Exit 1 when there are more than n warnings (default: -1, no limit)

Fixing:
  --fix                        Rename misspelt members in place (nothing else is changed)
  --fix-dry-run                Report the renames --fix would make without writing

Speed:
  --cache                      Reuse results of unchanged files (.cdx-lint-cache)
  --cache-location <path>      Where the cache file is
  --concurrency <n|auto|off>   Threads (default: auto: workers join when a run proves long)

Other:
  --list-rules                 Print every rule with its default severity
  --list-kinds                 Print every kind id, how it is found and its maturity
  -h, --help                   Print this help
  -v, --version                Print the version

Exit status (as ESLint's): 0 no errors (and warnings within --max-warnings), 1 errors or too many
warnings, 2 usage, config or internal error.
`;

/** The parsed command line. */
export interface CliOptions {
  patterns: string[];
  stdin: boolean;
  stdinFilename?: string;
  kind?: string;
  extensions?: string[];
  noIgnore: boolean;
  errorOnUnmatchedPattern: boolean;
  config?: string | false;
  rules?: Record<string, RuleSetting>;
  /** `--ignore-pattern` globs, relative to the working directory. */
  ignorePatterns?: string[];
  /** Every report to write: at most one without `file` (stdout, or --output-file). */
  outputs: Output[];
  printConfig?: string;
  warnIgnored: boolean;
  color?: boolean;
  quiet: boolean;
  maxWarnings: number;
  fix: 'off' | 'fix' | 'dry-run';
  cache: boolean;
  cacheLocation: string;
  concurrency: Concurrency;
  action: 'lint' | 'help' | 'version' | 'list-rules' | 'list-kinds' | 'print-config';
}

/**
 * One report: a format, and the file it goes to (stdout, or --output-file, when undefined). The
 * format is a built-in's name, or a custom formatter's path or package, loaded when reporting.
 */
export interface Output {
  format: string;
  file?: string;
}

/** `--format name[=file]`, repeatable, and `--output-file` for the one without a file. */
export function parseOutputs(formats: readonly string[] | undefined, outputFile: string | undefined): Output[] {
  const outputs = (formats ?? ['stylish']).map((text): Output => {
    const eq = text.indexOf('=');
    const name = eq === -1 ? text : text.slice(0, eq);
    const file = eq === -1 ? undefined : text.slice(eq + 1);
    if (name === '' || file === '') {
      throw new UsageError(
        `--format ${JSON.stringify(text)}: use one of ${FORMAT_NAMES.join(', ')}, or a formatter's file or package, optionally followed by =<file>.`,
      );
    }
    return file === undefined ? { format: name } : { format: name, file };
  });
  const toStdout = outputs.filter((o) => o.file === undefined);
  if (toStdout.length > 1) {
    throw new UsageError(
      `Only one --format can write to stdout (${toStdout.map((o) => o.format).join(', ')}); give the others a file: --format ${toStdout[1]!.format}=<file>.`,
    );
  }
  if (outputFile !== undefined) {
    if (toStdout.length === 0) throw new UsageError('--output-file names the file of the report given without =<file>, and every --format has its own file.');
    toStdout[0]!.file = outputFile;
  }
  return outputs;
}

const OPTIONS = {
  kind: { type: 'string' },
  ext: { type: 'string', multiple: true },
  stdin: { type: 'boolean', default: false },
  'stdin-filename': { type: 'string' },
  'ignore-pattern': { type: 'string', multiple: true },
  ignore: { type: 'boolean', default: true },
  'warn-ignored': { type: 'boolean', default: true },
  'error-on-unmatched-pattern': { type: 'boolean', default: true },
  config: { type: 'string', short: 'c' },
  // Declared so that parseArgs accepts --no-config; it then reports it as `config: false`.
  'no-config': { type: 'boolean' },
  rule: { type: 'string', multiple: true },
  'print-config': { type: 'string' },
  format: { type: 'string', short: 'f', multiple: true },
  'output-file': { type: 'string', short: 'o' },
  color: { type: 'boolean' },
  quiet: { type: 'boolean', default: false },
  'max-warnings': { type: 'string', default: '-1' },
  fix: { type: 'boolean', default: false },
  'fix-dry-run': { type: 'boolean', default: false },
  cache: { type: 'boolean', default: false },
  'cache-location': { type: 'string', default: '.cdx-lint-cache' },
  concurrency: { type: 'string', default: 'auto' },
  'list-rules': { type: 'boolean', default: false },
  'list-kinds': { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
  version: { type: 'boolean', short: 'v', default: false },
} as const;

const SEVERITIES: Readonly<Record<string, RuleSetting>> = { off: 'off', warn: 'warn', error: 'error', '0': 'off', '1': 'warn', '2': 'error' };

/**
 * `--rule id=severity`, or ESLint's `id: severity` (several separated by commas, braces and quotes
 * allowed, a severity of 0, 1 or 2, or in brackets: `id: [error]`). Rule ids are checked later,
 * against the registry.
 */
export function parseRule(text: string): [string, RuleSetting][] {
  const body = text.trim().replace(/^\{(.*)\}$/s, '$1');
  const entries = /^[a-z][a-z0-9-]*=/.test(body) ? [body.replace('=', ':')] : body.split(',');
  return entries.map((entry) => {
    const match = ruleEntry(entry);
    if (!match) {
      throw new UsageError(
        `--rule ${JSON.stringify(text)}: write it as <rule-id>=off, =warn or =error, or as ESLint does, 'rule-id: off' (e.g. --rule unknown-field=off).`,
      );
    }
    return [match[0], SEVERITIES[match[1]]!];
  });
}

/** Strips one pair of quotes (' or ") around a trimmed word. */
const unquote = (word: string): string => (/^(["'])[^"']*\1$/.test(word) ? word.slice(1, -1) : word);

/** `id: severity` (quotes and one pair of brackets allowed) → [id, severity], or undefined. By steps, not one regex. */
function ruleEntry(entry: string): [string, string] | undefined {
  const colon = entry.indexOf(':');
  if (colon < 0) return undefined;
  const id = unquote(entry.slice(0, colon).trim());
  let severity = entry.slice(colon + 1).trim();
  if (severity.startsWith('[') && severity.endsWith(']')) severity = severity.slice(1, -1).trim();
  severity = unquote(severity);
  return /^[a-z][a-z0-9-]*$/.test(id) && Object.hasOwn(SEVERITIES, severity) ? [id, severity] : undefined;
}

function parseConcurrency(text: string): Concurrency {
  if (text === 'auto' || text === 'off') return text;
  if (/^[1-9]\d*$/.test(text)) return Number(text);
  throw new UsageError(`--concurrency ${JSON.stringify(text)}: use a positive number, auto or off.`);
}

/** Parses argv (without node and the script). Throws UsageError for anything it does not accept. */
export function parseCliArgs(argv: readonly string[]): CliOptions {
  const { values: v, positionals } = parseStrict(argv, OPTIONS);
  // allowNegative also accepts --no-<name> for string options, as `false`: only --no-config means something.
  for (const [name, value] of Object.entries(v)) {
    if (value === false && OPTIONS[name as keyof typeof OPTIONS].type === 'string' && name !== 'config') {
      throw unknownOption(`--no-${name}`, OPTIONS);
    }
  }
  const action = v.help
    ? 'help'
    : v.version
      ? 'version'
      : v['list-rules']
        ? 'list-rules'
        : v['list-kinds']
          ? 'list-kinds'
          : v['print-config'] !== undefined
            ? 'print-config'
            : 'lint';
  const outputs = parseOutputs(v.format, v['output-file']);
  if (!/^-?\d+$/.test(v['max-warnings']) || Number(v['max-warnings']) < -1) {
    throw new UsageError(`--max-warnings ${JSON.stringify(v['max-warnings'])}: use a whole number, or -1 for no limit.`);
  }
  if (v.fix && v['fix-dry-run']) throw new UsageError('--fix and --fix-dry-run cannot be used together.');

  const stdin = v.stdin || positionals.includes('-');
  const named = positionals.filter((p) => p !== '-');
  if (action === 'print-config' && positionals.length > 0) {
    throw new UsageError(`--print-config takes one file and lints nothing; drop ${positionals.map((p) => JSON.stringify(p)).join(', ')}.`);
  }
  if (action === 'lint') {
    if (stdin && named.length > 0) throw new UsageError('Read either stdin (--stdin or -) or files, not both.');
    if (stdin && v.fix) throw new UsageError('--fix cannot write to stdin; use --fix-dry-run to see the fixed text in --format json.');
    if (!stdin && v['stdin-filename'] !== undefined) throw new UsageError('--stdin-filename needs --stdin (or -) as the input.');
  }
  const extensions = v.ext
    ?.flatMap((e) => e.split(','))
    .map((e) => e.trim())
    .filter(Boolean)
    .map((e) => (e.startsWith('.') ? e : `.${e}`));
  for (const pattern of v['ignore-pattern'] ?? []) {
    try {
      compileGlob(pattern);
    } catch (error) {
      if (!(error instanceof GlobError)) throw error;
      throw new UsageError(`--ignore-pattern ${JSON.stringify(pattern)} ${error.message}.`);
    }
  }
  const options: CliOptions = {
    // No file named: the working directory, as ESLint lints \`.\`.
    patterns: stdin || named.length > 0 ? named : ['.'],
    stdin,
    noIgnore: !v.ignore,
    errorOnUnmatchedPattern: v['error-on-unmatched-pattern'],
    warnIgnored: v['warn-ignored'],
    outputs,
    quiet: v.quiet,
    maxWarnings: Number(v['max-warnings']),
    fix: v.fix ? 'fix' : v['fix-dry-run'] ? 'dry-run' : 'off',
    cache: v.cache,
    cacheLocation: v['cache-location'],
    concurrency: parseConcurrency(v.concurrency),
    action,
  };
  if (v['stdin-filename'] !== undefined) options.stdinFilename = v['stdin-filename'];
  if (v.kind !== undefined) options.kind = v.kind;
  if (extensions && extensions.length > 0) options.extensions = extensions;
  if (v.config !== undefined || v['no-config']) options.config = (v.config as string | false | undefined) === false || v['no-config'] ? false : v.config!;
  if (v.rule) options.rules = Object.fromEntries(v.rule.flatMap(parseRule));
  if (v['ignore-pattern']) options.ignorePatterns = v['ignore-pattern'];
  if (v['print-config'] !== undefined) options.printConfig = v['print-config'];
  if (v.color !== undefined) options.color = v.color;
  return options;
}
