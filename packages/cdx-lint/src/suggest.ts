/** Edit distance, for "did you mean" on options, config keys, rule ids and kinds (all short). */
export function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = row;
  }
  return previous[b.length]!;
}

/**
 * The known name closest to `value`, compared without case (`cdshooks/…` finds `CDSHooks/…`), when
 * it is close enough to be what was meant; undefined otherwise.
 */
export function closest(value: string, known: readonly string[]): string | undefined {
  const lower = value.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const k of known) {
    const d = distance(lower, k.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [k, d];
  }
  return best !== undefined && bestDistance <= Math.max(2, Math.floor(value.length / 4)) ? best : undefined;
}

/** `; did you mean \`x\`?`, or nothing. */
export function didYouMean(value: string, known: readonly string[]): string {
  const best = closest(value, known);
  return best === undefined ? '' : `; did you mean \`${best}\`?`;
}
