import type { CdxLintConfig } from '../generated/config.js';

/**
 * The config file's shape: generated with schema/cdx-lint.config.schema.json (its published form)
 * from config-schema.base.json and the rules' option schemas.
 */
export type { CdxLintConfig };

/** Rule settings for some files, or for some pointers in them. */
export type ConfigOverride = NonNullable<CdxLintConfig['overrides']>[number];

/** A config and where it came from; its globs are relative to `baseDir`. */
export interface LoadedConfig {
  config: CdxLintConfig;
  /** The file it was read from, or undefined when none was found (defaults apply). */
  path: string | undefined;
  baseDir: string;
  /** What the config says that still works but is deprecated (top-level rule options), one line each. */
  warnings?: string[];
}

/** A config problem: the CLI prints it and exits with status 2. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
