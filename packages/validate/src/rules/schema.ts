import { describeError, SCHEMA_MESSAGES, type SchemaReport } from '../schema-errors.js';
import { untangle } from '../schema-errors-combine.js';
import { mergeSamePlace } from '../schema-errors-merge.js';
import { getKind, loadKind, type AjvError } from '../registry.js';
import { STANDARD_OF } from '../cdshooks/standard.js';
import { createRule } from './create-rule.js';
import { PAYLOAD, type PayloadContext } from './scopes.js';

/**
 * A member the service's listing requires where CDS Hooks does not (order-sign's `fhirServer`, which
 * CDS Hooks requires only beside `fhirAuthorization`): the service's demand beyond the standard,
 * said as such (the standard's own demands in the envelope are cds-hooks-standard's).
 */
const MESSAGES = {
  ...SCHEMA_MESSAGES,
  requiredByService: "{{field}} is required but missing: the service's listing requires it, beyond CDS Hooks 2.0, which does not here.",
} as const;

/**
 * Structural violations found by the kind's precompiled validator: required members, types,
 * value sets, formats. For FHIR, what breaks R4 itself (the service's own additions are
 * service-profile's). Raw ajv errors never leave the schema-error rules.
 */
export const schemaRule = createRule({
  scope: PAYLOAD,
  meta: {
    id: 'schema',
    severity: 'error',
    description: 'The payload must match its schema (for FHIR, R4 itself): required members, types, value sets and formats.',
    messages: MESSAGES,
    settledByTwin: true,
    // A value both out of the schema's form and its format: the form (narrower) says what to write.
    supersedes: [
      { by: ['pattern'], rule: 'schema', messages: ['format'], at: 'same' },
      // A required member missing can leave its element empty (ele-1): the missing member is the
      // cause, and says what to write.
      { by: ['required', 'requiredByService'], rule: 'fhir-invariant', messages: ['empty'], at: 'parent' },
      // So in CDS Hooks: an empty object (`"source": {}`) misses its required members, and the
      // missing member says what to write, where "omit the empty member" would be wrong advice.
      { by: ['required'], rule: 'cds-hooks-empty-value', messages: ['empty'], at: 'parent' },
      // An element of the wrong type left empty (`"issued": {}`): its type says what to write.
      { by: ['type'], rule: 'fhir-invariant', messages: ['empty'], at: 'same' },
    ],
  },
  check(context) {
    const reports = schemaReports(context.schemaErrors(), context.payload);
    const standard = STANDARD_OF[context.kind.id];
    const byStandard =
      standard && reports.some((r) => r.messageId === 'required')
        ? new Set(standardReports(context).flatMap((r) => (r.messageId === 'required' ? [r.pointer] : [])))
        : undefined;
    for (const report of reports) {
      const beyond = byStandard && report.messageId === 'required' && !byStandard.has(report.pointer);
      context.report(beyond ? { ...report, messageId: 'requiredByService' } : report);
    }
  },
});

/**
 * What CDS Hooks 2.0 itself finds in a document in the service's envelope: its body (without `Meta`)
 * validated as its bare kind (STANDARD_OF), as `schema` reports. The strict twin first, as for the
 * payload itself (validate.ts): the exact validator only for a body it refuses. Computed once per
 * validation (context.shared) for the two rules that read it: this one, for which missing members
 * are the service's demand alone, and cds-hooks-standard, for those the standard adds.
 */
export function standardReports(context: PayloadContext): readonly SchemaReport[] {
  const id = STANDARD_OF[context.kind.id]!;
  let compute = bodyReports.get(id);
  if (!compute) {
    compute = (payload) => reportsAsStandard(payload, id);
    bodyReports.set(id, compute);
  }
  return context.shared(compute);
}

/** One function per bare kind: context.shared knows a computation by its function. */
const bodyReports = new Map<string, (payload: unknown) => readonly SchemaReport[]>();

function reportsAsStandard(payload: unknown, standardId: string): readonly SchemaReport[] {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return [];
  const { Meta: _meta, ...body } = payload as Record<string, unknown>;
  const module = loadKind(getKind(standardId)!);
  if (module.strict(body)) return [];
  const validate = module.exact().validate;
  return validate(body) ? [] : schemaReports(validate.errors ?? [], body);
}

/**
 * Validator errors as reports, one per real problem. Shared by the schema and service-profile
 * rules, whose messages have the same ids.
 */
export function schemaReports(errors: readonly AjvError[], payload: unknown): SchemaReport[] {
  if (errors.length === 0) return [];
  const seen = new Set<string>();
  const out: SchemaReport[] = [];
  for (const error of mergeSamePlace(untangle(errors))) {
    const report = describeError(error, payload);
    if (!report) continue;
    const key = `${report.pointer}\u0000${report.messageId}\u0000${JSON.stringify(report.data)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(report);
  }
  return out;
}
