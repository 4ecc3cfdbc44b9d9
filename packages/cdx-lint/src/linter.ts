import { resolve } from 'node:path';
import type { KindId, RuleSetting } from '@cdx/validate';
import { loadConfig } from './config/load.js';
import { createResolver, type CliSettings, type IgnoredBy, type Resolver } from './config/resolve.js';
import type { LoadedConfig } from './config/types.js';
import { lintText as lintSourceText } from './lint/lint-text.js';
import { fixText } from './lint/process-file.js';
import type { LintResult, PointerOverride } from './lint/types.js';
import { allRules } from './rules.js';
import { readerFor } from './sources/index.js';
import type { Concurrency } from './workers/pool.js';

/** Options of the programmatic API. */
export interface LintOptions extends CliSettings {
  /** Base for relative paths and where the config is searched from. Default `process.cwd()`. */
  cwd?: string;
  /** A config file to use, or false for none. Default: the nearest one from `cwd` upward. */
  config?: string | false;
  /** Rename misspelt members: `fix` writes files, `dry-run` only fills `output` and `fixes`. */
  fix?: 'off' | 'fix' | 'dry-run';
  concurrency?: Concurrency;
}

/** What applies to one file (`cdx-lint --print-config <file>`). */
export interface FileConfig {
  /** Absolute path of the file asked about (it need not exist). */
  file: string;
  /** The config file in use, absolute, or null when none applies (every default). */
  config: string | null;
  /** Whether linting a directory or glob skips it (a named one gets a warning instead). */
  ignored: boolean;
  /** The glob that ignores it. */
  ignoredBy?: IgnoredBy;
  /** How its text is read: `json`, `typescript`, `tsx` or `javascript`. */
  reader: string;
  /** The kind it is checked as when its content does not say (config `kinds`, `--kind`), or null: detected. */
  kind: KindId | null;
  /** Every rule, with the severity it has for this file (before pointer overrides). */
  rules: Record<string, RuleSetting>;
  /** Settings for findings at or inside some JSON Pointers. */
  pointerOverrides: PointerOverride[];
  knownVariants: Record<string, string>;
  /** null: not set (event URIs are not checked against a base). */
  fhirDefsUrl: string | null;
  /** null: @cdx/validate's default (7,000,000 base64 characters). */
  attachmentLimit: number | null;
  multipleApiKeys: boolean;
}

/**
 * One config, loaded once, for many texts: what an editor integration needs (it lints the same
 * files on every change). Paths are absolute or relative to `cwd`.
 */
export interface Linter {
  /** The config file in use, or undefined when none was found. */
  readonly configPath: string | undefined;
  /** Lints one text as if it were `filePath` (which need not exist); with `fix: 'dry-run'` the fixed text is in `output`. */
  lintText(text: string, filePath: string, options?: { fix?: 'off' | 'dry-run' }): LintResult;
  /** Ignored by the config or by default (see `FileConfig.ignored`). */
  isIgnored(filePath: string): boolean;
  configFor(filePath: string): FileConfig;
}

const SEVERITY_SETTING = { error: 'error', warning: 'warn' } as const;

class ConfiguredLinter implements Linter {
  readonly configPath: string | undefined;

  constructor(
    private readonly cwd: string,
    private readonly loaded: LoadedConfig,
    private readonly resolver: Resolver,
  ) {
    this.configPath = loaded.path;
  }

  lintText(text: string, filePath: string, options: { fix?: 'off' | 'dry-run' } = {}): LintResult {
    const path = resolve(this.cwd, filePath);
    const settings = this.resolver.settingsFor(path);
    if (options.fix !== 'dry-run') return lintSourceText(text, path, settings);
    const { result, output, fixes } = fixText(text, path, settings);
    return output === undefined ? result : { ...result, output, fixes };
  }

  isIgnored(filePath: string): boolean {
    return this.resolver.isIgnored(resolve(this.cwd, filePath));
  }

  configFor(filePath: string): FileConfig {
    return fileConfig(resolve(this.cwd, filePath), this.loaded, this.resolver);
  }
}

/** What applies to one file under a loaded config (`FileConfig`); `--print-config` prints it. */
export function fileConfig(file: string, loaded: LoadedConfig, resolver: Resolver): FileConfig {
  const settings = resolver.settingsFor(file);
  const ignoredBy = resolver.ignoredBy(file);
  const rules: Record<string, RuleSetting> = {};
  for (const rule of allRules()) rules[rule.id] = settings.rules[rule.id] ?? SEVERITY_SETTING[rule.defaultSeverity];
  return {
    file,
    config: loaded.path ?? null,
    ignored: resolver.isIgnored(file),
    ...(ignoredBy ? { ignoredBy } : {}),
    reader: readerFor(file).id,
    kind: settings.kind ?? null,
    rules,
    pointerOverrides: settings.pointerOverrides,
    knownVariants: settings.knownVariants ?? {},
    fhirDefsUrl: settings.fhirDefsUrl ?? null,
    attachmentLimit: settings.attachmentLimit ?? null,
    multipleApiKeys: settings.multipleApiKeys ?? false,
  };
}

/**
 * Loads the config that applies in `options.cwd` (or the one named, or none) and returns a linter
 * bound to it. Throws ConfigError for a bad config; load a new linter when the config changes.
 */
export function createLinter(options: LintOptions = {}): Linter {
  const cwd = options.cwd ?? process.cwd();
  const loaded = loadConfig({ cwd, ...(options.config !== undefined ? { configPath: options.config } : {}) });
  return new ConfiguredLinter(cwd, loaded, createResolver(loaded, options));
}
