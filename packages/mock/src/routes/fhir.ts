import { validate, type KindId } from '@cdx/validate';
import { hasError, type Handled } from '../answer.js';
import type { MockContext } from '../context.js';
import { outcomeAnswer, rootOf } from '../outcome.js';
import { matching, searchset } from '../search.js';

/** The FHIR operations of the spec's table, by path suffix, with the kind their body must be. */
export const OPERATIONS: Readonly<Record<string, KindId>> = {
  'ChargeItem/$charge-item-create': 'fhir/ChargeItemCreate',
  'ServiceRequest/$referral-request': 'fhir/ReferralRequest',
  'ServiceRequest/$referral-complete': 'fhir/ReferralComplete',
  'DocumentReference/$documentreference-create': 'fhir/DocumentReferenceCreate',
  'Encounter/$encounter-transfer': 'fhir/EncounterTransfer',
  'Claim/$attach': 'fhir/ClaimAttach',
  MedicationRequest: 'fhir/MedicationRequest',
};

/** The searches, by path suffix. */
export const SEARCHES: Readonly<Record<string, { type: 'Goal' | 'Patient'; kind: KindId }>> = {
  'Goal/_search': { type: 'Goal', kind: 'fhir/Goal/_search' },
  'Patient/_search': { type: 'Patient', kind: 'fhir/Patient/_search' },
};

/**
 * A FHIR operation or create: the body validated as the operation's kind. Findings with an error make a
 * 422 OperationOutcome (FHIR's answer to a resource that breaks a profile), one issue per finding; an
 * accepted operation gets 204 (the spec: "no body"; the warnings are in the request log), and an
 * accepted MedicationRequest 201 with the resource as stored, given an id.
 */
export function operationRoute(suffix: string, body: unknown): Handled {
  const kind = OPERATIONS[suffix]!;
  const { findings } = validate(body, { kind });
  const root = rootOf(body, kind === 'fhir/MedicationRequest' ? 'MedicationRequest' : 'Bundle');
  if (hasError(findings)) return { kind, findings, answer: outcomeAnswer(422, findings, root) };
  if (kind === 'fhir/MedicationRequest') {
    const id = crypto.randomUUID();
    const stored = { ...(body as Record<string, unknown>), id };
    return {
      kind,
      findings,
      answer: { status: 201, kind, contentType: 'application/fhir+json', body: stored, headers: { location: `MedicationRequest/${id}/_history/1` } },
    };
  }
  // The spec: "no body". Warnings stay visible in the request log and the recording.
  return { kind, findings, answer: { status: 204 } };
}

/** A form body as a record of arrays: the shape cdx validates a search body in (`fhir/<Type>/_search`). */
export function formRecord(text: string): Record<string, string[]> {
  const record: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  for (const [name, value] of new URLSearchParams(text)) (record[name] ??= []).push(value);
  // validate() reads a plain object; a null-prototype one is copied into one (member names stay data).
  return Object.fromEntries(Object.entries(record));
}

/**
 * POST …/Goal/_search and …/Patient/_search: the form checked as a search body (known parameters, value
 * sets, dates), then a searchset Bundle of the fixture resources that match.
 */
export function searchRoute(suffix: string, text: string, context: MockContext): Handled {
  const { type, kind } = SEARCHES[suffix]!;
  const form = formRecord(text);
  const { findings } = validate(form, { kind });
  if (hasError(findings)) return { kind, findings, answer: outcomeAnswer(400, findings, 'Parameters') };
  const { fixtures } = context;
  const matches = matching(
    type,
    fixtures.resources(type).map((r) => fixtures.standalone(r)),
    form,
  );
  const bundle = searchset(type, matches, form._revinclude ?? [], context.fixtures, context.baseUrl());
  return { kind, findings, answer: { status: 200, kind: 'fhir/searchset', contentType: 'application/fhir+json', body: bundle } };
}
