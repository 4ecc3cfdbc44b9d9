// @ts-check
// The code lists the schemas' `iso639-1` and `iso3166-alpha2` formats accept, read from well-kept
// packages when `pnpm generate` runs, never typed by hand: ISO 639-1 language codes from `iso-639-1`,
// ISO 3166-1 alpha-2 country codes (with alpha-3 codes and English names) from `i18n-iso-countries`.
// The values land in generated output: the formats' regular expressions are inlined into the
// validators, and the lookups that turn a name or an alpha-3 code into a suggestion are
// packages/validate/src/generated/code-lists.ts.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** Package name and version of each source, for the generated banner. */
export function codeListSources() {
  const version = (/** @type {string} */ name) => require(`${name}/package.json`).version;
  return [`iso-639-1@${version('iso-639-1')}`, `i18n-iso-countries@${version('i18n-iso-countries')}`];
}

/**
 * ISO 639-1: code (lower case) → English name, sorted by code.
 * @returns {Record<string, string>}
 */
export function languages() {
  /** @type {{ getAllCodes(): string[], getName(code: string): string }} */
  const iso6391 = require('iso-639-1');
  const codes = [...iso6391.getAllCodes()].sort();
  return Object.fromEntries(codes.map((code) => [code, iso6391.getName(code)]));
}

/**
 * ISO 3166-1 alpha-2 (upper case) → { alpha3, name } (English), sorted by code.
 * @returns {Record<string, { alpha3: string, name: string }>}
 */
export function countries() {
  const countriesLib = require('i18n-iso-countries');
  countriesLib.registerLocale(require('i18n-iso-countries/langs/en.json'));
  const codes = Object.keys(countriesLib.getAlpha2Codes()).sort();
  return Object.fromEntries(
    codes.map((code) => {
      const [alpha3, name] = [countriesLib.alpha2ToAlpha3(code), countriesLib.getName(code, 'en')];
      if (alpha3 === undefined || name === undefined) throw new Error(`code-lists: ${code} has no alpha-3 code or English name`);
      return [code, { alpha3, name }];
    }),
  );
}

/**
 * One anchored, case-insensitive expression accepting exactly these two-letter codes, grouped by
 * first letter (`^(?:a[abefk…]|b[…]|…)$`): linear, and short enough to read in generated code.
 * @param {string[]} codes
 */
export function twoLetterPattern(codes) {
  const byFirst = new Map();
  for (const code of codes) {
    const lower = code.toLowerCase();
    if (!/^[a-z]{2}$/.test(lower)) throw new Error(`code-lists: ${code} is not a two-letter code`);
    byFirst.set(lower[0], `${byFirst.get(lower[0]) ?? ''}${lower[1]}`);
  }
  const groups = [...byFirst].sort(([a], [b]) => (a < b ? -1 : 1)).map(([first, seconds]) => `${first}[${[...seconds].sort().join('')}]`);
  return new RegExp(`^(?:${groups.join('|')})$`, 'i');
}

/** The formats, for scripts/lib/ajv.mjs. */
export function codeListFormats() {
  return { 'iso639-1': twoLetterPattern(Object.keys(languages())), 'iso3166-alpha2': twoLetterPattern(Object.keys(countries())) };
}

/**
 * packages/validate/src/generated/code-lists.ts: what a finding suggests for a value that names
 * the code instead of being it (a language's English name; a country's alpha-3 code or name).
 * @param {string} banner
 */
export function emitCodeLists(banner) {
  /** @type {Record<string, string>} */
  const byLanguageName = {};
  for (const [code, name] of Object.entries(languages())) byLanguageName[name.toLowerCase()] = code;
  /** @type {Record<string, string>} */
  const byCountryName = {};
  for (const [code, { alpha3, name }] of Object.entries(countries())) {
    byCountryName[alpha3.toLowerCase()] = code;
    byCountryName[name.toLowerCase()] = code;
  }
  const sorted = (/** @type {Record<string, string>} */ record) => Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return [
    banner,
    `// Sources: ${codeListSources().join(', ')}.`,
    '',
    "/** ISO 639-1 code (lower case) by the language's English name in lower case: `english` → `en`. */",
    `export const LANGUAGE_CODES: Readonly<Record<string, string>> = ${JSON.stringify(sorted(byLanguageName), null, 2)};`,
    '',
    "/** ISO 3166-1 alpha-2 code by the country's alpha-3 code or English name, in lower case: `usa` → `US`. */",
    `export const COUNTRY_CODES: Readonly<Record<string, string>> = ${JSON.stringify(sorted(byCountryName), null, 2)};`,
    '',
  ].join('\n');
}
