import { pointerToken } from './pointer.js';
import { walkJson } from './walker.js';

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
 * `-`) go back to a `:`, `,` or `[` (only those precede a value) and, for `.`, only zeros follow
 * until the token ends, or an exponent does; for `e`, a signed exponent ends the token. A string may
 * look the same (`"ratio: 1.0 a"`): that only costs an exact walk that finds nothing. A time's
 * `:00.000Z` and a decimal's `72.5` do not.
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
  let i = at + 1;
  if (text.charCodeAt(at) === 46) {
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
 * Whether valid JSON text may have a whole number written with a fraction or an exponent. Native
 * searches for `.`, `e` and `E`, each hit looked at in place: a small part of JSON.parse's time.
 * False for nearly every file; only a hit pays for `eachFractionLiteral`.
 */
export function mayHaveFractionLiterals(text: string): boolean {
  for (const mark of ['.', 'e', 'E']) {
    for (let at = text.indexOf(mark, 1); at !== -1; at = text.indexOf(mark, at + 1)) if (wholeLookingAt(text, at)) return true;
  }
  return false;
}

/** Every number token of valid JSON text written with a fraction or an exponent, in text order (the caller keeps the whole ones). */
export function eachFractionLiteral(text: string, visit: (literal: FractionLiteral) => void): void {
  const open: string[] = [];
  walkJson(text, {
    value(event) {
      const token = event.key === undefined ? undefined : pointerToken(event.key);
      if (event.shape !== 'scalar') {
        open.push(token ?? '');
        return undefined;
      }
      const first = text.charCodeAt(event.offset);
      if (first !== 45 && (first < 48 || first > 57)) return undefined;
      const literal = text.slice(event.offset, event.offset + event.length);
      for (let i = 1; i < literal.length; i++) {
        const c = literal.charCodeAt(i);
        if (c === 46 || c === 101 || c === 69) {
          const path = [...open.slice(1), ...(token === undefined ? [] : [token])];
          visit({ pointer: path.map((t) => `/${t}`).join(''), literal, value: Number(literal) });
          break;
        }
      }
      return undefined;
    },
    containerEnd() {
      open.pop();
      return undefined;
    },
  });
}
