import { getKind, listKinds, validate, type Finding, type KindId } from '@cdx/validate';
import { Fixtures } from './fixtures.js';

/** Options of {@link deliver}. */
export interface DeliverOptions {
  /** The client's webhook URL. */
  to: string;
  /** The event: a kind id (`PatientAdmin/PatientMerge`, `fhir/ResultCreated`) or its last segment (`PatientMerge`, `ResultCreated`). */
  event: string;
  /** Where the notification comes from: a fixtures directory, or loaded fixtures; default the bundled examples. */
  fixtures?: string | Fixtures;
  /** A bearer token to send, when the webhook wants one. */
  token?: string;
  /** Give up after this many ms; default 10,000. */
  timeoutMs?: number;
}

/** What the webhook answered. */
export interface DeliveryReport {
  kind: KindId;
  /** The findings of the notification sent (none with an error: only valid notifications are sent). */
  findings: readonly Finding[];
  status: number;
  contentType: string | null;
  /** The answer's body: JSON when it parses, else its text (at most 64 KiB of it). */
  body: unknown;
}

/** The kind an event name stands for, among the kinds the toolkit knows. */
export function eventKind(event: string): KindId | undefined {
  const wanted = event.toLowerCase();
  const kinds = listKinds().filter((k) => k.family !== 'auth');
  const exact = kinds.find((k) => k.id.toLowerCase() === wanted);
  if (exact) return exact.id;
  const byName = kinds.filter((k) => k.id.split('/').pop()!.toLowerCase() === wanted);
  return byName.length === 1 ? byName[0]!.id : undefined;
}

/**
 * Posts a valid notification of an event to a webhook (the fixture of its kind, checked before it is
 * sent) and reports what the webhook answered.
 *
 * @throws {Error} when the event is unknown, no fixture has its kind, or the fixture is not valid.
 */
export async function deliver(options: DeliverOptions): Promise<DeliveryReport> {
  const kind = eventKind(options.event);
  if (kind === undefined)
    throw new Error(`Unknown event ${JSON.stringify(options.event)}: give a kind id (cdx-lint --list-kinds) or an unambiguous event name.`);
  const fixtures = options.fixtures instanceof Fixtures ? options.fixtures : await Fixtures.load(options.fixtures);
  const body = fixtures.of(kind);
  if (body === undefined) throw new Error(`No fixture of kind ${kind} to deliver: add one to the fixtures directory.`);
  const { valid, findings } = validate(body, { kind });
  if (!valid)
    throw new Error(`The fixture of ${kind} is not valid (${findings.filter((f) => f.severity === 'error').length} errors): fix it before delivering it.`);
  const fhir = getKind(kind)?.family === 'fhir';
  const headers: Record<string, string> = { 'content-type': fhir ? 'application/fhir+json' : 'application/json' };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(options.to, { method: 'POST', headers, body: JSON.stringify(body), signal: AbortSignal.timeout(options.timeoutMs ?? 10_000) });
  const text = (await response.text()).slice(0, 64 * 1024);
  let answer: unknown = text;
  try {
    answer = text === '' ? null : (JSON.parse(text) as unknown);
  } catch {
    // Not JSON: reported as text.
  }
  return { kind, findings, status: response.status, contentType: response.headers.get('content-type'), body: answer };
}
