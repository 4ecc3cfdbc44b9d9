import type { RuleSetting } from '@cdx/validate';
import { isWithin } from '../locate/pointer.js';
import type { FileSettings } from './types.js';
import type { Severity } from '../rules/index.js';

/**
 * The rule settings to hand to `validate()` for one file: the file's settings, except that a
 * rule turned off for the file but turned back on for some pointer must still run (its other
 * findings are dropped afterwards by `settle`).
 */
const forValidate = new WeakMap<FileSettings, Record<string, RuleSetting>>();

export function validateRules(settings: FileSettings): Record<string, RuleSetting> {
  // Most runs share one settings object across every file: compute this once for it.
  let rules = forValidate.get(settings);
  if (rules) return rules;
  rules = { ...settings.rules };
  forValidate.set(settings, rules);
  for (const override of settings.pointerOverrides) {
    for (const [id, setting] of Object.entries(override.rules)) {
      if (setting !== 'off' && rules[id] === 'off') delete rules[id];
    }
  }
  return rules;
}

/** The last pointer override that speaks about this rule at this pointer. */
function pointerSetting(settings: FileSettings, ruleId: string, pointer: string): RuleSetting | undefined {
  let setting: RuleSetting | undefined;
  for (const override of settings.pointerOverrides) {
    const own = override.rules[ruleId];
    if (own !== undefined && override.pointers.some((p) => isWithin(pointer, p))) setting = own;
  }
  return setting;
}

/**
 * The final severity of a finding, or undefined when it is not reported. `reported` is the
 * severity it came with (from `validate()`, which already applied the file's settings, or the
 * CLI rule's default).
 */
export function settle(settings: FileSettings, ruleId: string, pointer: string, reported: Severity): Severity | undefined {
  const setting = pointerSetting(settings, ruleId, pointer) ?? settings.rules[ruleId];
  let severity: Severity | undefined = reported;
  if (setting === 'off') severity = undefined;
  else if (setting === 'warn') severity = 'warning';
  else if (setting === 'error') severity = 'error';
  if (severity === 'warning' && settings.quiet) return undefined;
  return severity;
}
