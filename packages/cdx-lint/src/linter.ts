import { extname, resolve } from 'node:path';
import { detectKind } from '@cdx/validate';
import { loadConfig } from './config/load.js';
import { createResolver, type CliSettings, type Resolver } from './config/resolve.js';
import type { LoadedConfig } from './config/types.js';
import { lintText as lintSourceText } from './lint/lint-text.js';
import { fixText } from './lint/process-file.js';
import type { LintResult } from './lint/types.js';
import { fileConfig, type FileConfig } from './config/file-config.js';
import { readerFor } from './sources/index.js';
import type { Concurrency } from './workers/pool.js';
import { codePositions } from './position/code.js';
import { jsonPositions } from './position/json.js';
import type { PayloadPosition } from './position/types.js';

export type { FileConfig };

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

/**
 * One config, loaded once, for many texts: what an editor integration needs (it lints the same
 * files on every change). Paths are absolute or relative to `cwd`.
 */
export interface Linter {
  /** The config file in use, or undefined when none was found. */
  readonly configPath: string | undefined;
  /** What the config says that still works but is deprecated (top-level rule options), one line each. */
  readonly configWarnings: readonly string[];
  /** Lints one text as if it were `filePath` (which need not exist); with `fix: 'dry-run'` the fixed text is in `output`. */
  lintText(text: string, filePath: string, options?: { fix?: 'off' | 'dry-run' }): LintResult;
  /** Ignored by the config or by default (see `FileConfig.ignored`). */
  isIgnored(filePath: string): boolean;
  configFor(filePath: string): FileConfig;
  /**
   * The payload member or value at `offset` (UTF-16 code units into `text`, BOM included) and the
   * payload's kind, read tolerantly from text being typed; undefined outside every payload. What
   * hover and completion in an editor start from.
   */
  payloadAt(text: string, filePath: string, offset: number): PayloadPosition | undefined;
  /**
   * `payloadAt` for any number of places in one text, which is parsed once (on the first question):
   * what an editor keeps per version of a document, so that hovering over a large file does not
   * parse it again each time.
   */
  payloadPositions(text: string, filePath: string): (offset: number) => PayloadPosition | undefined;
}

class ConfiguredLinter implements Linter {
  readonly configPath: string | undefined;
  readonly configWarnings: readonly string[];

  constructor(
    private readonly cwd: string,
    private readonly loaded: LoadedConfig,
    private readonly resolver: Resolver,
  ) {
    this.configPath = loaded.path;
    this.configWarnings = loaded.warnings ?? [];
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

  payloadAt(text: string, filePath: string, offset: number): PayloadPosition | undefined {
    return this.payloadPositions(text, filePath)(offset);
  }

  payloadPositions(text: string, filePath: string): (offset: number) => PayloadPosition | undefined {
    const path = resolve(this.cwd, filePath);
    const configured = this.resolver.settingsFor(path).kind;
    if (readerFor(path).id === 'json') {
      const at = jsonPositions(text);
      return (offset) => {
        const found = at(offset);
        return found && { ...found, kind: configured ?? detectKind(found.value) };
      };
    }
    const at = codePositions(text, extname(path).toLowerCase());
    return (offset) => {
      const found = at(offset);
      if (!found) return undefined;
      const { sourceKind, ...position } = found;
      return { ...position, kind: sourceKind ?? configured ?? detectKind(found.value) };
    };
  }
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
