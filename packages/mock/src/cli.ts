// cdx-mock: start the mock (prints its URL on the first line of stdout), or deliver a notification.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { deliver } from './deliver.js';
import type { Jwks, MockOptions } from './options.js';
import { startMock } from './server.js';

const USAGE = `usage: cdx-mock [--port <n>] [--host <addr>] [--client <clientId>=<jwks file>]... [--api-key <apiKey>=<secret>]...
                [--fixtures <dir>] [--record <dir>] [--config <file>] [--base-url <url>]
       cdx-mock deliver --to <webhook url> [--fixtures <dir>] [--token <bearer>] <event>`;

class UsageError extends Error {}

function pair(text: string, what: string): [string, string] {
  const at = text.indexOf('=');
  if (at <= 0 || at === text.length - 1) throw new UsageError(`${what} must be <name>=<value>; got ${JSON.stringify(text)}.`);
  return [text.slice(0, at), text.slice(at + 1)];
}

function readJson(file: string, what: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as unknown;
  } catch (error) {
    throw new UsageError(`cannot read ${what} ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function jwksOf(file: string): Jwks {
  const value = readJson(file, 'the JWK set') as { keys?: unknown } | null;
  if (typeof value !== 'object' || value === null) throw new UsageError(`${file} is not a JWK set.`);
  // A single public JWK is taken as a set of one.
  return (Array.isArray(value.keys) ? value : { keys: [value] }) as Jwks;
}

/** The config file: `{ clients: {id: jwksFile | jwks}, apiKeys, cards, answers, fixtures, record, port, baseUrl }`. */
function configOf(file: string): MockOptions {
  const config = readJson(file, 'the config') as Record<string, unknown>;
  const base = resolve(file, '..');
  const clients: Record<string, Jwks> = {};
  for (const [id, value] of Object.entries((config.clients ?? {}) as Record<string, unknown>))
    clients[id] = typeof value === 'string' ? jwksOf(resolve(base, value)) : (value as Jwks);
  const options: MockOptions = { ...(config as MockOptions), clients };
  if (typeof config.fixtures === 'string') options.fixtures = resolve(base, config.fixtures);
  if (typeof config.record === 'string') options.record = resolve(base, config.record);
  return options;
}

async function serve(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      client: { type: 'string', multiple: true },
      'api-key': { type: 'string', multiple: true },
      fixtures: { type: 'string' },
      record: { type: 'string' },
      config: { type: 'string' },
      'base-url': { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const options: MockOptions = values.config === undefined ? {} : configOf(values.config);
  const clients: Record<string, Jwks> = { ...options.clients };
  for (const text of values.client ?? []) {
    const [id, file] = pair(text, '--client');
    clients[id] = jwksOf(file);
  }
  const apiKeys: Record<string, string> = { ...options.apiKeys };
  for (const text of values['api-key'] ?? []) {
    const [key, secret] = pair(text, '--api-key');
    apiKeys[key] = secret;
  }
  if (values.port !== undefined) {
    const port = Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be a port number (0 for any free port); got ${values.port}.`);
    options.port = port;
  }
  if (values.host !== undefined) options.host = values.host;
  if (values.fixtures !== undefined) options.fixtures = values.fixtures;
  if (values.record !== undefined) options.record = values.record;
  if (values['base-url'] !== undefined) options.baseUrl = values['base-url'];
  const mock = await startMock({ ...options, clients, apiKeys });
  process.stdout.write(`${mock.url}\n`);
  const stop = () => {
    void mock.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

async function deliverCommand(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { to: { type: 'string' }, fixtures: { type: 'string' }, token: { type: 'string' } },
  });
  if (values.to === undefined || positionals.length !== 1)
    throw new UsageError('deliver needs --to <url> and one event (a kind id such as PatientAdmin/PatientMerge, or its event name).');
  const report = await deliver({
    to: values.to,
    event: positionals[0]!,
    ...(values.fixtures === undefined ? {} : { fixtures: values.fixtures }),
    ...(values.token === undefined ? {} : { token: values.token }),
  });
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  process.exitCode = report.status >= 200 && report.status < 300 ? 0 : 1;
}

const [first, ...rest] = process.argv.slice(2);
const run = first === 'deliver' ? deliverCommand(rest) : serve(process.argv.slice(2));
run.catch((error: unknown) => {
  const usage = error instanceof UsageError || (error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'));
  process.stderr.write(`cdx-mock: ${error instanceof Error ? error.message : String(error)}\n${usage ? `${USAGE}\n` : ''}`);
  process.exit(2);
});
