// When and how much V8 optimises. A lint run meets the code of many message kinds and FHIR types and
// calls most of it a few hundred times: at V8's defaults each such function reaches TurboFan, whose
// compiles were about 30% of the CPU of a run over the R4 examples on two cores, on the same cores as
// the lint (and once per thread). Four times the default threshold leaves TurboFan the code that is
// really hot, and an eighth of its default inlining makes each of those compiles smaller: all 5,306
// R4 examples 1.85 → 1.56 s, the 2,000 mixed fixtures 0.54 → 0.44 s, one file and 10,000 files of
// one kind unchanged; a warm pass in a long run 2–3% slower (docs/performance.md).
import { setFlagsFromString } from 'node:v8';

/** A V8 flag with a number, its default there, and the factor the bin applies to it. */
interface Tuning {
  flag: string;
  default: number;
  factor: number;
}

/** Bytecode TurboFan may inline into one function. */
const INLINING: Tuning = { flag: '--max-inlined-bytecode-size-cumulative', default: 920, factor: 1 / 8 };

/** The flags by V8 major version: the tier-up threshold changed its meaning and name in V8 12. */
const TUNINGS: Readonly<Record<number, readonly Tuning[]>> = {
  // Node 20: the bytecode a function runs between two checks for tiering up.
  11: [{ flag: '--interrupt-budget', default: 67584, factor: 4 }, INLINING],
  // Node 22 and 24: the calls before TurboFan.
  12: [{ flag: '--invocation-count-for-turbofan', default: 3000, factor: 4 }, INLINING],
  13: [{ flag: '--invocation-count-for-turbofan', default: 3000, factor: 4 }, INLINING],
};

/**
 * The V8 flags the bin sets for V8 version `v8`: none for a V8 not in the table (V8 prints an error
 * for an unknown flag, on every run), and none that node was started with (`execArgv`), whose value
 * then stands. V8 reads `_` and `-` in flag names alike.
 */
export function tieringFlags(v8: string, execArgv: readonly string[]): string[] {
  const given = new Set(execArgv.map((arg) => arg.replaceAll('_', '-').split('=')[0]));
  return (TUNINGS[Number(v8.split('.')[0])] ?? [])
    .filter((tuning) => !given.has(tuning.flag))
    .map((tuning) => `${tuning.flag}=${Math.round(tuning.default * tuning.factor)}`);
}

/**
 * Sets the flags for this process and the worker threads it starts (V8's flags are the process's).
 * Only the bin calls this, before it loads the lint code: a library leaves the flags of the process
 * it runs in alone. A runtime whose `node:v8` cannot set flags (one that only imitates Node's) lints
 * at its own defaults: the tuning is for speed and never stops a run.
 */
export function tuneTiering(
  runtime: { versions: { v8?: string }; execArgv: readonly string[] } = process,
  set: (flag: string) => void = setFlagsFromString,
): void {
  for (const flag of tieringFlags(runtime.versions.v8 ?? '', runtime.execArgv)) {
    try {
      set(flag);
    } catch {
      return;
    }
  }
}
