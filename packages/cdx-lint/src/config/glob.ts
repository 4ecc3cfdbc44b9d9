/**
 * Globs of the config (`ignores`, `kinds`, `overrides[].files`), matched against paths relative
 * to the config's directory with `/` separators.
 *
 * - `*` any characters within a segment, `?` one, `[abc]`/`[!abc]`/`[[:alpha:]]` a class, `{a,b}`
 *   alternatives within a segment;
 * - `**` as a whole segment: any number of segments;
 * - a glob without `/` matches a file or directory name at any depth, as in .gitignore;
 * - a glob that matches a directory matches everything inside it.
 *
 * Each segment is compiled by picomatch; the segments are matched against the path's by a table
 * (glob segments × path segments), so `**` never makes a regular expression backtrack across the
 * whole path (`"**\/" × 12` on a path 21 deep took over a minute as one expression). What is left
 * inside a segment is bounded by the limits below: a segment's expression backtracks polynomially
 * in its wildcards (`*a*a*a*a*a*ab.json` took 11 s against a 100-character name), and a file name
 * is at most 255 characters.
 */
import { createRequire } from 'node:module';
import { picomatchReason } from './glob-reason.js';

export type GlobMatcher = (relativePath: string) => boolean;

/** Why a glob cannot be used; the config loader turns it into a config error (exit status 2). */
export class GlobError extends Error {
  override name = 'GlobError';
}

export const GLOB_LIMITS = {
  /** Characters in one glob. */
  length: 256,
  /** Wildcards in one path segment: each `*`, and each `{…}` group as one plus its busiest alternative. */
  wildcardsPerSegment: 3,
  /** Characters of a path segment a wildcard segment is matched against: no file system allows more. */
  pathSegment: 255,
  /** Characters of a whole path matched (PATH_MAX): a longer one (only --stdin-filename can give one) matches no glob. */
  path: 4096,
} as const;

const OPTIONS = { dot: true, windows: false, posix: true, noextglob: true, nonegate: true, noglobstar: true, debug: true } as const;

/** picomatch, loaded when a glob first has a wildcard: a run without one (most) never parses it. */
let picomatch: typeof import('picomatch') | undefined;

/** One compiled segment: `**`, a literal name, or picomatch's expression for it. */
type Segment = { globstar: true } | { literal: string } | { regex: RegExp };

/** Characters that make a segment a pattern rather than a literal name. */
const SPECIAL = new Set(Array.from('*?[]{}\\'));

/** `(`, `)` and `|` are literal in a path, but groups to picomatch: escape them. */
function escapeGroups(segment: string): string {
  let out = '';
  for (let i = 0; i < segment.length; i++) {
    const c = segment[i]!;
    if (c === '\\' && i + 1 < segment.length) out += c + segment[++i]!;
    else out += c === '(' || c === ')' || c === '|' ? `\\${c}` : c;
  }
  return out;
}

/**
 * What makes a segment's expression backtrack: each `*`, and each `{…}` group counted as one plus
 * the most any one of its alternatives holds (its alternatives are tried one after another, not
 * combined). Escapes and classes (`[…]`, one character) count nothing.
 */
function wildcards(segment: string): number {
  let i = 0;
  const sequence = (inBraces: boolean): number => {
    let count = 0;
    while (i < segment.length) {
      const c = segment[i]!;
      if (c === '\\') i += 2;
      else if (c === '[') {
        // A class ends at the first `]` after its first character (`[]a]`, `[!]a]` hold a `]`).
        const close = segment.indexOf(']', i + (segment[i + 1] === '!' || segment[i + 1] === '^' ? 3 : 2));
        i = close === -1 ? i + 1 : close + 1;
      } else if (c === '*') {
        count++;
        i++;
      } else if (c === '{') {
        i++;
        let most = sequence(true);
        while (segment[i] === ',') {
          i++;
          most = Math.max(most, sequence(true));
        }
        if (segment[i] === '}') i++;
        count += 1 + most;
      } else if (inBraces && (c === ',' || c === '}')) return count;
      else i++;
    }
    return count;
  };
  return sequence(false);
}

/** Splits at `/` outside escapes; refuses a `/` inside braces (`{a/b,c}`), which spans segments. */
function splitSegments(glob: string): string[] {
  const segments: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '\\') i++;
    else if (c === '{') depth++;
    else if (c === '}' && depth > 0) depth--;
    else if (c === '/') {
      if (depth > 0) throw new GlobError('has a `/` inside braces: alternatives cannot span path segments; write one glob per alternative');
      segments.push(glob.slice(start, i));
      start = i + 1;
    }
  }
  segments.push(glob.slice(start));
  // `./a`, `a//b` and a leading `/` are the same segments as `a` and `a/b`.
  return segments.filter((s) => s !== '' && s !== '.');
}

/** The longest run of backslashes in a segment. */
function backslashRun(segment: string): number {
  let longest = 0;
  for (let i = 0, run = 0; i < segment.length; i++) longest = Math.max(longest, (run = segment[i] === '\\' ? run + 1 : 0));
  return longest;
}

function compileSegment(segment: string): Segment {
  if (segment === '**') return { globstar: true };
  if (!Array.from(segment).some((c) => SPECIAL.has(c))) return { literal: segment };
  // picomatch 4.0.7 collapses a run of three or more backslashes by skipping ahead, and at the end
  // of a pattern skips past it and never stops (`(\\\\` hung the linter; found by fuzz-config).
  const run = backslashRun(segment);
  if (run > 2) throw new GlobError(`has ${run} backslashes in a row; a literal backslash is written \`\\\\\` (two), and no more`);
  const count = wildcards(segment);
  if (count > GLOB_LIMITS.wildcardsPerSegment) {
    throw new GlobError(
      `has ${count} wildcards (\`*\` and \`{…}\`) in the segment ${JSON.stringify(segment)}; at most ${GLOB_LIMITS.wildcardsPerSegment} are allowed in one segment, since each one multiplies the work of matching it`,
    );
  }
  // Loaded outside the try: a package missing from the install is not the glob's fault.
  picomatch ??= createRequire(import.meta.url)('picomatch') as typeof import('picomatch');
  try {
    return { regex: picomatch.makeRe(escapeGroups(segment), OPTIONS) };
  } catch (error) {
    throw new GlobError(`is not a valid glob: ${picomatchReason(error)}`);
  }
}

function segmentMatches(segment: Segment, name: string): boolean {
  if ('literal' in segment) return segment.literal === name;
  if ('regex' in segment) return name.length <= GLOB_LIMITS.pathSegment && segment.regex.test(name);
  return true;
}

/** Compiles a glob; see the module comment for the syntax. Throws GlobError for one it cannot use. */
export function compileGlob(glob: string): GlobMatcher {
  if (glob.length > GLOB_LIMITS.length) throw new GlobError(`is ${glob.length} characters long; at most ${GLOB_LIMITS.length} are allowed`);
  const source = glob.endsWith('/') ? glob.slice(0, -1) : glob;
  const parts = splitSegments(source);
  if (parts.length === 0) throw new GlobError('names no file: it is empty once `./` and slashes are taken off');
  const segments = parts.map(compileSegment);
  // A glob without `/` matches a name at any depth.
  if (!source.includes('/')) segments.unshift({ globstar: true });
  const m = segments.length;

  // Two rows of the table below, kept from call to call (a matcher never runs inside itself) rather
  // than two allocated per glob segment for every path: a directory walk asks every glob about every file.
  let after = new Uint8Array(0);
  let here = new Uint8Array(0);
  return (path) => {
    if (path.length > GLOB_LIMITS.path) return false;
    const names = path.split('/');
    const n = names.length;
    if (after.length <= n) {
      after = new Uint8Array(n + 1);
      here = new Uint8Array(n + 1);
    }
    // after[j]: glob segments i.. match path segments j.. (the glob used up with at least one
    // segment matched: a directory it names covers its contents). Computed from the last glob
    // segment back; O(m × n) segment tests, each at most once. Only 0..n of each row is read.
    after[0] = 0;
    for (let j = 1; j <= n; j++) after[j] = 1;
    for (let i = m - 1; i >= 0; i--) {
      const segment = segments[i]!;
      if ('globstar' in segment) {
        here[n] = after[n]!;
        for (let j = n - 1; j >= 0; j--) here[j] = after[j]! | here[j + 1]!;
      } else {
        here[n] = 0;
        for (let j = n - 1; j >= 0; j--) here[j] = after[j + 1] && segmentMatches(segment, names[j]!) ? 1 : 0;
      }
      const row = after;
      after = here;
      here = row;
    }
    return after[0] === 1;
  };
}

/** The expressions picomatch built for a glob's segments (the backtracking meta-test analyses them). */
export function segmentExpressions(glob: string): RegExp[] {
  return splitSegments(glob).flatMap((part) => {
    const segment = compileSegment(part);
    return 'regex' in segment ? [segment.regex] : [];
  });
}

/** Why a glob cannot be used, or undefined when it can (for the config check). */
export function globProblem(glob: string): string | undefined {
  try {
    compileGlob(glob);
    return undefined;
  } catch (error) {
    if (error instanceof GlobError) return error.message;
    throw error;
  }
}

/** One matcher for several globs. */
export function compileGlobs(globs: readonly string[]): GlobMatcher {
  const matchers = globs.map(compileGlob);
  return (path) => matchers.some((m) => m(path));
}
