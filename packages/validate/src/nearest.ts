// The nearest of many whole strings (fullUrls, ids) to one that matches none, for a "did you mean".
// Unlike near-miss.ts (member names, a small fixed list), the strings are the payload's: long and
// many. So the distance is computed only within a band of the threshold and abandoned as soon as
// it must exceed it, and only the first MAX_CANDIDATES candidates are compared: a bundle of a
// million entries costs no more than one of a thousand.

/** Candidates compared at most; a bundle has far fewer entries in practice. */
export const MAX_CANDIDATES = 1000;

/** How far a string may be from the one meant and still be a slip: 2 edits, or 10% of its length. */
export function slipThreshold(length: number): number {
  return Math.max(2, Math.floor(length / 10));
}

/**
 * The Levenshtein distance of `a` and `b` when it is at most `max`, else undefined. Only cells
 * within `max` of the diagonal can stay at or under `max`, so each row costs O(max), and a row
 * whose every cell exceeds `max` ends the computation.
 */
export function boundedDistance(a: string, b: string, max: number): number | undefined {
  if (Math.abs(a.length - b.length) > max) return undefined;
  if (a === b) return 0;
  const n = b.length;
  const over = max + 1;
  let previous = new Array<number>(n + 1);
  let current = new Array<number>(n + 1);
  for (let j = 0; j <= n; j++) previous[j] = j <= max ? j : over;
  for (let i = 1; i <= a.length; i++) {
    const from = Math.max(1, i - max);
    const to = Math.min(n, i + max);
    current[from - 1] = from === 1 && i <= max ? i : over;
    let best = current[from - 1]!;
    const code = a.charCodeAt(i - 1);
    for (let j = from; j <= to; j++) {
      const substitute = previous[j - 1]! + (code === b.charCodeAt(j - 1) ? 0 : 1);
      const value = Math.min(substitute, previous[j]! + 1, current[j - 1]! + 1, over);
      current[j] = value;
      if (value < best) best = value;
    }
    if (to < n) current[to + 1] = over;
    if (best > max) return undefined;
    [previous, current] = [current, previous];
  }
  const result = previous[n]!;
  return result <= max ? result : undefined;
}

/**
 * The index of the one candidate nearest to `value` within slipThreshold(value.length), or
 * undefined when none is that close or two are equally close (which was meant is then a guess).
 */
export function nearestIndex(value: string, candidates: readonly (string | undefined)[]): number | undefined {
  let limit = slipThreshold(value.length);
  let best: number | undefined;
  let tie = false;
  const count = Math.min(candidates.length, MAX_CANDIDATES);
  for (let i = 0; i < count; i++) {
    const candidate = candidates[i];
    if (candidate === undefined || candidate === value) continue;
    const d = boundedDistance(value, candidate, limit);
    if (d === undefined) continue;
    if (best !== undefined && d === limit) {
      if (candidate !== candidates[best]) tie = true;
      continue;
    }
    // A closer one: later candidates must beat it, or tie it.
    best = i;
    tie = false;
    limit = d;
  }
  return tie ? undefined : best;
}
