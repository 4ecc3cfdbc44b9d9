// Run count and seed of cdx-lint's property tests, as in @cdx/validate's: CDX_FUZZ_RUNS (default
// 300; `pnpm fuzz` sets 100,000) and CDX_FUZZ_SEED (fixed, so a failure replays).
import type fc from 'fast-check';

export const FUZZ_RUNS = Number(process.env.CDX_FUZZ_RUNS ?? 300);
export const FUZZ_SEED = Number(process.env.CDX_FUZZ_SEED ?? 20260301);

export function fuzzParameters<T>(offset = 0, runs = FUZZ_RUNS): fc.Parameters<T> {
  return { numRuns: runs, seed: FUZZ_SEED + offset, endOnFailure: true };
}

/** A hang guard only, never a budget: 50 times a case's usual cost, and never under the suites' 10 minutes. */
export function fuzzTimeout(msPerRun: number, runs = FUZZ_RUNS): number {
  return Math.max(600_000, runs * msPerRun * 50);
}
