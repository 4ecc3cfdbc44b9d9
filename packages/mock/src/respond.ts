import type { ServerResponse } from 'node:http';
import { validate, type Finding } from '@cdx/validate';
import { errorAnswer, JSON_TYPE, publicFinding, type Answer } from './answer.js';

/** Our own answers are checked like a client's requests; this rule is about fixtures of other FHIR servers. */
const ANSWER_RULES = { 'service-resource-type': 'off' } as const;

/** The answer, or a 500 naming what is wrong with it when the mock's own answer is not valid. */
export function checked(answer: Answer): { answer: Answer; findings: readonly Finding[] } {
  if (answer.body === undefined || (answer.kind === undefined && answer.detect !== true)) return { answer, findings: [] };
  const result = answer.kind === undefined ? validate(answer.body, { rules: ANSWER_RULES }) : validate(answer.body, { kind: answer.kind, rules: ANSWER_RULES });
  if (answer.kind === undefined && result.kind === null) return { answer, findings: [] };
  if (result.valid) return { answer, findings: result.findings };
  const message = `The mock's own answer is not a valid ${result.kind ?? 'payload'}: fix the fixture or the configured answer.`;
  return {
    answer: errorAnswer(500, 'invalid-answer', message, { kind: result.kind, findings: result.findings.map(publicFinding) }),
    findings: result.findings,
  };
}

export function send(response: ServerResponse, answer: Answer): void {
  const body = answer.body === undefined ? undefined : JSON.stringify(answer.body);
  const headers: Record<string, string | number> = { ...answer.headers };
  if (body !== undefined) {
    headers['content-type'] = `${answer.contentType ?? JSON_TYPE}; charset=utf-8`;
    headers['content-length'] = Buffer.byteLength(body);
  }
  response.writeHead(answer.status, headers);
  response.end(body);
}
