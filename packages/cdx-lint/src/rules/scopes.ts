// The scopes of cdx-lint's own rules: about a file's text rather than a payload.
import { defineScope } from '@cdx/validate';
import type { DuplicateKey } from '../locate/duplicates.js';

/** Why a file could not be read as a payload: its encoding, or a parser's own description. */
export type ParseProblem =
  { readonly kind: 'syntax'; readonly message: string } | { readonly kind: 'utf16' } | { readonly kind: 'not-utf8'; readonly byte: string };

/** A file that is not JSON (or TypeScript) at all (only `parse-error`). */
export const UNPARSABLE_FILE = defineScope<{ readonly problem: ParseProblem }>('unparsable-file');

/** One payload's text in a file that parsed: its repeated member names (only `duplicate-key`). */
export interface PayloadTextContext {
  /**
   * Hands each repeated member name to `visit`, in text order, one at a time: a file can repeat a
   * name a million times, and the runner keeps only as many findings as it lists.
   */
  eachDuplicate(visit: (duplicate: DuplicateKey) => void): void;
  /** Line of each duplicate's first occurrence, by its offset. */
  firstLine(duplicate: DuplicateKey): number;
  /** JSON (else a TypeScript or JavaScript object literal). */
  readonly json: boolean;
}

export const PAYLOAD_TEXT = defineScope<PayloadTextContext>('payload-text');

/** Why a file named on the command line is not linted: the glob that ignores it, and whose it is. */
export interface IgnoredFileContext {
  readonly pattern: string;
  /** `default`: one of cdx-lint's defaults; `config`: the config's `ignores`; `command-line`: `--ignore-pattern`. */
  readonly source: 'default' | 'config' | 'command-line';
}

/** A file named on the command line (or as --stdin-filename) that is ignored (only `ignored-file`). */
export const IGNORED_FILE = defineScope<IgnoredFileContext>('ignored-file');

/** A FHIR payload's integers written with a fraction or an exponent (only `fhir-integer-literal`). */
export interface IntegerTextContext {
  /** Hands each such integer to `visit`, in text order: where it is, as written, and the digits to write. */
  eachIntegerLiteral(visit: (literal: { readonly pointer: string; readonly literal: string; readonly write: string }) => void): void;
}

export const INTEGER_TEXT = defineScope<IntegerTextContext>('integer-text');
