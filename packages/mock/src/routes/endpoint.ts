import { getKind, validate, type KindId } from '@cdx/validate';
import { errorAnswer, hasError, publicFinding, type Handled } from '../answer.js';
import type { MockContext } from '../context.js';

/**
 * The answer kind of each Data Model request that is answered with data: the queries and the CDS Hooks
 * requests the service answers synchronously. Other accepted messages (events, writes) get an
 * acknowledgement, since the spec shows no response body for them.
 */
export const ANSWER_KINDS: Readonly<Partial<Record<KindId, KindId>>> = {
  'Scheduling/AvailableSlots': 'Scheduling/AvailableSlotsResponse',
  'CDSHooks/Discovery': 'CDSHooks/discovery-response',
  'CDSHooks/PatientView': 'CDSHooks/patient-view-response',
};

/**
 * POST /endpoint: the message validated with the service's rules. A refused message (any error) gets 400
 * with the findings as cdx-lint reports them; an accepted query gets a response of its kind from the
 * fixtures; any other accepted message gets 202 with its kind and warnings.
 */
export function endpointRoute(body: unknown, context: MockContext): Handled {
  const result = validate(body);
  const { kind, findings } = result;
  if (kind !== null && getKind(kind)?.family !== 'datamodel') {
    const message = `A ${kind} is not a Data Model message: send it to its own endpoint (FHIR operations under /fhir/R4/…, CDS Hooks under /cds-hooks/v1/…).`;
    return { kind, findings: [], answer: errorAnswer(400, 'wrong-endpoint', message, { kind }) };
  }
  if (hasError(findings)) {
    return {
      kind,
      findings,
      answer: errorAnswer(400, 'invalid-message', 'The message is not one the service accepts.', { kind, findings: findings.map(publicFinding) }),
    };
  }
  const configured = kind === null ? undefined : context.answers.get(kind);
  if (configured !== undefined) return { kind, findings, answer: { status: 200, body: structuredClone(configured), detect: true } };
  const answerKind = kind === null ? undefined : ANSWER_KINDS[kind];
  const answer = answerKind === undefined ? undefined : context.fixtures.of(answerKind);
  if (answerKind !== undefined && answer !== undefined) return { kind, findings, answer: { status: 200, kind: answerKind, body: answer } };
  if (kind !== null && getKind(kind)?.query === true) {
    return {
      kind,
      findings,
      answer: errorAnswer(501, 'no-fixture', `No fixture answers ${kind}: configure one with the answers option (the spec does not show this response).`, {
        kind,
      }),
    };
  }
  return { kind, findings, answer: { status: 202, body: { accepted: true, kind, findings: findings.map(publicFinding) } } };
}
