import { isAbsolute, relative, sep } from 'node:path';
import type { KindId, RuleSetting, RulesConfig } from '@cdx/validate';
import { DEPRECATED_KEYS } from '../generated/config.js';
import { applyRules, flatten, type OptionsByRule } from './rule-entries.js';
import type { FileSettings, PointerOverride } from '../lint/types.js';
import { compileGlob, compileGlobs, type GlobMatcher } from './glob.js';
import type { CdxLintConfig, LoadedConfig } from './types.js';

/** What the command line adds to the config; it wins over the config. */
export interface CliSettings {
  /** `--kind`: every input is this kind. */
  kind?: string;
  /** `--rule id=setting`, applied after the config's rules and file overrides. */
  rules?: Record<string, RuleSetting>;
  quiet?: boolean;
  /** `--no-ignore`: lint files the config ignores. */
  noIgnore?: boolean;
  /** `--ext`: replaces the config's `extensions`. */
  extensions?: string[];
  /** `--ignore-pattern`: ignores added to the config's, relative to `cwd` (as ESLint takes them). */
  ignorePatterns?: readonly string[];
  /** Where `ignorePatterns` are relative to. */
  cwd?: string;
}

/** Directories never searched: never payloads, and large. */
export const ALWAYS_IGNORED = ['node_modules', '.git'];

/**
 * Files that are never payloads, ignored as the config's `ignores` are (globs of the same syntax,
 * matched by the same code) unless `--no-ignore`: a directory skips them, a glob drops them, and
 * a file named on the command line gets a warning instead of being linted.
 */
export const DEFAULT_IGNORES = [
  'package.json',
  'package-lock.json',
  'npm-shrinkwrap.json',
  '*.lock',
  'tsconfig*.json',
  'jsconfig*.json',
  '.vscode/',
  'node_modules/',
  'dist/',
  '.git/',
  'cdx-lint.config.json',
];

/** Why a file is ignored: the glob that matched it, and whether it is one of the defaults or the config's. */
export interface IgnoredBy {
  pattern: string;
  source: 'config' | 'default' | 'command-line';
}

/** cdx-lint's own config is JSON in the linted tree but never a payload. */
export const CONFIG_NAME = 'cdx-lint.config.json';

interface CompiledOverride {
  files: GlobMatcher | undefined;
  pointers: readonly string[] | undefined;
  rules: RulesConfig;
}

/** Answers, per file, whether it is linted and with which settings. */
export interface Resolver {
  readonly extensions: readonly string[];
  /** Whether `isIgnored` can say yes to a file a directory walk found (config ignores exist). */
  readonly filtersWalkedFiles: boolean;
  /** Ignored by the config or by default, so never linted. */
  isIgnored(absolutePath: string): boolean;
  /** The glob that ignores a file, or undefined when it is linted. */
  ignoredBy(absolutePath: string): IgnoredBy | undefined;
  settingsFor(absolutePath: string): FileSettings;
}

/** The rule options the deprecated top-level keys of a config set, by rule id. */
function deprecatedOptionsOf(config: CdxLintConfig): OptionsByRule {
  const out: Record<string, Record<string, unknown>> = {};
  for (const [key, moved] of Object.entries(DEPRECATED_KEYS)) {
    if (Object.hasOwn(config, key)) (out[moved.rule] ??= {})[moved.option] = (config as Record<string, unknown>)[key];
  }
  return out;
}

/** What a config's deprecated top-level keys should be written as, one warning each. */
export function deprecationWarnings(config: CdxLintConfig): string[] {
  return Object.entries(DEPRECATED_KEYS)
    .filter(([key]) => Object.hasOwn(config, key))
    .map(([key, moved]) => `\`${key}\` at the top level is deprecated: write ${moved.instead} (an option of rule ${moved.rule}).`);
}

/** The severities of a `rules` object, for pointer overrides (which set no options: config/check.ts). */
function severitiesOf(entries: RulesConfig): Record<string, RuleSetting> {
  const rules: Record<string, RuleSetting> = {};
  applyRules(entries, rules, {});
  return rules;
}

export function createResolver(loaded: LoadedConfig, cli: CliSettings = {}): Resolver {
  const { config, baseDir } = loaded;
  const prefix = baseDir.endsWith(sep) ? baseDir : baseDir + sep;
  // Called twice per file: a prefix slice is much cheaper than path.relative for the usual case.
  const toRelative = (path: string) => {
    const rel = path.startsWith(prefix) ? path.slice(prefix.length) : relative(baseDir, path);
    return (sep === '/' ? rel : rel.split(sep).join('/')) || '.';
  };
  const always = (rel: string) =>
    rel === CONFIG_NAME || rel.endsWith(`/${CONFIG_NAME}`) || ALWAYS_IGNORED.some((name) => rel.startsWith(`${name}/`) || rel.includes(`/${name}/`));
  // The defaults as one glob of alternatives: one match per path instead of one per default (a
  // directory walk asks about every file it finds).
  const ignored = compileGlobs([`{${DEFAULT_IGNORES.map((glob) => glob.replace(/\/$/, '')).join(',')}}`, ...(config.ignores ?? [])]);
  // Only for the warning about a named file: which glob, so compiled one by one, on first use.
  let each: { pattern: string; source: IgnoredBy['source']; match: GlobMatcher }[] | undefined;
  const matchers = () =>
    (each ??= [
      ...(config.ignores ?? []).map((pattern) => ({ pattern, source: 'config' as const, match: compileGlob(pattern) })),
      ...DEFAULT_IGNORES.map((pattern) => ({ pattern, source: 'default' as const, match: compileGlob(pattern) })),
    ]);
  // --ignore-pattern globs, matched against the path relative to the working directory.
  const cwd = cli.cwd ?? baseDir;
  const fromCwd = (path: string) => (sep === '/' ? relative(cwd, path) : relative(cwd, path).split(sep).join('/')) || '.';
  const cliIgnores = (cli.ignorePatterns ?? []).map((pattern) => ({ pattern, source: 'command-line' as const, match: compileGlob(pattern) }));
  const ignoredByCli = (path: string) => cliIgnores.find((i) => i.match(fromCwd(path)));
  const kinds = Object.entries(config.kinds ?? {}).map(([glob, kind]) => ({ match: compileGlob(glob), kind }));
  const overrides: CompiledOverride[] = (config.overrides ?? []).map((o) => ({
    files: o.files ? compileGlobs(o.files) : undefined,
    pointers: o.pointers,
    rules: o.rules,
  }));
  // `--rule` wins over everything in the config, pointer overrides included.
  const withoutCliRules = (rules: Readonly<Record<string, RuleSetting>>) =>
    cli.rules ? Object.fromEntries(Object.entries(rules).filter(([id]) => !Object.hasOwn(cli.rules!, id))) : rules;
  const deprecatedOptions = deprecatedOptionsOf(config);

  // Without kind globs or file-specific overrides every file gets the same settings: build them once.
  const perFile = kinds.length > 0 || overrides.some((o) => o.files);
  let shared: FileSettings | undefined;

  const build = (rel: string): FileSettings => {
    const rules: Record<string, RuleSetting> = {};
    // The deprecated top-level keys first: a rule's own entry with options replaces them.
    const byRule: OptionsByRule = { ...deprecatedOptions };
    applyRules(config.rules, rules, byRule);
    const pointerOverrides: PointerOverride[] = [];
    for (const o of overrides) {
      if (o.files && !o.files(rel)) continue;
      if (o.pointers) pointerOverrides.push({ pointers: o.pointers, rules: withoutCliRules(severitiesOf(o.rules)) });
      else applyRules(o.rules, rules, byRule);
    }
    const ruleOptions = flatten(byRule);
    Object.assign(rules, cli.rules);
    const settings: FileSettings = { rules, pointerOverrides, ruleOptions };
    if (config.maxFindingsPerRule !== undefined) settings.maxFindingsPerRule = config.maxFindingsPerRule;
    const kind = cli.kind ?? kinds.find((k) => k.match(rel))?.kind;
    // Both were checked against the registry when read (config/check.ts, the CLI's checkNames).
    if (kind !== undefined) settings.kind = kind as KindId;
    if (cli.quiet) settings.quiet = true;
    return settings;
  };

  return {
    extensions: cli.extensions ?? config.extensions ?? ['.json'],
    filtersWalkedFiles: !cli.noIgnore,
    isIgnored(path) {
      if (cli.noIgnore) return false;
      const rel = toRelative(path);
      // Paths outside the config's directory are relative with `..`; only slash-less globs reach them.
      return always(rel) || ignored(rel) || ignoredByCli(path) !== undefined;
    },
    ignoredBy(path) {
      if (cli.noIgnore) return undefined;
      const rel = toRelative(path);
      const found = matchers().find((m) => m.match(rel));
      if (found) return { pattern: found.pattern, source: found.source };
      const byCli = ignoredByCli(path);
      if (byCli) return { pattern: byCli.pattern, source: byCli.source };
      return always(rel) ? { pattern: rel.split('/').find((part) => ALWAYS_IGNORED.includes(part)) ?? CONFIG_NAME, source: 'default' } : undefined;
    },
    settingsFor(path) {
      if (!perFile) return (shared ??= build(''));
      return build(isAbsolute(path) ? toRelative(path) : path);
    },
  };
}
