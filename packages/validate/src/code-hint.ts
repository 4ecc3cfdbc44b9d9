import datetime from './datetime.cjs';
import { quote } from './finding.js';
import { COUNTRY_CODES, LANGUAGE_CODES } from './generated/code-lists.js';

/** The lookups per code-list format: a name (or alpha-3 code) in lower case → the code. */
const BY_FORMAT: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'iso639-1': LANGUAGE_CODES,
  'iso3166-alpha2': COUNTRY_CODES,
};

/** The date formats, by the form the shared checker (datetime.cjs) reads them as. */
const DATE_FORMS: Readonly<Record<string, Parameters<typeof datetime.dateTimeProblem>[1]>> = {
  iso8601: 'iso8601',
  date: 'rfc3339-date',
  'date-time': 'rfc3339',
  'fhir-date': 'date',
  'fhir-dateTime': 'dateTime',
  'fhir-instant': 'instant',
  'fhir-time': 'time',
};

/**
 * For a value that is a date that does not exist, the sentence that says why ("February 2026 has 28
 * days."); for a value that names a code instead of being it ("English", "USA", "Canada"), the sentence
 * that says which code to write; otherwise ''. The lists are generated (scripts/lib/code-lists.mjs).
 */
export function codeHint(format: string, value: unknown): string {
  const form = DATE_FORMS[format];
  if (form !== undefined) {
    const problem = typeof value === 'string' ? datetime.dateTimeProblem(value, form) : undefined;
    return problem === undefined || problem === 'malformed' ? '' : ` ${problem.charAt(0).toUpperCase()}${problem.slice(1)}.`;
  }
  const codes = BY_FORMAT[format];
  if (!codes || typeof value !== 'string' || value.length > 80) return '';
  const key = value.trim().toLowerCase();
  return Object.hasOwn(codes, key) ? ` Write ${quote(codes[key])}.` : '';
}
