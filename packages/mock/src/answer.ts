import type { Finding, KindId } from '@cdx/validate';

/** What a route answers: a status and a body, and the kind of that body when it is a payload of the service. */
export interface Answer {
  status: number;
  /** A JSON value, or undefined for no body. */
  body?: unknown;
  /** The body's kind: the answer is validated as it before it is sent. */
  kind?: KindId;
  /** Validate the body as whatever kind it is detected as (a configured answer of a kind the spec does not name). */
  detect?: boolean;
  contentType?: string;
  headers?: Readonly<Record<string, string>>;
}

/** What the mock learnt about a request: its kind and the findings about it. */
export interface RequestVerdict {
  kind?: KindId | null;
  findings?: readonly Finding[];
}

/** A route's answer with what it found in the request. */
export interface Handled extends RequestVerdict {
  answer: Answer;
}

export const JSON_TYPE = 'application/json';
export const FHIR_JSON_TYPE = 'application/fhir+json';

/** A JSON error body outside FHIR: a machine-readable code, a sentence, and more when there is more. */
export function errorAnswer(status: number, error: string, message: string, extra: Readonly<Record<string, unknown>> = {}): Answer {
  return { status, body: { error, message, ...extra } };
}

/** A finding as the client sees it: cdx-lint's fields (rule id, severity, pointer, message, fix). */
export function publicFinding(finding: Finding): Record<string, unknown> {
  const { ruleId, severity, pointer, message, fix, suggestions, omitted } = finding;
  return {
    ruleId,
    severity,
    pointer,
    message,
    ...(fix ? { fix } : {}),
    ...(suggestions ? { suggestions } : {}),
    ...(omitted === undefined ? {} : { omitted }),
  };
}

export function hasError(findings: readonly Finding[]): boolean {
  return findings.some((f) => f.severity === 'error');
}
