import { ScanError, scanner, Token } from './scanner.js';
import { LineIndex } from './text.js';

/** Where strict JSON first goes wrong, and what to write instead. */
export interface SyntaxProblem {
  offset: number;
  length: number;
  message: string;
}

/** What a value is, as far as a walk cares. */
export type ValueShape = 'object' | 'array' | 'scalar';

/** One value met by the walk. `key` is its member name, its array index, or undefined at the root. */
export interface ValueEvent {
  key: string | number | undefined;
  /** Offset and length of the member name token (quotes included); -1 and 0 for array items and the root. */
  keyOffset: number;
  keyLength: number;
  offset: number;
  /** Token length for scalars; 1 (the opening bracket) for containers, whose end comes in `containerEnd`. */
  length: number;
  shape: ValueShape;
}

/** What a visitor wants after a value: go on, skip a container's contents, or stop the walk. */
export const Next = { Continue: 0, Skip: 1, Stop: 2 } as const;
export type Next = (typeof Next)[keyof typeof Next];

export interface JsonVisitor {
  value?(event: ValueEvent): Next | undefined;
  /** A container that was not skipped closes; `end` is the offset after its closing bracket. */
  containerEnd?(end: number): Next | undefined;
}

interface Frame {
  array: boolean;
  index: number;
  key: string | undefined;
  keyOffset: number;
  keyLength: number;
  open: number;
}

// What the walk expects next.
const VALUE = 0;
const FIRST_MEMBER = 1;
const MEMBER = 2;
const COLON = 3;
const AFTER_VALUE = 4;
const FIRST_ITEM = 5;
const END = 6;

const SCAN_ERRORS: Record<number, string> = {
  [ScanError.UnexpectedEndOfComment]: 'Unterminated comment; JSON has no comments, remove it.',
  [ScanError.UnexpectedEndOfString]: 'Unterminated string: add the closing `"`.',
  [ScanError.UnexpectedEndOfNumber]: 'Incomplete number: a number needs digits after `-`, `.` or the exponent.',
  [ScanError.InvalidUnicode]: 'Invalid `\\u` escape: write exactly four hex digits, e.g. `\\u00e9`.',
  [ScanError.InvalidEscapeCharacter]: 'Invalid escape in a string: only \\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX are allowed.',
  [ScanError.InvalidCharacter]: 'Unescaped control character in a string: write it as an escape such as `\\n`, `\\t` or `\\u0009`.',
};

/** The first control character of a string token, where an editor should put the cursor. */
function firstControl(text: string, offset: number, end: number): number {
  for (let i = offset + 1; i < end; i++) if (text.charCodeAt(i) < 0x20) return i;
  return offset;
}

/**
 * A scanner error, placed where the text goes wrong rather than at the token's start. The scanner
 * ends a string at a raw line break as if the file ended there ("unterminated"), but the string
 * may just hold a line break to escape: the message gives both ways out, at the break.
 */
function scanFailure(
  text: string,
  offset: number,
  length: number,
  error: number,
  fail: (offset: number, length: number, message: string) => SyntaxProblem,
): SyntaxProblem {
  const end = offset + length;
  if (error === ScanError.UnexpectedEndOfString && end < text.length) {
    return fail(end, 1, 'A line break inside a string: JSON strings hold none. Write it as `\\n`, or add the closing `"` before the line ends.');
  }
  if (error === ScanError.InvalidCharacter) return fail(firstControl(text, offset, end), 1, SCAN_ERRORS[error]!);
  return fail(offset, length, SCAN_ERRORS[error] ?? 'Invalid token.');
}

/** A token as a message shows it: short, never the whole of a long string. */
function shown(text: string, offset: number, length: number): string {
  const raw = text.slice(offset, offset + Math.min(length, 24));
  return `\`${raw.replace(/[\r\n]/g, ' ')}${length > 24 ? '…' : ''}\``;
}

/** "line 2, column 8": how an editor shows an offset (computed only when the walk fails). */
function lineAndColumn(text: string, offset: number): string {
  const { line, column } = new LineIndex(text).position(offset);
  return `line ${line}, column ${column}`;
}

function isJsonSpace(text: string, offset: number, length: number): boolean {
  for (let i = offset; i < offset + length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 10 && c !== 13) return false;
  }
  return true;
}

/**
 * Walks JSON text token by token with an explicit stack — no recursion, so a file nested
 * 100,000 levels deep is walked like any other (location parsers that recurse overflow the stack
 * at a few thousand). Reports values to the visitor and returns the first place the text is not
 * strict JSON (RFC 8259: no comments, no trailing commas, only spaces, tabs and line breaks
 * between tokens), or undefined.
 */
export function walkJson(
  text: string,
  visitor: JsonVisitor = {},
  where: (offset: number) => string = (offset) => lineAndColumn(text, offset),
  { quote = true }: { quote?: boolean } = {},
): SyntaxProblem | undefined {
  // `quote: false` (the config): messages never show the text, which may be a file a symlink led to.
  const show = (offset: number, length: number) => (quote ? shown(text, offset, length) : 'something else');
  const scan = scanner(text);
  const stack: Frame[] = [];
  let state = VALUE;
  let muted = 0; // frames at and below a skipped container: no events for them
  let lastComma = -1;
  let prevToken = 0;
  let prevEnd = -1;
  let prevValue = '';

  const fail = (offset: number, length: number, message: string): SyntaxProblem => ({ offset, length: Math.max(length, 1), message });
  const afterValue = () => (stack.length === 0 ? END : AFTER_VALUE);

  for (;;) {
    const token: number = scan.scan(); // jsonc-parser's SyntaxKind, compared with Token's numbers
    const offset = scan.getTokenOffset();
    const length = scan.getTokenLength();
    if (token === Token.Trivia || token === Token.LineBreak || (token === Token.Unknown && /\s/.test(text[offset]!))) {
      // The scanner treats some Unicode spaces as whitespace, and others as unknown; JSON allows neither.
      for (let i = offset; i < offset + length; i++) {
        if (isJsonSpace(text, i, 1)) continue;
        const code = quote ? ` U+${text.charCodeAt(i).toString(16).toUpperCase().padStart(4, '0')}` : '';
        return fail(i, 1, `Unexpected character${code}; JSON allows only spaces, tabs and line breaks between tokens.`);
      }
      continue;
    }
    if (token === Token.LineComment || token === Token.BlockComment) {
      return fail(offset, length, 'JSON has no comments; remove it (to silence a finding, use an override in the cdx-lint config).');
    }
    const scanError: number = scan.getTokenError();
    if (scanError !== ScanError.None) return scanFailure(text, offset, length, scanError, fail);
    if (token === Token.Unknown) {
      return fail(offset, length, `Unexpected ${show(offset, length)}: write a string in double quotes, a number, true, false, null, an object or an array.`);
    }

    const frame = stack[stack.length - 1];
    if (token === Token.EOF) {
      if (state === END) return undefined;
      if (!frame && state === VALUE) return fail(offset, 0, 'The file is empty; a payload is a JSON object.');
      const closer = frame?.array ? '`]`' : '`}`';
      const opened = frame ? ` to close the ${frame.array ? 'array' : 'object'} opened at ${where(frame.open)}` : '';
      return fail(
        offset,
        0,
        `Unexpected end of file: expected ${state === COLON ? '`:`' : state === AFTER_VALUE ? `\`,\` or ${closer}` : 'a value'}${opened}.`,
      );
    }

    switch (state) {
      case VALUE:
      case FIRST_ITEM: {
        if (token === Token.CloseBracket && frame?.array) {
          if (state === VALUE) return fail(lastComma, 1, 'Trailing comma: remove the `,` before `]`.');
          stack.pop();
          if (muted > 0) muted--;
          else if (visitor.containerEnd?.(offset + 1) === Next.Stop) return undefined;
          state = afterValue();
          break;
        }
        const shape: ValueShape | undefined =
          token === Token.OpenBrace ? 'object' : token === Token.OpenBracket ? 'array' : token >= Token.Null && token <= Token.Number ? 'scalar' : undefined;
        if (!shape) return fail(offset, length, `Expected a value, found ${show(offset, length)}.`);
        let next: Next | undefined = Next.Continue;
        if (muted === 0 && visitor.value) {
          next = visitor.value({
            key: frame ? (frame.array ? frame.index : frame.key) : undefined,
            keyOffset: frame && !frame.array ? frame.keyOffset : -1,
            keyLength: frame && !frame.array ? frame.keyLength : 0,
            offset,
            length,
            shape,
          });
          if (next === Next.Stop) return undefined;
        }
        if (shape === 'scalar') {
          state = afterValue();
        } else {
          stack.push({ array: shape === 'array', index: 0, key: undefined, keyOffset: -1, keyLength: 0, open: offset });
          if (muted > 0 || next === Next.Skip) muted++;
          state = shape === 'array' ? FIRST_ITEM : FIRST_MEMBER;
        }
        break;
      }
      case FIRST_MEMBER:
      case MEMBER:
        if (token === Token.String) {
          frame!.key = scan.getTokenValue();
          frame!.keyOffset = offset;
          frame!.keyLength = length;
          state = COLON;
        } else if (token === Token.CloseBrace && state === FIRST_MEMBER) {
          stack.pop();
          if (muted > 0) muted--;
          else if (visitor.containerEnd?.(offset + 1) === Next.Stop) return undefined;
          state = afterValue();
        } else if (token === Token.CloseBrace) {
          return fail(lastComma, 1, 'Trailing comma: remove the `,` before `}`.');
        } else {
          return fail(offset, length, `Expected a member name in double quotes, found ${show(offset, length)}.`);
        }
        break;
      case COLON:
        if (token !== Token.Colon)
          return fail(offset, length, `Expected \`:\` after the member name${quote ? ` ${shown(text, frame!.keyOffset, frame!.keyLength)}` : ''}.`);
        state = VALUE;
        break;
      case AFTER_VALUE:
        if (token === Token.Comma) {
          lastComma = offset;
          if (frame!.array) {
            frame!.index++;
            state = VALUE;
          } else state = MEMBER;
        } else if (token === (frame!.array ? Token.CloseBracket : Token.CloseBrace)) {
          stack.pop();
          if (muted > 0) muted--;
          else if (visitor.containerEnd?.(offset + 1) === Next.Stop) return undefined;
          state = afterValue();
        } else if (token === Token.Number && prevToken === Token.Number && prevEnd === offset && /^-?0$/.test(prevValue)) {
          return fail(offset - 1, length + 1, 'Numbers must not have leading zeros; write `0` alone, or the number without them.');
        } else {
          const expected = frame!.array ? '`,` or `]`' : '`,` or `}`';
          const after = frame!.array ? 'an array item' : quote ? `the member ${shown(text, frame!.keyOffset, frame!.keyLength)}` : 'a member';
          return fail(offset, length, `Expected ${expected} after ${after}, found ${show(offset, length)}.`);
        }
        break;
      case END:
        if (token === Token.Number && prevToken === Token.Number && prevEnd === offset && /^-?0$/.test(prevValue)) {
          return fail(offset - 1, length + 1, 'Numbers must not have leading zeros; write `0` alone, or the number without them.');
        }
        return fail(offset, length, `Unexpected ${show(offset, length)} after the end of the JSON value; a file holds one value.`);
    }
    prevToken = token;
    prevEnd = offset + length;
    if (token === Token.Number) prevValue = text.slice(offset, offset + length);
  }
}
