// The official R4 examples that are not valid R4 (fixtures/invalid-r4.json), for the corpus tests.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Rules that would mean cdx misreads valid R4. */
export const NOT_ON_VALID_R4 = new Set(['schema', 'unknown-kind', 'spelling-drift', 'unknown-field', 'fhir-reference', 'fhir-bundle', 'fhir-invariant']);

interface Invalid {
  reason: string;
  /** The pointers of its schema findings; null where they are counted instead (missingLinkIds). */
  pointers: string[] | null;
  missingLinkIds?: number;
  /** The findings of the other rules that mean invalid R4 (`<rule id> <pointer>`), in order. */
  findings?: string[];
  /** Its fhir-invariant findings, as `<key> <pointer>`. */
  invariants?: string[];
}

const file = join(dirname(fileURLToPath(import.meta.url)), 'fixtures/invalid-r4.json');
/** File name → why it is not valid R4, and the schema findings cdx reports on it. */
export const INVALID_R4 = (JSON.parse(readFileSync(file, 'utf8')) as { invalid: Record<string, Invalid> }).invalid;
