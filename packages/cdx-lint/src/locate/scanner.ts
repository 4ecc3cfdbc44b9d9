import type { JSONScanner } from 'jsonc-parser';
import { nodeRequire } from '../node-require.js';

/**
 * jsonc-parser's token kinds. Its `SyntaxKind` is an ambient const enum, which isolatedModules
 * cannot read, so the values are restated here.
 */
export const Token = {
  OpenBrace: 1,
  CloseBrace: 2,
  OpenBracket: 3,
  CloseBracket: 4,
  Comma: 5,
  Colon: 6,
  Null: 7,
  True: 8,
  False: 9,
  String: 10,
  Number: 11,
  LineComment: 12,
  BlockComment: 13,
  LineBreak: 14,
  Trivia: 15,
  Unknown: 16,
  EOF: 17,
} as const;

/** jsonc-parser's `ScanError` values, for the same reason. */
export const ScanError = {
  None: 0,
  UnexpectedEndOfComment: 1,
  UnexpectedEndOfString: 2,
  UnexpectedEndOfNumber: 3,
  InvalidUnicode: 4,
  InvalidEscapeCharacter: 5,
  InvalidCharacter: 6,
} as const;

type ScannerFactory = (text: string, ignoreTrivia?: boolean) => JSONScanner;

let createScanner: ScannerFactory | undefined;

/**
 * Hands over jsonc-parser's `createScanner` where it cannot be required (the text API, src/text.ts,
 * imports it itself: in a browser there is no `require`).
 */
export function provideScanner(factory: ScannerFactory): void {
  createScanner ??= factory;
}

/**
 * A jsonc-parser scanner over `text`. In Node the module is loaded on first use: only files with
 * findings, duplicate keys or syntax errors need token positions, and a clean run (the
 * pre-commit case) should not pay for loading it.
 */
export function scanner(text: string): JSONScanner {
  createScanner ??= (nodeRequire(import.meta.url)('jsonc-parser') as typeof import('jsonc-parser')).createScanner;
  return createScanner(text, false);
}
