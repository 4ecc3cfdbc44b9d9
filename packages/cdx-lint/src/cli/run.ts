import { relative, resolve } from 'node:path';
import { listKinds } from '@cdx/validate';
import { loadConfig } from '../config/load.js';
import { createResolver, type Resolver } from '../config/resolve.js';
import { ConfigError, type LoadedConfig } from '../config/types.js';
import { escapeControl } from '../formatters/escape.js';
import { ToolFileError, writeToolFile } from '../output/tool-file.js';
import { FORMAT_NAMES, FormatterError, isFormatName, loadFormatter, type FormatContext } from '../formatters/index.js';
import { expandInputs } from '../inputs/expand.js';
import { describeInputError } from '../inputs/read.js';
import { fileConfig } from '../config/file-config.js';
import { decodeUtf8 } from '../inputs/decode.js';
import { readStdinBytes } from '../inputs/stdin.js';
import { fixText } from '../lint/process-file.js';
import { lintText } from '../lint/lint-text.js';
import { resultOf } from '../lint/result.js';
import { ignoredFileMessage } from '../rules/run.js';
import type { LintResult } from '../lint/types.js';
import { allRules, type RuleInfo } from '../rules/index.js';
import { readerFor } from '../sources/index.js';
import { hasTypescript, MissingTypescriptError } from '../sources/ts/load.js';
import { closest } from '../suggest.js';
import { toolVersion } from '../version.js';
import { parseCliArgs, USAGE, UsageError, type CliOptions } from './args.js';
import { lintFiles } from './collect.js';
import { findRepoRoot, useColor } from './environment.js';
import { listKindsText, listRulesText } from './listings.js';
import { ASSERTION_USAGE, explainAssertion, parseAssertionArgs } from './assertion.js';

/** Where the command reads and writes; tests pass their own. */
export interface RunIo {
  cwd: string;
  env: NodeJS.ProcessEnv;
  stdin: NodeJS.ReadableStream;
  stdout: { write(text: string): unknown; isTTY?: boolean };
  stderr: { write(text: string): unknown };
}

const EXIT_CLEAN = 0;
const EXIT_FINDINGS = 1;
const EXIT_USAGE = 2;

function defaultIo(): RunIo {
  return {
    cwd: process.cwd(),
    env: process.env,
    // A getter: Node opens the stdin stream on first access, about 7 ms, and most runs never read it.
    get stdin() {
      return process.stdin;
    },
    stdout: process.stdout,
    stderr: process.stderr,
  };
}

/** Checks names the command line gives against what exists, before any file is read. */
function checkNames(options: CliOptions): void {
  const kinds = listKinds().map((k): string => k.id);
  if (options.kind !== undefined && !kinds.includes(options.kind)) {
    const near = closest(options.kind, kinds);
    throw new UsageError(
      `--kind ${JSON.stringify(options.kind)} is not a kind${near ? `; did you mean ${JSON.stringify(near)}?` : '.'} Run cdx-lint --list-kinds to see them.`,
    );
  }
  for (const id of Object.keys(options.rules ?? {})) {
    const rule = allRules().find((r) => r.id === id);
    if (!rule) {
      const near = closest(
        id,
        allRules().map((r) => r.id),
      );
      throw new UsageError(`--rule ${id}: not a rule${near ? `; did you mean ${near}?` : '.'} Run cdx-lint --list-rules to see them.`);
    }
    if (!rule.configurable) throw new UsageError(`--rule ${id}: this rule cannot be turned off or down.`);
  }
}

async function lintStdin(options: CliOptions, io: RunIo, resolver: ReturnType<typeof createResolver>): Promise<LintResult[]> {
  const bytes = await readStdinBytes(io.stdin);
  const filePath = options.stdinFilename === undefined ? '<text>' : resolve(io.cwd, options.stdinFilename);
  if (filePath !== '<text>' && resolver.isIgnored(filePath)) return options.warnIgnored ? ignoredResults([filePath], resolver) : [];
  if (filePath !== '<text>') requireTypescriptFor([filePath], io.cwd);
  const decoded = decodeUtf8(bytes, filePath);
  if (!decoded.ok) return [decoded.result];
  const text = decoded.text;
  const settings = resolver.settingsFor(filePath === '<text>' ? resolve(io.cwd, 'stdin.json') : filePath);
  if (options.fix === 'dry-run') {
    const { result, output, fixes } = fixText(text, filePath, settings);
    return [output === undefined ? result : { ...result, output, fixes }];
  }
  return [lintText(text, filePath, settings)];
}

/**
 * The cdx-lint command: parse arguments, load the config, expand inputs, lint, format, and
 * return the exit status (0 clean, 1 findings, 2 usage/config/internal error).
 */
export async function run(argv: readonly string[], io: RunIo = defaultIo()): Promise<number> {
  if (argv[0] === 'assertion') return runAssertion(argv.slice(1), io);
  let options: CliOptions;
  try {
    options = parseCliArgs(argv);
    if (options.action === 'help') return (io.stdout.write(USAGE), EXIT_CLEAN);
    if (options.action === 'version') return (io.stdout.write(`${toolVersion()}\n`), EXIT_CLEAN);
    if (options.action === 'list-rules') return (io.stdout.write(listRulesText()), EXIT_CLEAN);
    if (options.action === 'list-kinds') return (io.stdout.write(listKindsText()), EXIT_CLEAN);
    checkNames(options);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(usageErrorText(error, USAGE, 'cdx-lint --help'));
    return EXIT_USAGE;
  }

  let results: LintResult[];
  try {
    const loaded = loadConfig({ cwd: io.cwd, ...(options.config !== undefined ? { configPath: options.config } : {}) });
    for (const warning of loaded.warnings ?? []) io.stderr.write(`cdx-lint: warning: ${warning}\n`);
    const resolver = createResolver(loaded, {
      ...(options.kind !== undefined ? { kind: options.kind } : {}),
      ...(options.rules ? { rules: options.rules } : {}),
      ...(options.extensions ? { extensions: options.extensions } : {}),
      quiet: options.quiet,
      noIgnore: options.noIgnore,
      ...(options.ignorePatterns ? { ignorePatterns: options.ignorePatterns, cwd: io.cwd } : {}),
    });
    if (options.action === 'print-config') return printConfig(options, io, loaded, resolver);
    if (options.stdin) results = await lintStdin(options, io, resolver);
    else {
      const { files, unmatched, missing, ignored, allIgnored, unreadable } = await expandInputs(options.patterns, io.cwd, resolver);
      if (options.warnIgnored) {
        for (const { pattern, count } of allIgnored) {
          io.stderr.write(
            `cdx-lint: warning: ${count === 1 ? 'the one file' : `all ${count} files`} in ${JSON.stringify(escapeControl(pattern))} ${count === 1 ? 'is' : 'are'} ignored; use --no-ignore to lint ${count === 1 ? 'it' : 'them'}, or --no-warn-ignored to hide this warning.\n`,
          );
        }
      }
      if ((unmatched.length > 0 || missing.length > 0) && options.errorOnUnmatchedPattern) {
        const list = (patterns: string[]) => patterns.map((p) => JSON.stringify(p)).join(', ');
        if (missing.length > 0) io.stderr.write(`cdx-lint: No such file or directory: ${list(missing)}.\n`);
        if (unmatched.length > 0)
          io.stderr.write(`cdx-lint: No files matching ${list(unmatched)} (looked for ${resolver.extensions.join(', ')} files; see --ext).\n`);
        return EXIT_USAGE;
      }
      requireTypescriptFor(files, io.cwd);
      const collected = await lintFiles(files, resolver, loaded, options, io.cwd);
      // Named, yet ignored: in the results with a warning, as ESLint reports them.
      results = [...collected.results, ...(options.warnIgnored ? ignoredResults(ignored, resolver) : [])];
      // Paths come from the file system: a name may hold control characters.
      const lines = (list: readonly string[]) => list.map((e) => `  ${escapeControl(e)}`).join('\n');
      if (collected.notFixed.length > 0) io.stderr.write(`cdx-lint: not fixed:\n${lines(collected.notFixed)}\n`);
      const ioErrors = [...unreadable, ...collected.ioErrors];
      if (ioErrors.length > 0) {
        io.stderr.write(`cdx-lint: could not lint:\n${lines(ioErrors)}\n`);
        await report(results, options, io, allRules());
        return EXIT_USAGE;
      }
    }
  } catch (error) {
    if (!(error instanceof ConfigError) && !(error instanceof MissingTypescriptError)) throw error;
    io.stderr.write(`cdx-lint: ${error.message}\n`);
    return EXIT_USAGE;
  }

  if (!(await report(results, options, io, allRules()))) return EXIT_USAGE;
  return exitStatus(results, options.maxWarnings, io);
}

/** A usage error as printed: the message, the usage line after an unknown option, and where help is. */
function usageErrorText(error: UsageError, usage: string, help: string): string {
  if (!error.unknownOption) return `cdx-lint: ${error.message}\nRun ${help} for usage.\n`;
  return `cdx-lint: ${error.message}\n${usage.slice(0, usage.indexOf('\n'))}\nRun ${help} for every option.\n`;
}

/** ESLint's result for a file named on the command line that is ignored: one ignored-file warning, not silence. */
function ignoredResults(paths: readonly string[], resolver: Resolver): LintResult[] {
  return paths.map((path) => {
    const by = resolver.ignoredBy(path) ?? { pattern: '', source: 'default' as const };
    return resultOf(path, null, [ignoredFileMessage(by)]);
  });
}

/** `--print-config <file>`: what applies to that file, as JSON; nothing is linted. */
function printConfig(options: CliOptions, io: RunIo, loaded: LoadedConfig, resolver: Resolver): number {
  const config = fileConfig(resolve(io.cwd, options.printConfig!), loaded, resolver);
  const shown = { ...config, config: config.config === null ? null : relative(io.cwd, config.config) || config.config };
  io.stdout.write(`${JSON.stringify(shown, null, 2)}\n`);
  return EXIT_CLEAN;
}

/** Says once, before linting anything, that TypeScript or JavaScript fixtures need typescript installed. */
function requireTypescriptFor(files: readonly string[], cwd: string): void {
  const code = files.filter((f) => readerFor(f).id !== 'json');
  if (code.length > 0 && !hasTypescript()) throw new MissingTypescriptError(code.map((f) => relative(cwd, f) || f));
}

/** 0 clean, 1 errors or more warnings than allowed (maxWarnings -1: no limit). */
function exitStatus(results: readonly LintResult[], maxWarnings: number, io: RunIo): number {
  const errors = results.reduce((n, r) => n + r.errorCount, 0);
  const warnings = results.reduce((n, r) => n + r.warningCount, 0);
  if (errors > 0) return EXIT_FINDINGS;
  if (maxWarnings >= 0 && warnings > maxWarnings) {
    io.stderr.write(`cdx-lint found too many warnings (maximum: ${maxWarnings}).\n`);
    return EXIT_FINDINGS;
  }
  return EXIT_CLEAN;
}

/** `cdx-lint assertion …`: explain a client assertion; same formats and exit codes as linting. */
async function runAssertion(argv: readonly string[], io: RunIo): Promise<number> {
  try {
    if (argv.includes('--help') || argv.includes('-h')) return (io.stdout.write(ASSERTION_USAGE), EXIT_CLEAN);
    const command = parseAssertionArgs(argv, io.cwd);
    const { result, rules } = await explainAssertion(command, io.cwd, io.stdin);
    if (!(await report([result], { ...command, fix: 'off' }, io, rules))) return EXIT_USAGE;
    return exitStatus([result], -1, io);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(usageErrorText(error, ASSERTION_USAGE, 'cdx-lint assertion --help'));
    return EXIT_USAGE;
  }
}

/** A custom formatter's report, as ESLint runs one: a copy of the results, ESLint's context; a string expected. */
async function customReport(spec: string, results: readonly LintResult[], context: FormatContext): Promise<string> {
  const { loadCustomFormatter, rulesMetaOf } = await import('../formatters/custom.js');
  const formatter = await loadCustomFormatter(spec, context.cwd, FORMAT_NAMES);
  let text: unknown;
  try {
    text = await formatter(structuredClone([...results]), { ...context, rulesMeta: rulesMetaOf(context) });
  } catch (error) {
    throw new FormatterError(`the formatter failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (typeof text !== 'string') throw new FormatterError(`the formatter returned ${typeof text}, not the report's text`);
  return text;
}

/**
 * Formats the results once per report (`--format name[=file]`) and writes each to stdout or its
 * file; false (after a line on stderr) when a report file cannot be written. A report file is
 * never written through a symlink or over anything but a regular file (output/tool-file.ts).
 */
async function report(
  results: readonly LintResult[],
  options: Pick<CliOptions, 'outputs' | 'color' | 'fix'>,
  io: RunIo,
  rules: readonly RuleInfo[],
): Promise<boolean> {
  let written = true;
  for (const output of options.outputs) {
    const toFile = output.file !== undefined;
    const context = {
      cwd: io.cwd,
      repoRoot: findRepoRoot(io.cwd, io.env),
      color: useColor(options.color, io.env, !toFile && io.stdout.isTTY === true),
      rules,
      version: toolVersion(),
      fix: options.fix,
    };
    let text: string;
    if (isFormatName(output.format)) text = (await loadFormatter(output.format))(results, context);
    else {
      try {
        text = await customReport(output.format, results, context);
      } catch (error) {
        if (!(error instanceof FormatterError)) throw error;
        io.stderr.write(`cdx-lint: --format ${escapeControl(output.format)}: ${escapeControl(error.message)}.\n`);
        written = false;
        continue;
      }
    }
    if (output.file === undefined) {
      io.stdout.write(text);
      continue;
    }
    const path = resolve(io.cwd, output.file);
    try {
      writeToolFile(path, text, relative(io.cwd, path) || path);
    } catch (error) {
      const reason = error instanceof ToolFileError ? `it is ${error.what}` : describeInputError(path, error).slice(path.length + 2);
      io.stderr.write(`cdx-lint: cannot write the report to ${escapeControl(path)}: ${reason}.\n`);
      written = false;
    }
  }
  return written;
}
