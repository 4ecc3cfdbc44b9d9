import { describeError } from '../schema-errors.js';
import { untangle } from '../schema-errors-combine.js';
import type { AjvError } from '../registry.js';
import type { Rule, RuleContext } from './rule.js';

/**
 * Structural violations found by the kind's precompiled validator: required members, types,
 * value sets, formats. Raw ajv errors never leave this file.
 */
export const schemaRule: Rule = {
  id: 'schema',
  defaultSeverity: 'error',
  description: 'The payload must match its message schema: required members, types, value sets and formats.',
  check() {
    // Run by validate() itself, which owns the validator call; see reportSchemaErrors.
  },
};

/** Turns the validator's errors into `schema` reports, one per real problem. */
export function reportSchemaErrors(errors: readonly AjvError[], context: RuleContext): void {
  const seen = new Set<string>();
  for (const error of narrowestTypes(untangle(errors))) {
    const report = describeError(error, context.payload);
    if (!report) continue;
    const key = `${report.pointer}\u0000${report.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    context.report(report);
  }
}

/**
 * A value can fail two `type` checks at once (a shared definition allows null, the message
 * requires a string). The narrowest one is what the user must satisfy; the rest is noise.
 */
function narrowestTypes(errors: readonly AjvError[]): AjvError[] {
  const typeAt = new Map<string, AjvError>();
  const width = (e: AjvError) => String(e.params.type).split(',').length;
  for (const error of errors) {
    if (error.keyword !== 'type') continue;
    const current = typeAt.get(error.instancePath);
    if (!current || width(error) < width(current)) typeAt.set(error.instancePath, error);
  }
  return errors.filter((e) => e.keyword !== 'type' || typeAt.get(e.instancePath) === e);
}
