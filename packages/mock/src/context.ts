import type { CheckAssertionOptions, ReplayStore } from '@cdx/validate/auth';
import type { Fixtures } from './fixtures.js';
import type { TokenStore } from './tokens.js';

/** A client's public keys, as a JWK set. */
export type Jwks = NonNullable<CheckAssertionOptions['jwks']>;

/** What the routes share: the configuration as resolved at start, and the mock's state. */
export interface MockContext {
  /** The base URL clients address (the `aud` of their assertions ends in its /v2/auth/token). */
  baseUrl: () => string;
  clients: ReadonlyMap<string, Jwks>;
  /** Legacy API keys: apiKey → secret. */
  apiKeys: ReadonlyMap<string, string>;
  /** The latest refresh token of each legacy API key. */
  refreshTokens: Map<string, string>;
  tokens: TokenStore;
  replayStore: ReplayStore;
  tokenLifetimeSec: number;
  fixtures: Fixtures;
  /** Cards answered per CDS service id ('*' for any other). */
  cards: ReadonlyMap<string, readonly unknown[]>;
  /** Answers configured per Data Model request kind (queries whose response the spec does not show). */
  answers: ReadonlyMap<string, unknown>;
  now: () => number;
}
