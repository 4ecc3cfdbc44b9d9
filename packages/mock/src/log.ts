import type { Finding, KindId } from '@cdx/validate';

/** One exchange as the request log keeps it. */
export interface LoggedRequest {
  /** 1 for the first request the mock received. */
  seq: number;
  method: string;
  /** The path, without the query. */
  path: string;
  status: number;
  /** The request body's kind, when the route knows or detected it (null: not detected). */
  kind?: KindId | null;
  /** What the mock found in the request (errors and warnings). */
  findings: readonly Finding[];
  /** The answer's kind, when it is a payload of the service. */
  answerKind?: KindId;
  /** What validating the mock's own answer found (warnings; an error turns the answer into a 500). */
  answerFindings?: readonly Finding[];
  /** The request body as JSON, when it was JSON (form bodies as a record of arrays). */
  body?: unknown;
}

/**
 * The most recent exchanges, oldest first, at most `limit` of them: a test reads `mock.requests`, and a
 * mock left running under load holds no more than that.
 */
export class RequestLog {
  readonly entries: LoggedRequest[] = [];
  private count = 0;

  constructor(private readonly limit: number) {}

  next(): number {
    return ++this.count;
  }

  add(entry: LoggedRequest): void {
    if (this.limit <= 0) return;
    if (this.entries.length >= this.limit) this.entries.splice(0, this.entries.length - this.limit + 1);
    this.entries.push(entry);
  }
}
