import type { KindId, ValidateOptions } from '@cdx/validate';
import type { DuplicateKey } from '../locate/duplicates.js';
import type { NodeLocation } from '../locate/locate.js';
import type { SyntaxProblem } from '../locate/walker.js';
import type { IntegerLiteral } from '../rules/run.js';

/** Where a payload's values are not known; @cdx/validate's `UnknownParts`. */
export type UnknownParts = NonNullable<ValidateOptions['unknown']>;

/**
 * One payload found in a file, with what the lint needs to place findings in the file's text. A
 * JSON file is one payload; a TypeScript fixture may hold several, each with its own pointers.
 */
export interface SourceDocument {
  /** The payload. JSON: always from `JSON.parse`, never from a location parser (see `__proto__`). */
  readonly value: unknown;
  /** Its kind when the source says it (a TypeScript type name); otherwise detected or configured. */
  readonly kind?: KindId;
  /** Its kind when neither the source nor the config names one and detection cannot tell (a form body's guess). */
  readonly fallbackKind?: KindId | undefined;
  /** The unknown-kind message (by id) to report instead of the generic one when no kind fits (a form body). */
  readonly kindHint?: 'searchForm';
  /** How messages name it when a file can hold several (a TypeScript variable name). */
  readonly label?: string;
  /** Parts whose value is not in the source (variables, calls, spreads): see @cdx/validate. */
  readonly unknown?: UnknownParts;
  /** A cheap check; false means `eachDuplicateKey()` would find nothing. */
  mayHaveDuplicateKeys(): boolean;
  /**
   * Every repeated member name, in text order, one at a time: a file can repeat a name a million
   * times, and the caller keeps only as many as it reports.
   */
  eachDuplicateKey(visit: (duplicate: DuplicateKey) => void): void;
  /**
   * JSON only: the FHIR integers of a payload of this kind written with a fraction or exponent
   * (`1.0`, `1e0`), which JSON.parse hides. Other sources write no JSON number literals.
   */
  integerLiterals?(kind: KindId | null): readonly IntegerLiteral[];
  /** Locations of these pointers and their ancestors, as offsets in the file's text. */
  locate(pointers: Iterable<string>, hasDuplicates: boolean): Map<string, NodeLocation>;
  /**
   * The text that replaces a located member name to rename it to `to` (JSON: `"to"`), or
   * undefined when that name cannot be renamed by editing it (a getter).
   */
  renameText(location: NodeLocation, to: string): string | undefined;
}

export type ReadOutcome =
  | {
      ok: true;
      /** The text that spans and fix ranges refer to (the file without its BOM). */
      text: string;
      /** What precedes `text` in the file (a BOM), put back when a fixed file is written. */
      prefix: string;
      /** The payloads, in text order; none for a TypeScript file without payload literals. */
      documents: SourceDocument[];
    }
  | { ok: false; text: string; problem: SyntaxProblem };

/**
 * Turns a file's text into payloads and locations. The registry in sources/index.ts picks a
 * reader by extension: JSON, or TypeScript and JavaScript fixtures (payload literals in code).
 */
export interface SourceReader {
  readonly id: string;
  /** Extensions it reads, with the dot, lower case. */
  readonly extensions: readonly string[];
  /** Never throws for any text. */
  read(raw: string): ReadOutcome;
}
