import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorAnswer, type Handled } from './answer.js';
import { BodyError, DEFAULT_BODY_LIMIT, mediaType, readBody } from './body.js';
import { contextOf, type MockContext } from './context.js';
import { Fixtures } from './fixtures.js';
import { parseJson } from './json.js';
import { openApiAnswer } from './openapi.js';
import { RequestLog, type LoggedRequest } from './log.js';
import type { MockOptions } from './options.js';
import { problemOutcome } from './outcome.js';
import { Recorder } from './record.js';
import { checked, send } from './respond.js';
import { route, type Route } from './router.js';
import { cdsHooksRoute } from './routes/cds-hooks.js';
import { endpointRoute } from './routes/endpoint.js';
import { formRecord, operationRoute, searchRoute } from './routes/fhir.js';
import { legacyRoute, tokenRoute } from './routes/auth.js';
import { bearerProblem } from './tokens.js';

/** A running mock. */
export interface Mock {
  /** `http://127.0.0.1:<port>`: the base URL to give the client under test. */
  url: string;
  /** The most recent exchanges, oldest first (at most `requestLogLimit`). */
  readonly requests: readonly LoggedRequest[];
  /** The Node server, for what the API does not cover. */
  server: Server;
  /** Stops listening, ends open connections and finishes recording. */
  close(): Promise<void>;
}

/** Runs a route on a request whose body is read and parsed as its route wants. */
async function handle(request: IncomingMessage, context: MockContext, target: Route, limit: number): Promise<Handled & { text?: string; json?: unknown }> {
  if (target.body === 'none') {
    request.resume();
    return { answer: await openApiAnswer(context.baseUrl()) };
  }
  const text = (await readBody(request, limit)).toString('utf8');
  if (target.body === 'form') {
    if (target.name === 'token') {
      if (mediaType(request) !== 'application/x-www-form-urlencoded') {
        return {
          text,
          answer: {
            status: 400,
            body: { error: 'invalid_request', error_description: 'The token request must be a form (Content-Type: application/x-www-form-urlencoded).' },
          },
        };
      }
      // As auth/TokenRequest holds a form: each field once, a string (a repeated one stays a list, and is a finding).
      const fields = Object.entries(formRecord(text)).map(([name, values]) => [name, values.length === 1 ? values[0] : values]);
      return { text: JSON.stringify(Object.fromEntries(fields), null, 2), ...(await tokenRoute(text, context)) };
    }
    return { text: JSON.stringify(formRecord(text), null, 2), ...searchRoute(target.suffix, text, context) };
  }
  const parsed = parseJson(text);
  if (!parsed.ok) {
    const { line, column, message } = parsed;
    const answer = target.fhir ? problemOutcome(400, 'structure', message) : errorAnswer(400, 'malformed-json', message, { line, column });
    return { text, answer };
  }
  const body = parsed.value;
  const handled =
    target.name === 'authenticate' || target.name === 'refresh'
      ? legacyRoute(target.name, body, context)
      : target.name === 'endpoint'
        ? endpointRoute(body, context)
        : target.name === 'cds-hooks'
          ? cdsHooksRoute(target.serviceId, body, context)
          : operationRoute(target.suffix, body);
  return { text, json: body, ...handled };
}

/**
 * Starts a mock of the service on 127.0.0.1 (port 0 by default: a free port). Resolves once it listens.
 *
 * @example
 * const mock = await startMock({ clients: { [clientId]: { keys: [publicJwk] } } });
 * // … point the client under test at mock.url …
 * await mock.close();
 */
export async function startMock(options: MockOptions = {}): Promise<Mock> {
  const fixtures = options.fixtures instanceof Fixtures ? options.fixtures : await Fixtures.load(options.fixtures);
  let url = '';
  const context = contextOf(options, fixtures, () => options.baseUrl ?? url);
  const log = new RequestLog(options.requestLogLimit ?? 1000);
  const recorder = options.record === undefined ? undefined : new Recorder(options.record);
  const limit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;

  const listener = async (request: IncomingMessage, response: ServerResponse) => {
    const seq = log.next();
    const method = request.method ?? '';
    const target = route(method, request.url ?? '');
    let result: Handled & { text?: string; json?: unknown };
    try {
      if ('answer' in target) {
        request.resume();
        result = { answer: target.answer };
      } else {
        const problem = target.auth ? bearerProblem(request.headers.authorization, context.tokens) : undefined;
        if (problem !== undefined) {
          request.resume();
          const answer = target.fhir ? problemOutcome(401, 'login', problem) : errorAnswer(401, 'invalid_token', problem);
          result = { answer: { ...answer, headers: { 'www-authenticate': 'Bearer' } } };
        } else {
          result = await handle(request, context, target, limit);
        }
      }
    } catch (error) {
      const status = error instanceof BodyError ? error.status : 500;
      const message = error instanceof Error ? error.message : String(error);
      const fhir = !('answer' in target) && target.fhir;
      result = {
        answer: fhir
          ? problemOutcome(status, status === 413 ? 'too-long' : 'exception', message)
          : errorAnswer(status, status === 413 ? 'too-large' : 'error', message),
      };
      if (status === 413) result.answer = { ...result.answer, headers: { connection: 'close' } };
    }
    const { answer, findings: answerFindings } = checked(result.answer);
    if (!response.destroyed) send(response, answer);
    const path = (request.url ?? '').split('?')[0]!.slice(0, 2000);
    const entry: LoggedRequest = { seq, method, path, status: answer.status, findings: result.findings ?? [] };
    if (result.kind !== undefined) entry.kind = result.kind;
    if (answer.kind !== undefined) entry.answerKind = answer.kind;
    if (result.json !== undefined) entry.body = result.json;
    if (answerFindings.length > 0) entry.answerFindings = answerFindings;
    log.add(entry);
    recorder?.record({
      seq,
      method,
      path,
      status: answer.status,
      ...(result.text === undefined || result.text === '' ? {} : { request: { text: result.text, kind: result.kind ?? null } }),
      ...(answer.body === undefined ? {} : { response: { body: answer.body, ...(answer.kind === undefined ? {} : { kind: answer.kind }) } }),
    });
  };

  const headersTimeout = options.headersTimeoutMs ?? 10_000;
  const requestTimeout = Math.max(headersTimeout, options.requestTimeoutMs ?? 30_000);
  // Node looks for overdue requests every connectionsCheckingInterval ms (30 s by default): look often enough
  // that a slow client is cut off near its timeout, not up to 30 s later.
  const connectionsCheckingInterval = Math.max(50, Math.min(1_000, Math.floor(headersTimeout / 4)));
  const server = createServer({ headersTimeout, requestTimeout, connectionsCheckingInterval }, (request, response) => {
    void listener(request, response);
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  url = `http://${host}:${address.port}`;
  return {
    url,
    get requests() {
      return log.entries;
    },
    server,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
        server.closeAllConnections();
      });
      await recorder?.flush();
    },
  };
}
