import { childPointer, parsePointer, quote } from './finding.js';
import { codeHint } from './code-hint.js';
import { code, fieldPath } from './display.js';
import { listKinds, type AjvError } from './registry.js';
import { notR4Message } from './rules/unknown-kind.js';
import type { Report } from './rules/rule.js';

const FORMAT_TEXT: Record<string, string> = {
  iso8601: 'an ISO 8601 date or date-time (e.g. 2026-03-01 or 2026-03-01T09:30:00Z)',
  date: 'a date in YYYY-MM-DD form',
  'date-time': 'an RFC 3339 date-time with an offset (e.g. 2026-03-01T09:30:00Z)',
  uuid: 'a UUID (e.g. 0f8fad5b-d9cb-469f-a165-70867728950e)',
  uri: 'an absolute URI',
  email: 'an email address',
  e164: 'an E.164 phone number (+ and up to 15 digits, e.g. +16085551234)',
  base64: 'base64 text (A–Z, a–z, 0–9, + and /, with = padding only at the end)',
  'iso639-1': 'an ISO 639-1 language code (two letters, e.g. en)',
  'iso3166-alpha2': 'an ISO 3166-1 alpha-2 country code (two letters, e.g. US)',
};

function valueAt(root: unknown, pointer: string): unknown {
  let value = root;
  for (const key of parsePointer(pointer)) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  // JSON.parse reads 1e400 as Infinity, which no JSON Schema number type accepts.
  if (typeof value === 'number' && !Number.isFinite(value)) return `a number too large to represent (it reads as ${value})`;
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function listValues(values: unknown): string {
  const list = Array.isArray(values) ? values : [values];
  const shown = list.slice(0, 12).map((v) => quote(v));
  return list.length > 12 ? `${shown.join(', ')}, … (${list.length} values)` : shown.join(', ');
}

/** "when `suggestions` is present", for requirements that come from dependentSchemas. */
function condition(schemaPath: string): string {
  const match = /\/dependentSchemas\/([^/]+)\//.exec(schemaPath);
  return match ? ` when ${code(parsePointer(`/${match[1]!}`)[0]!)} is present` : '';
}

/** One ajv error (already disentangled from combinators) as a finding report. */
export function describeError(error: AjvError, payload: unknown): Report | undefined {
  const { keyword, params, instancePath: at } = error;
  const value = valueAt(payload, at);
  const field = code(fieldPath(at));
  switch (keyword) {
    case 'required':
    case 'dependentRequired': {
      const pointer = childPointer(at, String(params.missingProperty));
      const when = keyword === 'dependentRequired' ? ` when ${code(fieldPath(childPointer(at, String(params.property))))} is present` : condition(error.schemaPath);
      return { pointer, message: `${code(fieldPath(pointer))} is required${when} but missing.` };
    }
    case 'type':
      return { pointer: at, message: `${field} must be ${String(params.type).split(',').join(' or ')}, not ${typeName(value)}.` };
    case 'enum':
      return { pointer: at, message: `${field} must be one of ${listValues(params.allowedValues)}; got ${quote(value)}.` };
    case 'const':
      return { pointer: at, message: `${field} must be ${quote(params.allowedValue)}; got ${quote(value)}.` };
    case 'format': {
      const format = String(params.format);
      return { pointer: at, message: `${field} must be ${FORMAT_TEXT[format] ?? `in ${format} format`}; got ${quote(value)}.${codeHint(format, value)}` };
    }
    case 'pattern':
      return { pointer: at, message: `${field} does not have the expected form (${String(params.pattern).slice(0, 80)}); got ${quote(value)}.` };
    case 'minItems':
    case 'maxItems':
    case 'minLength':
    case 'maxLength':
    case 'minProperties':
    case 'maxProperties': {
      const bound = keyword.startsWith('min') ? 'at least' : 'at most';
      const unit = keyword.endsWith('Items') ? 'item' : keyword.endsWith('Length') ? 'character' : 'member';
      const n = Number(params.limit);
      return { pointer: at, message: `${field} must have ${bound} ${n} ${unit}${n === 1 ? '' : 's'}.` };
    }
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return { pointer: at, message: `${field} must be ${String(params.comparison)} ${String(params.limit)}; got ${quote(value)}.` };
    case 'multipleOf':
      return { pointer: at, message: `${field} must be a multiple of ${String(params.multipleOf)}.` };
    case 'uniqueItems':
      return { pointer: at, message: `${field} must not repeat items (items ${String(params.j)} and ${String(params.i)} are equal).` };
    case 'additionalProperties':
      return { pointer: childPointer(at, String(params.additionalProperty)), message: `${field} must not have the member ${quote(params.additionalProperty)}.` };
    case 'anyOf':
    case 'oneOf':
      return params.passingSchemas
        ? { pointer: at, message: `${field} matches more than one of the allowed forms; it must match exactly one.` }
        : { pointer: at, message: `${field} does not match any of the allowed forms.` };
    case 'if':
      return undefined; // the failing then/else branch reports the real problem
    case 'cdxChoice': {
      // Two or more forms of one choice element (R4 JSON allows one): reported at the second form.
      const forms = Array.isArray(params.forms) ? params.forms.map(String) : [];
      const choice = String(params.choice);
      return {
        pointer: childPointer(at, forms[1] ?? choice),
        message: `${field} gives ${forms.map((f) => code(f)).join(' and ')}: ${code(choice)} is a choice, so only one of its forms may be present. Keep one.`,
      };
    }
    case 'cdxResourceType': // a resource slot (fhir/resources.cjs) holding a resourceType R4 does not define
      return { pointer: at, message: notR4Message(field, String(params.resourceType), listKinds()) };
    default:
      return { pointer: at, message: `${field} is not valid here (${keyword}).` };
  }
}
