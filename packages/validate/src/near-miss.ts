/**
 * The optimal-string-alignment (restricted Damerau–Levenshtein) distance: insertions, deletions,
 * substitutions and swaps of two adjacent characters each count one. A swap (`cdoe` for `code`,
 * `naem` for `name`) is the commonest slip of a typist, and plain Levenshtein counts it as two, more
 * than a four-letter name tolerates. Only called on names within the tolerance in length (short).
 */
export function slipDistance(a: string, b: string): number {
  const n = b.length;
  let before = new Array<number>(n + 1).fill(0);
  let previous = Array.from({ length: n + 1 }, (_, j) => j);
  let current = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      current[j] = value;
    }
    [before, previous, current] = [previous, current, before];
  }
  return previous[n]!;
}

/** Case, `_`, `-` and spaces do not distinguish two field names for a human. */
function normalizeName(name: string): string {
  return name.toLowerCase().replace(/[\s_-]+/g, '');
}

/** How many edits still count as a slip of the keyboard, by name length. */
function tolerance(length: number): number {
  if (length <= 3) return 0;
  return length <= 5 ? 1 : 2;
}

/** Each candidate `name` could be a slip for, with its score (edits; 0 when only case or separators differ). */
function scored(name: string, candidates: Iterable<string>): { candidate: string; score: number }[] {
  const normal = normalizeName(name);
  // FHIR's `_gender` holds the extensions of `gender`: a leading underscore is a different member,
  // never a slip.
  const extensions = name.startsWith('_');
  const out: { candidate: string; score: number }[] = [];
  for (const candidate of candidates) {
    if (candidate === name || candidate.startsWith('_') !== extensions) continue;
    const other = normalizeName(candidate);
    const limit = tolerance(Math.min(normal.length, other.length));
    // The distance is at least the difference in length: skip before paying for it, which for a
    // member name of megabytes (hostile input) costs seconds per candidate.
    if (Math.abs(normal.length - other.length) > limit) continue;
    const score = other === normal ? 0 : slipDistance(normal, other);
    if (score <= limit) out.push({ candidate, score });
  }
  return out;
}

/**
 * The defined names that `name` most plausibly misspells: equal once case and separators are
 * ignored, or within a small edit distance (a swap of two adjacent letters counts one, so
 * `FirstNmae` → `FirstName`, `cdoe` → `code` and `MartialStatus` → `MaritalStatus` qualify). Best matches only;
 * more than one means the slip is ambiguous.
 */
export function nearMisses(name: string, candidates: Iterable<string>): string[] {
  const all = scored(name, candidates);
  const best = Math.min(...all.map((s) => s.score));
  return all.filter((s) => s.score === best).map((s) => s.candidate);
}

/**
 * Every defined name `name` could be a slip for, the closest first. A slip one edit from `County`
 * is also two from `Country` (`Counrty`, transposed): when more than one name is plausible, which
 * was meant is the writer's to say, so a member rename offers them all and applies none.
 */
export function plausibleNames(name: string, candidates: Iterable<string>): string[] {
  return scored(name, candidates)
    .sort((a, b) => a.score - b.score)
    .map((s) => s.candidate);
}
