import type { RuleSetting } from '@cdx/validate';

/** The config file's shape; schema/cdx-lint.config.schema.json is its published form. */
export interface CdxLintConfig {
  $schema?: string;
  /** Extensions picked inside directories. Default `[".json"]`. */
  extensions?: string[];
  /** Globs of files that are not payloads. */
  ignores?: string[];
  /** Glob → kind id, for bodies that cannot be detected. First match wins. */
  kinds?: Record<string, string>;
  rules?: Record<string, RuleSetting>;
  overrides?: ConfigOverride[];
  attachmentLimit?: number;
  /** Also check R4's warning-severity constraints (fhir-invariant). Default false. */
  bestPracticeInvariants?: boolean;
  fhir_defs_url?: string;
  knownVariants?: Record<string, string>;
  multipleApiKeys?: boolean;
  /** Findings listed per rule in one file (default 1,000); the rest become one finding with their count. */
  maxFindingsPerRule?: number;
}

/** Rule settings for some files, or for some pointers in them. */
export interface ConfigOverride {
  files?: string[];
  pointers?: string[];
  rules: Record<string, RuleSetting>;
}

/** A config and where it came from; its globs are relative to `baseDir`. */
export interface LoadedConfig {
  config: CdxLintConfig;
  /** The file it was read from, or undefined when none was found (defaults apply). */
  path: string | undefined;
  baseDir: string;
}

/** A config problem: the CLI prints it and exits with status 2. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
