import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';

/** A body read as JSON: its value, or where and why it is not JSON. */
export type JsonResult = { ok: true; value: unknown } | { ok: false; line: number; column: number; message: string };

/** 1-based line and column of a character offset. */
export function positionOf(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line += 1;
    start = i + 1;
  }
  return { line, column: offset - start + 1 };
}

/**
 * Parses a request body as strict JSON. JSON.parse does the work (fast, and what the service would do);
 * only when it refuses is the text walked again by jsonc-parser, with comments and trailing commas
 * disallowed, for the offset of the first error, which JSON.parse does not report on every Node version.
 */
export function parseJson(text: string): JsonResult {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    const errors: ParseError[] = [];
    parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
    const first = errors[0];
    const offset = first?.offset ?? text.length;
    const reason = first ? printParseErrorCode(first.error) : 'InvalidSymbol';
    const { line, column } = positionOf(text, offset);
    return { ok: false, line, column, message: `The body is not JSON: ${reason} at line ${line}, column ${column}.` };
  }
}
