// Argument parsing is strict: every mistake is a UsageError (exit status 2) that says what to write.
import { describe, expect, it } from 'vitest';
import { parseCliArgs, UsageError } from '../src/cli/args.js';

describe('parseCliArgs', () => {
  it.each([
    [
      'defaults',
      ['a.json'],
      {
        patterns: ['a.json'],
        outputs: [{ format: 'stylish' }],
        warnIgnored: true,
        maxWarnings: -1,
        fix: 'off',
        concurrency: 'auto',
        noIgnore: false,
        errorOnUnmatchedPattern: true,
      },
    ],
    ['stdin with a name', ['-', '--stdin-filename', 'x.json'], { stdin: true, patterns: [], stdinFilename: 'x.json' }],
    ['short options', ['-f', 'json', '-o', 'out.json', '-c', 'cfg.json', 'a'], { outputs: [{ format: 'json', file: 'out.json' }], config: 'cfg.json' }],
    [
      'several reports',
      ['-f', 'stylish', '-f', 'sarif=out/cdx.sarif', '--format=junit=junit.xml', 'a'],
      { outputs: [{ format: 'stylish' }, { format: 'sarif', file: 'out/cdx.sarif' }, { format: 'junit', file: 'junit.xml' }] },
    ],
    ['--no-warn-ignored', ['--no-warn-ignored', 'a'], { warnIgnored: false }],
    ['--print-config needs no files', ['--print-config', 'x.json'], { action: 'print-config', printConfig: 'x.json' }],
    ['--no-config', ['--no-config', 'a'], { config: false }],
    ['negations', ['--no-ignore', '--no-color', '--no-error-on-unmatched-pattern', 'a'], { noIgnore: true, color: false, errorOnUnmatchedPattern: false }],
    ['repeated --rule', ['--rule', 'schema=warn', '--rule', 'unknown-field=off', 'a'], { rules: { schema: 'warn', 'unknown-field': 'off' } }],
    ['--ext lists', ['--ext', '.json,jsonc', '--ext', '.cdx', 'a'], { extensions: ['.json', '.jsonc', '.cdx'] }],
    ['fix modes', ['--fix-dry-run', 'a'], { fix: 'dry-run' }],
    ['concurrency', ['--concurrency', '4', 'a'], { concurrency: 4 }],
    ['max warnings', ['--max-warnings', '0', 'a'], { maxWarnings: 0 }],
    ['help needs no files', ['--help'], { action: 'help' }],
  ])('%s', (_name, argv, want) => {
    expect(parseCliArgs(argv)).toMatchObject(want);
  });

  it.each([
    ['an unknown option', ['--bogus', 'a'], /^Unknown option --bogus\.$/],
    ['a misspelt option', ['--max-warning', '0', 'a'], /^Unknown option --max-warning; did you mean --max-warnings\?$/],
    ['a misspelt option with its value', ['--formt=json', 'a'], /^Unknown option --formt; did you mean --format\?$/],
    ['a misspelt negation', ['--no-ignroe', 'a'], /did you mean --no-ignore\?/],
    ['a negated string option', ['--no-format', 'a'], /Unknown option --no-format\./],
    ['a missing value', ['a', '--format'], /^--format needs a value: -f, --format <name>\[=<file>\] /],
    [
      '--print-config without a file',
      ['--print-config'],
      /^--print-config needs a value: --print-config <file> {2}Print the settings that apply to a file, as JSON, and lint nothing$/,
    ],
    ['a format without a name', ['-f', '=x.sarif', 'a'], /use one of github, json, junit, sarif, stylish, or a formatter's file or package/],
    ['two reports for stdout', ['-f', 'json', '-f', 'github', 'a'], /Only one --format can write to stdout/],
    ['--print-config with files', ['--print-config', 'x.json', 'a.json'], /--print-config takes one file/],
    ['a bad --max-warnings', ['--max-warnings', 'many', 'a'], /whole number/],
    ['a bad --rule', ['--rule', 'schema', 'a'], /<rule-id>=off/],
    ['a bad --concurrency', ['--concurrency', '0', 'a'], /positive number, auto or off/],
    ['--fix with --fix-dry-run', ['--fix', '--fix-dry-run', 'a'], /cannot be used together/],
    ['stdin and files', ['-', 'a'], /either stdin/],
    ['--fix on stdin', ['--fix', '-'], /--fix cannot write to stdin/],
    ['--stdin-filename without stdin', ['--stdin-filename', 'x', 'a'], /needs --stdin \(or -\)/],
  ])('rejects %s', (_name, argv, message) => {
    expect(() => parseCliArgs(argv)).toThrow(UsageError);
    expect(() => parseCliArgs(argv)).toThrow(message);
  });
});

describe('ESLint defaults', () => {
  it('no inputs: the working directory, as ESLint lints .', () => {
    expect(parseCliArgs([]).patterns).toEqual(['.']);
    expect(parseCliArgs(['--stdin']).patterns).toEqual([]);
  });

  it("--rule in ESLint's form", () => {
    expect(parseCliArgs(['--rule', 'schema: warn, unknown-field: 0', '--rule', 'spelling-drift=off']).rules).toEqual({
      schema: 'warn',
      'unknown-field': 'off',
      'spelling-drift': 'off',
    });
  });
});
