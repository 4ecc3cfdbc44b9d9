import { OnePass } from './one-pass.js';

/** A number token with a fraction or an exponent, as the text writes it. */
export interface FractionLiteral {
  readonly pointer: string;
  /** The token as written (`1.0`, `1e0`). */
  readonly literal: string;
  /** What JSON.parse made of it. */
  readonly value: number;
}

const isDigit = (c: number) => c >= 48 && c <= 57;
/** JSON whitespace. */
const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;
/** What may follow a number token: whitespace, `,`, `]`, `}` or the end. */
const endsToken = (c: number) => Number.isNaN(c) || isSpace(c) || c === 44 || c === 93 || c === 125;

/**
 * Whether the `.`, `e` or `E` at `at` may belong to a number token that is whole: its digits (and a
 * `-`) go back to a `:` after a quote, a `[` where a value may stand or a `,` (only those precede a
 * value) and, for `.`, digits follow that are all zeros until the token ends or an exponent does;
 * for `e`, a signed exponent ends the token. A string may look the same (`"a, 1.0 b"`): that only
 * costs an exact walk that finds nothing. A time's `:00.000Z` and a decimal's `72.5` do not.
 */
function wholeLookingAt(text: string, at: number): boolean {
  let start = at - 1;
  if (!isDigit(text.charCodeAt(start))) return false;
  // A number has one `.` at most, before its exponent: a `.` behind a `.`, or a second one behind
  // an `e`, ends the look. Without that bound, a string of `1.1.1.…` was read back to its start at
  // every dot (quadratic: 160 KB took 88 s); now each character is read back over at most twice.
  let dots = text.charCodeAt(at) === 46 ? 1 : 0;
  for (let c = text.charCodeAt(start); isDigit(c) || c === 46; c = text.charCodeAt(--start)) if (c === 46 && ++dots > 1) return false;
  if (text.charCodeAt(start) === 45) start--;
  while (isSpace(text.charCodeAt(start))) start--;
  const before = text.charCodeAt(start);
  if (before !== 58 && before !== 44 && before !== 91) return false;
  // A member's colon follows its name's closing quote; an item's `[` follows what may hold an array
  // value. Prose in a string (`referenceSeq : 1. genome`, `see [1.0]`) does not.
  if (before !== 44) {
    do start--;
    while (isSpace(text.charCodeAt(start)));
    const c = text.charCodeAt(start);
    if (before === 58 ? c !== 34 : c !== 58 && c !== 44 && c !== 91 && !Number.isNaN(c)) return false;
  }
  let i = at + 1;
  if (text.charCodeAt(at) === 46) {
    // JSON's fraction has a digit after its `.`: `20852. (301)` is prose.
    if (!isDigit(text.charCodeAt(i))) return false;
    let zeros = true;
    for (let c = text.charCodeAt(i); isDigit(c); c = text.charCodeAt(++i)) if (c !== 48) zeros = false;
    const c = text.charCodeAt(i);
    if (c !== 101 && c !== 69) return zeros && endsToken(c);
    i++;
  }
  if (text.charCodeAt(i) === 43 || text.charCodeAt(i) === 45) i++;
  if (!isDigit(text.charCodeAt(i))) return false;
  while (isDigit(text.charCodeAt(i))) i++;
  return endsToken(text.charCodeAt(i));
}

/**
 * Where a whole number written with a fraction or an exponent may be, found natively in one scan:
 * a digit, `.` and zeros that no digit follows (`6.0`, `1.00e2`; not `1.001`), or a digit, `e` or `E`
 * and a digit after an optional sign (`1e2`, `1.5e1`). Every whole-looking token has one of the two, and
 * the match starts one character before the `.` or `e` that wholeLookingAt reads from. A loop over
 * every `.` stopped at each of prose's and URLs' dots, and one over every `e` at each of the
 * letter's millions of uses (R4's examples: 11 million); one expression for both reads the text once.
 */
const CANDIDATE = /[0-9]\.0+(?![0-9])|[0-9][eE][+-]?[0-9]/g;

/**
 * Whether valid JSON text may have a whole number written with a fraction or an exponent: each
 * candidate (above) looked at in place, a small part of JSON.parse's time. False for nearly every
 * file; only a hit pays for `eachFractionLiteral`.
 */
export function mayHaveFractionLiterals(text: string): boolean {
  CANDIDATE.lastIndex = 0;
  for (let hit = CANDIDATE.exec(text); hit !== null; hit = CANDIDATE.exec(text)) {
    if (wholeLookingAt(text, hit.index + 1)) return true;
    // Matches may overlap (`1e1e1`, `1.0e0`): the next search starts at this one's `.` or `e`.
    CANDIDATE.lastIndex = hit.index + 1;
  }
  return false;
}

/**
 * Every number token of valid JSON text written with a fraction or an exponent, in text order (the
 * caller keeps the whole ones). One pass over text JSON.parse accepted (one-pass.ts): a member's
 * name is decoded, and a pointer built, only for a hit. The strict token walk (walker.ts) took a
 * fifth of a lint of R4's examples here, where whole-looking decimals (`6.0`) are common.
 */
export function eachFractionLiteral(text: string, visit: (literal: FractionLiteral) => void): void {
  const pass = new OnePass(text);
  pass.run({
    scalar(at, end) {
      const first = text.charCodeAt(at);
      if (first !== 45 && !isDigit(first)) return; // true, false, null
      for (let i = at + 1; i < end; i++) {
        const c = text.charCodeAt(i);
        if (c === 46 || c === 101 || c === 69) {
          const literal = text.slice(at, end);
          visit({ pointer: pass.pointer(), literal, value: Number(literal) });
          return;
        }
      }
    },
  });
}
