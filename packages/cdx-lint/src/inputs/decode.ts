import { isUtf8 } from 'node:buffer';
import { resultOf } from '../lint/result.js';
import type { LintResult } from '../lint/types.js';
import { LineIndex, splitBom } from '../locate/text.js';
import { readRegularFile } from './read.js';
import { parseErrorMessage } from '../rules/run.js';
import type { ParseProblem } from '../rules/scopes.js';

/** Offset of the first byte that does not start or continue a well-formed UTF-8 sequence. */
function firstInvalidByte(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length;) {
    const b = bytes[i]!;
    const [length, low, high] =
      b < 0x80
        ? [1, 0, 0]
        : b >= 0xc2 && b <= 0xdf
          ? [2, 0x80, 0xbf]
          : b === 0xe0
            ? [3, 0xa0, 0xbf]
            : b === 0xed
              ? [3, 0x80, 0x9f]
              : b >= 0xe1 && b <= 0xef
                ? [3, 0x80, 0xbf]
                : b === 0xf0
                  ? [4, 0x90, 0xbf]
                  : b === 0xf4
                    ? [4, 0x80, 0x8f]
                    : b >= 0xf1 && b <= 0xf3
                      ? [4, 0x80, 0xbf]
                      : [0, 0, 0];
    if (length === 0 || i + length > bytes.length) return i;
    if (length > 1 && (bytes[i + 1]! < low || bytes[i + 1]! > high)) return i;
    for (let k = 2; k < length; k++) if (bytes[i + k]! < 0x80 || bytes[i + k]! > 0xbf) return i;
    i += length;
  }
  return bytes.length;
}

const hex = (b: number | undefined) => `0x${(b ?? 0).toString(16).toUpperCase().padStart(2, '0')}`;

/** Why bytes are not UTF-8 JSON text, and where, or undefined when they are UTF-8. */
function encodingProblem(bytes: Uint8Array): { byte: number; problem: ParseProblem } | undefined {
  // A UTF-16 byte order mark, or RFC 4627's test: JSON text starts with two ASCII characters, so
  // UTF-16 and UTF-32 show NUL bytes in a fixed pattern among the first four.
  const bom16 = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
  const nul = (i: number) => bytes[i] === 0;
  const wide =
    bytes.length >= 4 &&
    ((nul(0) && !nul(1) && nul(2)) || (!nul(0) && nul(1) && !nul(2) && nul(3)) || (nul(0) && nul(1) && nul(2)) || (!nul(0) && nul(1) && nul(2) && nul(3)));
  if (bom16 || wide) {
    return { byte: 0, problem: { kind: 'utf16' } };
  }
  if (isUtf8(bytes)) return undefined;
  const byte = firstInvalidByte(bytes);
  return { byte, problem: { kind: 'not-utf8', byte: hex(bytes[byte]) } };
}

/** A file's text, or the parse-error result that says it cannot be read as UTF-8. */
export type Decoded = { ok: true; text: string } | { ok: false; result: LintResult };

/**
 * Decodes a file's bytes as UTF-8. Bytes that are not UTF-8 are a `parse-error` at the first of
 * them, never silently replaced by U+FFFD (which would pass every check and then be written back
 * by --fix as different bytes). The check is native and runs on every file; only a file that
 * fails it is scanned for the place.
 */
export function decodeUtf8(bytes: Buffer, filePath: string): Decoded {
  const problem = encodingProblem(bytes);
  const raw = bytes.toString('utf8');
  if (!problem) return { ok: true, text: raw };
  // Positions count in the text after a BOM, as every other finding's do.
  const { body } = splitBom(raw);
  const before = bytes.subarray(0, problem.byte).toString('utf8');
  const offset = Math.max(0, before.length - (raw.length - body.length));
  const span = new LineIndex(body).span(offset, offset + 1);
  return { ok: false, result: resultOf(filePath, null, [parseErrorMessage(problem.problem, span)]) };
}

/**
 * Reads a file as UTF-8 text, or the parse error that says it is not UTF-8. Read as text, so no
 * buffer of the file's size outlives the read (one kept a 200 MB file's bytes alive through
 * parsing); only a text with U+FFFD in it (a byte that is not UTF-8, or a real U+FFFD) or with NUL
 * among its first characters (UTF-16) is read again as bytes to tell which and where.
 */
export function readUtf8File(path: string): Decoded {
  const text = readRegularFile(path, 'utf8');
  const wide = text.charCodeAt(0) === 0 || text.charCodeAt(1) === 0 || text.charCodeAt(2) === 0 || text.charCodeAt(3) === 0;
  if (!wide && !text.includes('\uFFFD')) return { ok: true, text };
  return decodeUtf8(readRegularFile(path), path);
}
