import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { RuleSetting } from '@cdx/validate';
import { FORMAT_NAMES, isFormatName, type FormatName } from '../formatters/index.js';
import type { Concurrency } from '../workers/pool.js';

/** A command-line mistake: printed with a pointer to --help, exit status 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

type Options = NonNullable<ParseArgsConfig['options']>;
type Strict<T extends Options> = { args: string[]; options: T; allowPositionals: true; allowNegative: true; strict: true };

/** node:util's parseArgs as every cdx-lint command uses it: strict, positionals, --no-<name>; its errors are UsageErrors. */
export function parseStrict<const T extends Options>(argv: readonly string[], options: T): ReturnType<typeof parseArgs<Strict<T>>> {
  try {
    return parseArgs({ args: [...argv], options, allowPositionals: true, allowNegative: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

export const USAGE = `Usage: cdx-lint [options] <file|directory|glob>...
       cdx-lint [options] - --stdin-filename <path>   (read one payload from stdin)
       cdx-lint assertion [options] <file|->          (explain a client-assertion JWT; see assertion --help)

Lints Clinical Data Exchange Service payloads: schema, spelling drift (with fixes), unknown
fields, duplicate keys and more, each with its line and column.

Inputs:
  --kind <id>                  Check every input as this kind (auth bodies cannot be detected)
  --ext <.json,...>            Extensions picked inside directories and globs (default: .json)
  --stdin-filename <path>      Path for stdin input: config globs, output and reader apply to it
  --no-ignore                  Also lint files the config ignores
  --no-error-on-unmatched-pattern
                               Do not fail when a pattern matches no file

Config:
  -c, --config <path>          Use this config instead of the nearest cdx-lint.config.json
  --no-config                  Use no config file
  --rule <id>=<off|warn|error> Set a rule's severity (repeatable; wins over the config)

Output:
  -f, --format <name>          ${FORMAT_NAMES.join(', ')} (default: stylish)
  -o, --output-file <path>     Write the report to a file instead of stdout
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

Exit status: 0 no errors (and warnings within --max-warnings), 1 errors or too many warnings,
2 usage, config or internal error.
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
  format: FormatName;
  outputFile?: string;
  color?: boolean;
  quiet: boolean;
  maxWarnings: number;
  fix: 'off' | 'fix' | 'dry-run';
  cache: boolean;
  cacheLocation: string;
  concurrency: Concurrency;
  action: 'lint' | 'help' | 'version' | 'list-rules' | 'list-kinds';
}

const OPTIONS = {
  kind: { type: 'string' },
  ext: { type: 'string', multiple: true },
  'stdin-filename': { type: 'string' },
  ignore: { type: 'boolean', default: true },
  'error-on-unmatched-pattern': { type: 'boolean', default: true },
  config: { type: 'string', short: 'c' },
  // Declared so that parseArgs accepts --no-config; it then reports it as `config: false`.
  'no-config': { type: 'boolean' },
  rule: { type: 'string', multiple: true },
  format: { type: 'string', short: 'f', default: 'stylish' },
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

function parseRule(text: string): [string, RuleSetting] {
  const match = /^([a-z][a-z0-9-]*)=(off|warn|error)$/.exec(text);
  if (!match) throw new UsageError(`--rule ${JSON.stringify(text)}: write it as <rule-id>=off, =warn or =error, e.g. --rule unknown-field=off.`);
  return [match[1]!, match[2] as RuleSetting];
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
    if (value === false && OPTIONS[name as keyof typeof OPTIONS]?.type === 'string' && name !== 'config') {
      throw new UsageError(`Unknown option '--no-${name}'.`);
    }
  }
  const action = v.help ? 'help' : v.version ? 'version' : v['list-rules'] ? 'list-rules' : v['list-kinds'] ? 'list-kinds' : 'lint';
  if (!isFormatName(v.format)) throw new UsageError(`--format ${JSON.stringify(v.format)}: use one of ${FORMAT_NAMES.join(', ')}.`);
  if (!/^-?\d+$/.test(v['max-warnings']) || Number(v['max-warnings']) < -1) {
    throw new UsageError(`--max-warnings ${JSON.stringify(v['max-warnings'])}: use a whole number, or -1 for no limit.`);
  }
  if (v.fix && v['fix-dry-run']) throw new UsageError('--fix and --fix-dry-run cannot be used together.');

  const stdin = positionals.includes('-');
  const patterns = positionals.filter((p) => p !== '-');
  if (action === 'lint') {
    if (stdin && patterns.length > 0) throw new UsageError('Read either stdin (-) or files, not both.');
    if (!stdin && patterns.length === 0) throw new UsageError('No files given: name files, directories or globs, or - for stdin.');
    if (stdin && v.fix) throw new UsageError('--fix cannot write to stdin; use --fix-dry-run to see the fixed text in --format json.');
    if (!stdin && v['stdin-filename'] !== undefined) throw new UsageError('--stdin-filename needs - (stdin) as the input.');
  }
  const extensions = v.ext?.flatMap((e) => e.split(',')).map((e) => e.trim()).filter(Boolean).map((e) => (e.startsWith('.') ? e : `.${e}`));
  const options: CliOptions = {
    patterns,
    stdin,
    noIgnore: v.ignore === false,
    errorOnUnmatchedPattern: v['error-on-unmatched-pattern'],
    format: v.format,
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
  if (v.rule) options.rules = Object.fromEntries(v.rule.map(parseRule));
  if (v['output-file'] !== undefined) options.outputFile = v['output-file'];
  if (v.color !== undefined) options.color = v.color;
  return options;
}
