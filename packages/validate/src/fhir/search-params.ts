/**
 * Checks the form bodies of the service's FHIR searches (POST …/Goal/_search and
 * POST …/Patient/_search, application/x-www-form-urlencoded, every parameter repeatable) with the
 * search-param rule (rules/fhir/search-param.ts): known parameter names only, with the modifiers
 * their FHIR search type allows; value sets; FHIR date search values with prefixes. A repeated
 * parameter is fine (FHIR ANDs repeats; commas inside one value OR).
 */
import type { Finding } from '../finding.js';
import { findingOf } from '../rules/create-rule.js';
import { PARAMS, searchParamRule, searchReports, type SearchResource } from '../rules/fhir/search-param.js';

export type { SearchResource };

/** A form body: URLSearchParams, or a record of values (each a string or an array of strings). */
export type SearchParamsInput = URLSearchParams | Readonly<Record<string, string | readonly string[]>>;

export interface SearchParamsResult {
  /** No finding of severity `error`. */
  valid: boolean;
  /**
   * Rule id `search-param`. Pointers address the body as a record of arrays: `/<name>` for the
   * parameter, `/<name>/<i>` for its i-th value.
   */
  findings: Finding[];
}

/** The parameter names the spec lists for a search (for telling which search a form body is). */
export function searchParameterNames(resource: SearchResource): readonly string[] {
  return Object.hasOwn(PARAMS, resource) ? Object.keys(PARAMS[resource]) : [];
}

function entriesOf(input: SearchParamsInput): [string, string[]][] {
  if (input instanceof URLSearchParams) {
    const map = new Map<string, string[]>();
    for (const [name, value] of input) {
      if (!map.has(name)) map.set(name, []);
      map.get(name)!.push(value);
    }
    return [...map.entries()];
  }
  // A value of another type (a number in a JSON body) is the schema's to report: no values here.
  return Object.entries(input).map(([name, value]) => [
    name,
    typeof value === 'string' ? [value] : Array.isArray(value) ? (value as unknown[]).filter((v): v is string => typeof v === 'string') : [],
  ]);
}

/** What a value that is no form body is, in words; undefined for a form body. */
function notAFormBody(input: unknown): string | undefined {
  if (input instanceof URLSearchParams || (typeof input === 'object' && input !== null && !Array.isArray(input))) return undefined;
  if (typeof input === 'string') return 'a string (wrap it: new URLSearchParams(text))';
  return input === null ? 'null' : Array.isArray(input) ? 'an array' : typeof input;
}

/**
 * Checks a `Goal/_search` or `Patient/_search` form body. Never throws for any form body; throws a
 * TypeError for a programming error (a resource it cannot search, input that is no form body).
 *
 * @example checkSearchParams('Goal', new URLSearchParams('patient=Patient/1&lifecycle-status=active'))
 */
export function checkSearchParams(resource: SearchResource, input: SearchParamsInput): SearchParamsResult {
  if (!Object.hasOwn(PARAMS, resource))
    throw new TypeError(`checkSearchParams: no search of ${JSON.stringify(resource)}; known: ${Object.keys(PARAMS).join(', ')}`);
  // A caller's type error, from JavaScript: a string would be read character by character.
  const given = notAFormBody(input);
  if (given !== undefined) throw new TypeError(`checkSearchParams: the form body must be URLSearchParams or an object of parameters; got ${given}`);
  const { meta } = searchParamRule;
  const findings = searchReports(resource, entriesOf(input)).map((report) => findingOf(meta, report, meta.severity));
  return { valid: !findings.some((f) => f.severity === 'error'), findings };
}
