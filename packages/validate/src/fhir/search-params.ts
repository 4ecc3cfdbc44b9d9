/**
 * Checks the form bodies of the service's FHIR searches (POST …/Goal/_search and
 * POST …/Patient/_search, application/x-www-form-urlencoded, every parameter repeatable):
 * known parameter names only, with the modifiers their FHIR search type allows; value sets
 * (lifecycle-status, gender, active, _revinclude); FHIR date search values with prefixes
 * (`ge2026-01-01`). A repeated parameter is fine (FHIR ANDs repeats; commas inside one value OR).
 */
import { code } from '../display.js';
import { childPointer, type Finding } from '../finding.js';
import { nearMisses } from '../near-miss.js';
import type { RuleMeta } from '../rules/index.js';

/** The one rule checkSearchParams reports (documented at docs/rules/search-param.md). */
export const SEARCH_PARAM_RULE: RuleMeta = {
  id: 'search-param',
  defaultSeverity: 'error',
  description: 'A FHIR search form body names only the parameters, modifiers and values the service accepts.',
};

/** The resource types the service can search. */
export type SearchResource = 'Goal' | 'Patient';

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

type SearchType = 'token' | 'string' | 'reference' | 'date' | 'special';

interface ParamSpec {
  readonly type: SearchType;
  /** Allowed values of a coded parameter (each comma-separated part of a value). */
  readonly values?: readonly string[];
}

const LIFECYCLE = ['proposed', 'planned', 'accepted', 'active', 'on-hold', 'completed', 'cancelled', 'entered-in-error', 'rejected'];

/** The parameters the spec lists per search (spec, "FHIR R4 operations"). */
const PARAMS: Readonly<Record<SearchResource, Readonly<Record<string, ParamSpec>>>> = {
  Goal: {
    patient: { type: 'reference' },
    'patient.identifier': { type: 'token' },
    'lifecycle-status': { type: 'token', values: LIFECYCLE },
    'target-date': { type: 'date' },
  },
  Patient: {
    identifier: { type: 'token' },
    active: { type: 'token', values: ['true', 'false'] },
    'general-practitioner': { type: 'reference' },
    'general-practitioner.identifier': { type: 'token' },
    given: { type: 'string' },
    family: { type: 'string' },
    birthdate: { type: 'date' },
    gender: { type: 'token', values: ['male', 'female', 'other', 'unknown'] },
    'address-line': { type: 'string' },
    'address-city': { type: 'string' },
    'address-state': { type: 'string' },
    'address-postalcode': { type: 'string' },
    phone: { type: 'token' },
    email: { type: 'token' },
    _revinclude: { type: 'special', values: ['Coverage:beneficiary', 'Account:subject'] },
  },
};

/** The parameter names the spec lists for a search (for telling which search a form body is). */
export function searchParameterNames(resource: SearchResource): readonly string[] {
  return Object.keys(PARAMS[resource] ?? {});
}

/** FHIR R4 search modifiers by parameter type (`missing` applies to all). */
const MODIFIERS: Readonly<Record<SearchType, readonly string[]>> = {
  token: ['missing', 'not', 'text', 'in', 'not-in', 'above', 'below', 'of-type'],
  string: ['missing', 'exact', 'contains'],
  reference: ['missing', 'identifier', 'Patient', 'Practitioner', 'PractitionerRole', 'Organization'],
  date: ['missing'],
  special: ['iterate'],
};

const DATE_PREFIXES = ['eq', 'ne', 'gt', 'lt', 'ge', 'le', 'sa', 'eb', 'ap'];
/** A FHIR date or dateTime search value: YYYY, YYYY-MM, YYYY-MM-DD, or a date-time with seconds optional and a zone. */
const DATE_VALUE =
  /^(?:eq|ne|gt|lt|ge|le|sa|eb|ap)?\d{4}(?:-(?:0[1-9]|1[0-2])(?:-(?:0[1-9]|[12]\d|3[01])(?:T(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d+)?)?(?:Z|[+-](?:0\d|1[0-4]):[0-5]\d)?)?)?)?$/;

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
  return Object.entries(input).map(([name, value]) => [name, typeof value === 'string' ? [value] : Array.isArray(value) ? [...(value as unknown[])] : []]) as [string, string[]][];
}

function checkValue(name: string, spec: ParamSpec, value: string, pointer: string, modifier: string | undefined): Finding[] {
  const error = (message: string): Finding => ({ ruleId: SEARCH_PARAM_RULE.id, severity: SEARCH_PARAM_RULE.defaultSeverity, pointer, message });
  if (value.trim() === '') return [error(`${code(name)} has an empty value; leave the parameter out instead.`)];
  if (modifier === 'missing') {
    return value === 'true' || value === 'false' ? [] : [error(`${code(`${name}:missing`)} takes true or false; got ${JSON.stringify(value.slice(0, 40))}.`)];
  }
  if (spec.type === 'date') {
    if (DATE_VALUE.test(value)) return [];
    const prefix = /^[a-z]{2}/.exec(value)?.[0];
    const hint = prefix && !DATE_PREFIXES.includes(prefix) && !/^\d/.test(value)
      ? ` ${JSON.stringify(prefix)} is not a date prefix (${DATE_PREFIXES.join(', ')}).`
      : '';
    return [
      error(`${code(name)} must be a FHIR date search value: an optional prefix (${DATE_PREFIXES.join(', ')}) and a date such as 2026-01-01 (for example ge2026-01-01); got ${JSON.stringify(value.slice(0, 40))}.${hint}`),
    ];
  }
  if (spec.values && (modifier === undefined || modifier === 'not' || modifier === 'iterate')) {
    // Commas OR the values of one parameter; each must be allowed.
    const bad = value.split(',').filter((part) => !spec.values!.includes(part));
    if (bad.length === 0) return [];
    return bad.map((part) => {
      const near = nearMisses(part, spec.values!);
      return error(
        `${code(name)} value ${JSON.stringify(part.slice(0, 40))} is not one of ${spec.values!.join(', ')}.${near.length ? ` Did you mean ${near.map(code).join(' or ')}?` : ''}`,
      );
    });
  }
  return [];
}

/**
 * Checks a `Goal/_search` or `Patient/_search` form body. Never throws for any input.
 *
 * @example checkSearchParams('Goal', new URLSearchParams('patient=Patient/1&lifecycle-status=active'))
 */
export function checkSearchParams(resource: SearchResource, input: SearchParamsInput): SearchParamsResult {
  const known = PARAMS[resource];
  if (!known) throw new TypeError(`checkSearchParams: no search of ${String(resource)}; known: ${Object.keys(PARAMS).join(', ')}`);
  const findings: Finding[] = [];
  for (const [raw, values] of entriesOf(input)) {
    const pointer = childPointer('', raw);
    const [name = '', modifier, ...extra] = raw.split(':');
    const spec = Object.hasOwn(known, name) ? known[name] : undefined;
    if (!spec) {
      const near = nearMisses(name, Object.keys(known));
      findings.push({
        ruleId: SEARCH_PARAM_RULE.id,
        severity: SEARCH_PARAM_RULE.defaultSeverity,
        pointer,
        message: `${code(name)} is not a ${resource} search parameter of the service.${near.length ? ` Did you mean ${near.map(code).join(' or ')}?` : ''} Known: ${Object.keys(known).join(', ')}.`,
      });
      continue;
    }
    if (extra.length > 0 || (modifier !== undefined && !MODIFIERS[spec.type].includes(modifier))) {
      findings.push({
        ruleId: SEARCH_PARAM_RULE.id,
        severity: SEARCH_PARAM_RULE.defaultSeverity,
        pointer,
        message: `${code(raw)}: ${JSON.stringify(raw.slice(name.length + 1))} is not a modifier of ${code(name)} (a ${spec.type} parameter; allowed: ${MODIFIERS[spec.type].join(', ')}).`,
      });
      continue;
    }
    values.forEach((value, i) => {
      if (typeof value === 'string') findings.push(...checkValue(name, spec, value, childPointer(pointer, i), modifier));
    });
  }
  return { valid: !findings.some((f) => f.severity === 'error'), findings };
}
