import { quote } from './finding.js';
import { COUNTRY_CODES, LANGUAGE_CODES } from './generated/code-lists.js';

/** The lookups per code-list format: a name (or alpha-3 code) in lower case → the code. */
const BY_FORMAT: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'iso639-1': LANGUAGE_CODES,
  'iso3166-alpha2': COUNTRY_CODES,
};

/**
 * For a value that names a code instead of being it ("English", "USA", "Canada"), the sentence
 * that says which code to write; otherwise ''. The lists are generated (scripts/lib/code-lists.mjs).
 */
export function codeHint(format: string, value: unknown): string {
  const codes = BY_FORMAT[format];
  if (!codes || typeof value !== 'string' || value.length > 80) return '';
  const key = value.trim().toLowerCase();
  return Object.hasOwn(codes, key) ? ` Write ${quote(codes[key])}.` : '';
}
