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
  /**
   * Every rule, with the severity it has for this file (before pointer overrides); a rule with
   * options as `[severity, options]`, every option given (the config's or its default).
   */
  rules: Record<string, RuleSetting | [RuleSetting, Record<string, unknown>]>;
  /** Settings for findings at or inside some JSON Pointers. */
  pointerOverrides: PointerOverride[];
}

const SEVERITY_SETTING = { error: 'error', warning: 'warn' } as const;

/** What applies to one file under a loaded config (`FileConfig`); `--print-config` prints it. */
export function fileConfig(file: string, loaded: LoadedConfig, resolver: Resolver): FileConfig {
  const settings = resolver.settingsFor(file);
  const ignoredBy = resolver.ignoredBy(file);
  // The rules' options the config sets, by validate()'s option names (each belongs to one rule).
  const options = settings.ruleOptions ?? {};
  const rules: FileConfig['rules'] = {};
  for (const rule of allRules()) {
    const setting = settings.rules[rule.id] ?? SEVERITY_SETTING[rule.defaultSeverity];
    const names = Object.keys(rule.meta.options?.properties ?? {});
    rules[rule.id] = names.length === 0 ? setting : [setting, Object.fromEntries(names.map((name) => [name, options[name] ?? rule.defaultOptions[name]]))];
  }
  return {
    file,
    config: loaded.path ?? null,
    ignored: resolver.isIgnored(file),
    ...(ignoredBy ? { ignoredBy } : {}),
    reader: readerFor(file).id,
    kind: settings.kind ?? null,
    rules,
    pointerOverrides: settings.pointerOverrides,
  };
}
