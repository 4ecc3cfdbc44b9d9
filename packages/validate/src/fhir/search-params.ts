// checkSearchParams: the runner of the search-param rule (rules/fhir/search-param.ts) over a form body.
import type { Finding } from '../finding.js';
import { findingOf } from '../rules/create-rule.js';
import { PARAMS } from '../rules/fhir/search-param.js';
import { rulesOf } from '../rules/index.js';
import { SEARCH_PARAMS, type SearchResource } from '../rules/scopes.js';

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

function entriesOf(input: SearchParamsInput): [string, string[]][] {
  if (input instanceof URLSearchParams) {
    const map = new Map<string, string[]>();
    for (const [name, value] of input) {
      if (!map.has(name)) map.set(name, []);
      map.get(name)!.push(value);
    }
    return [...map.entries()];
  }
  return Object.entries(input).map(([name, value]) => [name, typeof value === 'string' ? [value] : [...value]]);
}

/**
 * Checks a `Goal/_search` or `Patient/_search` form body. Never throws for any input.
 *
 * @example checkSearchParams('Goal', new URLSearchParams('patient=Patient/1&lifecycle-status=active'))
 */
export function checkSearchParams(resource: SearchResource, input: SearchParamsInput): SearchParamsResult {
  if (!Object.hasOwn(PARAMS, resource)) throw new TypeError(`checkSearchParams: no search of ${String(resource)}; known: ${Object.keys(PARAMS).join(', ')}`);
  const findings: Finding[] = [];
  const params = entriesOf(input);
  for (const rule of rulesOf(SEARCH_PARAMS)) {
    void rule.check({ resource, params, options: rule.defaultOptions, report: (report) => findings.push(findingOf(rule.meta, report, report.severity ?? rule.meta.severity)) });
  }
  return { valid: !findings.some((f) => f.severity === 'error'), findings };
}
