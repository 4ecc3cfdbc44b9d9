import type { DuplicateKey } from '../locate/duplicates.js';
import type { NodeLocation } from '../locate/locate.js';
import type { SyntaxProblem } from '../locate/walker.js';

/** A file's payload as parsed, with what the lint needs to place findings in its text. */
export interface SourceDocument {
  /** The text that spans and fix ranges refer to (a JSON file without its BOM). */
  readonly text: string;
  /** What precedes `text` in the file (a BOM), put back when a fixed file is written. */
  readonly prefix: string;
  /** The payload. Always from `JSON.parse`, never from a location parser (see `__proto__`). */
  readonly value: unknown;
  /** A cheap check; false means `duplicateKeys()` would find nothing. */
  mayHaveDuplicateKeys(): boolean;
  duplicateKeys(): DuplicateKey[];
  /** Locations of these pointers and their ancestors. */
  locate(pointers: Iterable<string>, hasDuplicates: boolean): Map<string, NodeLocation>;
}

export type ReadOutcome =
  | { ok: true; document: SourceDocument }
  | { ok: false; text: string; problem: SyntaxProblem };

/**
 * Turns a file's text into a payload and locations. JSON is the only reader today; the registry
 * in sources/index.ts picks one by extension, so a reader for payloads embedded in other files
 * (TypeScript fixtures) can be added without touching the lint.
 */
export interface SourceReader {
  readonly id: string;
  /** Extensions it reads, with the dot, lower case. */
  readonly extensions: readonly string[];
  /** Never throws for any text. */
  read(raw: string): ReadOutcome;
}
