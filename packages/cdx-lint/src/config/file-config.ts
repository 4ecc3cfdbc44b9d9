import type { KindId, RuleSetting } from '@cdx/validate';
import type { PointerOverride } from '../lint/types.js';
import { allRules } from '../rules/index.js';
import { readerFor } from '../sources/index.js';
import type { IgnoredBy, Resolver } from './resolve.js';
import type { LoadedConfig } from './types.js';

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

const SEVERITY_SETTING = { error: 'error', warning: 'warn' } as const;

/** What applies to one file under a loaded config (`FileConfig`); `--print-config` prints it. */
export function fileConfig(file: string, loaded: LoadedConfig, resolver: Resolver): FileConfig {
  const settings = resolver.settingsFor(file);
  const ignoredBy = resolver.ignoredBy(file);
  // The rules' options the config sets, by validate()'s option names.
  const options = settings.ruleOptions ?? {};
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
    knownVariants: (options.knownVariants as Record<string, string> | undefined) ?? {},
    fhirDefsUrl: (options.fhirDefsUrl as string | undefined) ?? null,
    attachmentLimit: (options.attachmentLimit as number | undefined) ?? null,
    multipleApiKeys: (options.multipleApiKeys as boolean | undefined) ?? false,
  };
}
