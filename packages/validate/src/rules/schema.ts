import { describeError } from '../schema-errors.js';
import { untangle } from '../schema-errors-combine.js';
import type { AjvError } from '../registry.js';
import type { Report, Rule, RuleContext } from './rule.js';

/**
 * Structural violations found by the kind's precompiled validator: required members, types,
 * value sets, formats. For FHIR, what breaks R4 itself (the service's own additions are
 * service-profile's). Raw ajv errors never leave the schema-error rules.
 */
export const schemaRule: Rule = {
  id: 'schema',
  defaultSeverity: 'error',
  settledByTwin: true,
  description: 'The payload must match its schema (for FHIR, R4 itself): required members, types, value sets and formats.',
  check(context) {
    reportErrors(context.schemaErrors(), context);
  },
};

/**
 * Turns validator errors into reports, one per real problem; `explain` may add to each message.
 * Shared by the schema and service-profile rules.
 */
export function reportErrors(errors: readonly AjvError[], context: RuleContext, explain: (report: Report) => Report = (r) => r): void {
  if (errors.length === 0) return;
  const seen = new Set<string>();
  for (const error of narrowestTypes(untangle(errors))) {
    const report = describeError(error, context.payload);
    if (!report) continue;
    const key = `${report.pointer}\u0000${report.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    context.report(explain(report));
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
