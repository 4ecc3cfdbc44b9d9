import type * as TS from 'typescript';
import { nodeRequire } from '../../node-require.js';

/** The TypeScript compiler API, as `require('typescript')` returns it. */
export type Ts = typeof TS;

let loaded: Ts | undefined;

/**
 * The TypeScript compiler, loaded on first use. Importing it costs 400–750 ms here, so it is
 * never imported statically: a JSON-only run must not pay for it (test/ts-load.test.ts checks
 * that it is not even loaded). `require` through createRequire loads it in about half the time
 * of an ESM import.
 */
export function typescript(): Ts {
  loaded ??= nodeRequire(import.meta.url)('typescript') as Ts;
  return loaded;
}
