import type { CheckAssertionOptions, ReplayStore } from '@cdx/validate/auth';
import type { Fixtures } from './fixtures.js';

/** A client's public keys, as a JWK set. */
export type Jwks = NonNullable<CheckAssertionOptions['jwks']>;

/** Options of {@link startMock}. Every one has a default; a test passes `clients` at least. */
export interface MockOptions {
  /** Port to listen on; 0 (the default) lets the system choose a free one. */
  port?: number;
  /** Address to bind; default 127.0.0.1 (the mock is for tests on this machine). */
  host?: string;
  /** OAuth clients: client ID → the JWK set of its public keys. */
  clients?: Readonly<Record<string, Jwks>>;
  /** Legacy API keys: apiKey → secret. */
  apiKeys?: Readonly<Record<string, string>>;
  /** A fixtures directory (default: the bundled valid examples), or fixtures already loaded. */
  fixtures?: string | Fixtures;
  /** Cards the CDS Hooks endpoint answers: one list for every service, or lists per service id ('*' for the rest). */
  cards?: readonly unknown[] | Readonly<Record<string, readonly unknown[]>>;
  /** Answers per Data Model query kind, for queries whose response the spec does not show (DocumentQuery…). */
  answers?: Readonly<Record<string, unknown>>;
  /** Write every exchange into this directory as files cdx-lint can lint. */
  record?: string;
  /** The base URL clients use, when not the mock's own (the `aud` of assertions is checked against it). */
  baseUrl?: string;
  /** Lifetime of issued OAuth access tokens in seconds (the spec does not show it); default 3600. */
  tokenLifetimeSec?: number;
  /** Largest request body in bytes; default 8 MiB (a 7 MB base64 attachment and its bundle). */
  bodyLimit?: number;
  /** How many exchanges `requests` keeps (the most recent); default 1,000. */
  requestLogLimit?: number;
  /** Time allowed for a request's headers, in ms; default 10,000. */
  headersTimeoutMs?: number;
  /** Time allowed for a whole request, body included, in ms; default 30,000. */
  requestTimeoutMs?: number;
  /** Where jtis are remembered; default an in-memory store. */
  replayStore?: ReplayStore;
  /** Clock in milliseconds since the epoch (token expiry and assertion checks); default Date.now. */
  now?: () => number;
}
