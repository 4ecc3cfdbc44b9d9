import { MemoryReplayStore, type ReplayStore } from '@cdx/validate/auth';
import type { Fixtures } from './fixtures.js';
import type { Jwks, MockOptions } from './options.js';
import { TokenStore } from './tokens.js';

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

/** The routes' context for a mock started with `options`. */
export function contextOf(options: MockOptions, fixtures: Fixtures, baseUrl: () => string): MockContext {
  const now = options.now ?? Date.now;
  const cards = options.cards;
  return {
    baseUrl,
    clients: new Map(Object.entries(options.clients ?? {})),
    apiKeys: new Map(Object.entries(options.apiKeys ?? {})),
    refreshTokens: new Map(),
    tokens: new TokenStore(now),
    replayStore: options.replayStore ?? new MemoryReplayStore({ maxEntries: 100_000, now }),
    tokenLifetimeSec: options.tokenLifetimeSec ?? 3600,
    fixtures,
    cards: new Map(cards === undefined ? [] : Array.isArray(cards) ? [['*', cards]] : Object.entries(cards as Record<string, readonly unknown[]>)),
    answers: new Map(Object.entries(options.answers ?? {})),
    now,
  };
}
