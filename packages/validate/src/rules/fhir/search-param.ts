// The form bodies of the service's FHIR searches (POST …/Goal/_search and
// POST …/Patient/_search, application/x-www-form-urlencoded, every parameter repeatable): known
// parameter names only, with the modifiers their FHIR search type allows; value sets
// (lifecycle-status, gender, active, _revinclude); FHIR date search values with prefixes
// (`ge2026-01-01`). A repeated parameter is fine (FHIR ANDs repeats; commas inside one value OR).
import { code, codeName } from '../../display.js';
import { childPointer, parsePointer, quote } from '../../finding.js';
import { nearMisses } from '../../near-miss.js';
import { createRule, type Report } from '../create-rule.js';
import { PAYLOAD } from '../scopes.js';

/** The resource types the service can search. */
export type SearchResource = 'Goal' | 'Patient';

type SearchType = 'token' | 'string' | 'reference' | 'date' | 'special';

interface ParamSpec {
  readonly type: SearchType;
  /** Allowed values of a coded parameter (each comma-separated part of a value). */
  readonly values?: readonly string[];
}

const LIFECYCLE = ['proposed', 'planned', 'accepted', 'active', 'on-hold', 'completed', 'cancelled', 'entered-in-error', 'rejected'];

/** The parameters the spec lists per search (spec, "FHIR R4 operations"). */
export const PARAMS: Readonly<Record<SearchResource, Readonly<Record<string, ParamSpec>>>> = {
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

const MESSAGES = {
  unknownParameter: '{{name}} is not a {{resource}} search parameter of the service.{{suggestion}} Known: {{known}}.',
  unknownModifier: '{{raw}}: {{modifier}} is not a modifier of {{name}} (a {{type}} parameter; allowed: {{allowed}}).',
  empty: '{{name}} has an empty value; leave the parameter out instead.',
  missingModifier: '{{name}} takes true or false; got {{value}}.',
  date: '{{name}} must be a FHIR date search value: an optional prefix ({{prefixes}}) and a date such as 2026-01-01 (for example ge2026-01-01); got {{value}}.{{hint}}',
  value: '{{name}} value {{value}} is not one of {{allowed}}.{{suggestion}}',
} as const;

type SearchReport = Report<keyof typeof MESSAGES>;

const didYouMean = (value: string, known: readonly string[]) => {
  const near = nearMisses(value, known);
  return near.length ? ` Did you mean ${near.map(code).join(' or ')}?` : '';
};

function checkValue(name: string, spec: ParamSpec, value: string, pointer: string, modifier: string | undefined): SearchReport[] {
  const shown = quote(value);
  if (value.trim() === '') return [{ pointer, messageId: 'empty', data: { name: code(name) } }];
  if (modifier === 'missing') {
    return value === 'true' || value === 'false' ? [] : [{ pointer, messageId: 'missingModifier', data: { name: code(`${name}:missing`), value: shown } }];
  }
  if (spec.type === 'date') {
    if (DATE_VALUE.test(value)) return [];
    const prefix = /^[a-z]{2}/.exec(value)?.[0];
    const hint = prefix && !DATE_PREFIXES.includes(prefix) && !/^\d/.test(value) ? ` ${quote(prefix)} is not a date prefix (${DATE_PREFIXES.join(', ')}).` : '';
    return [{ pointer, messageId: 'date', data: { name: code(name), prefixes: DATE_PREFIXES.join(', '), value: shown, hint } }];
  }
  if (spec.values && (modifier === undefined || modifier === 'not' || modifier === 'iterate')) {
    // Commas OR the values of one parameter; each must be allowed, and one given twice is one finding.
    const allowed = spec.values;
    return [...new Set(value.split(','))]
      .filter((part) => !allowed.includes(part))
      .map((part) => ({
        pointer,
        messageId: 'value',
        data: { name: code(name), value: quote(part), allowed: allowed.join(', '), suggestion: didYouMean(part, allowed) },
      }));
  }
  return [];
}

/**
 * The reports of a form body, as parameter name (with any modifier) → its string values. Pointers
 * address the body as a record of arrays: `/<name>` for the parameter, `/<name>/<i>` for its i-th
 * value. checkSearchParams (fhir/search-params.ts) and the rule below share it.
 */
export function searchReports(resource: SearchResource, params: readonly (readonly [string, readonly string[]])[]): SearchReport[] {
  const known = PARAMS[resource];
  const out: SearchReport[] = [];
  for (const [raw, values] of params) {
    const pointer = childPointer('', raw);
    const [name = '', modifier, ...extra] = raw.split(':');
    const spec = Object.hasOwn(known, name) ? known[name] : undefined;
    if (!spec) {
      const names = Object.keys(known);
      out.push({
        pointer,
        messageId: 'unknownParameter',
        data: { name: codeName(name), resource, suggestion: didYouMean(name, names), known: names.join(', ') },
      });
      continue;
    }
    if (extra.length > 0 || (modifier !== undefined && !MODIFIERS[spec.type].includes(modifier))) {
      const data = {
        raw: codeName(raw),
        modifier: quote(raw.slice(name.length + 1)),
        name: code(name),
        type: spec.type,
        allowed: MODIFIERS[spec.type].join(', '),
      };
      out.push({ pointer, messageId: 'unknownModifier', data });
      continue;
    }
    values.forEach((value, i) => out.push(...checkValue(name, spec, value, childPointer(pointer, i), modifier)));
  }
  return out;
}

/** `fhir/Goal/_search` → `Goal`. */
const resourceOf = (kindId: string) => kindId.slice('fhir/'.length, kindId.lastIndexOf('/_search')) as SearchResource;

/**
 * A FHIR search form body names only the parameters, modifiers and values the service accepts: on
 * the search kinds (`fhir/Goal/_search`, `fhir/Patient/_search`), a form body as a JSON object of
 * parameter → values. Values that are not strings are the schema's to report.
 */
export const searchParamRule = createRule({
  scope: PAYLOAD,
  meta: {
    id: 'search-param',
    severity: 'error',
    description: 'A FHIR search form body names only the parameters, modifiers and values the service accepts.',
    messages: MESSAGES,
  },
  appliesTo: (kind) => kind.family === 'search',
  check(context) {
    const body = context.payload;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
    const entries = Object.entries(body as Record<string, unknown>);
    const params = entries.map(
      ([name, value]) =>
        [name, typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []] as const,
    );
    for (const report of searchReports(resourceOf(context.kind.id), params)) {
      // A parameter given as one string: its value's finding points at the string itself.
      const [name, index] = parsePointer(report.pointer);
      const single = index === '0' && name !== undefined && typeof (body as Record<string, unknown>)[name] === 'string';
      context.report(single ? { ...report, pointer: childPointer('', name) } : report);
    }
  },
});
