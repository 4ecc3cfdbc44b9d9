import { childPointer, parsePointer, quote } from './finding.js';
import { codeHint } from './code-hint.js';
import { describePattern } from './pattern-text.js';
import { nearestIndex } from './nearest.js';
import { code, fieldPath } from './display.js';
import { listKinds, type AjvError } from './registry.js';
import { r4TypeSuggestion } from './rules/unknown-kind.js';

/** Each format a schema uses, in words with an example, phrased to follow "must be". */
export const FORMAT_TEXT: Readonly<Record<string, string>> = {
  iso8601: 'an ISO 8601 date or date-time (e.g. 2026-03-01 or 2026-03-01T09:30:00Z)',
  date: 'a date in YYYY-MM-DD form (e.g. 2026-03-01)',
  'date-time': 'an RFC 3339 date-time with an offset (e.g. 2026-03-01T09:30:00Z)',
  'fhir-date': 'a date that exists (e.g. 2024-02-29, not 2026-02-29)',
  'fhir-dateTime': 'a date-time that exists (e.g. 2024-02-29T09:30:00Z, not 2026-02-30)',
  'fhir-instant': 'an instant that exists (e.g. 2024-02-29T09:30:00Z, not 2026-02-30T09:30:00Z)',
  'fhir-time': 'a time that exists (e.g. 09:30:00)',
  uuid: 'a UUID (e.g. 0f8fad5b-d9cb-469f-a165-70867728950e)',
  uri: 'an absolute URI (e.g. https://example.org/fhir/Patient/1)',
  email: 'an email address (e.g. someone@example.com)',
  e164: 'an E.164 phone number (+ and up to 15 digits, e.g. +16085551234)',
  base64: 'base64 text: A–Z, a–z, 0–9, + and /, with = padding only at the end (e.g. SGVsbG8=)',
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

/** `a`, `a or b`, `a, b or c`. */
function alternatives(names: readonly string[]): string {
  return names.length <= 2 ? names.join(' or ') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)!}`;
}

function listValues(values: unknown): string {
  const list = Array.isArray(values) ? values : [values];
  const shown = list.slice(0, 12).map((v) => quote(v));
  return list.length > 12 ? `${shown.join(', ')}, … (${list.length} values)` : shown.join(', ');
}

/**
 * ` Did you mean "male"?` for a string within a slip of one allowed string (`"mal"`, `"Male"`), else
 * nothing: no guess for a value of one or two characters, nor between two equally near.
 */
function nearestValue(value: unknown, allowed: unknown): string {
  if (typeof value !== 'string' || value.length < 3 || !Array.isArray(allowed)) return '';
  const strings = allowed.map((v) => (typeof v === 'string' ? v : undefined));
  const lowered = strings.map((v) => v?.toLowerCase());
  const sameButCase = lowered.indexOf(value.toLowerCase());
  const near = sameButCase !== -1 ? sameButCase : nearestIndex(value.toLowerCase(), lowered);
  return near === undefined ? '' : ` Did you mean ${quote(strings[near])}?`;
}

/**
 * The messages of the schema rule, by id (service-profile's add what R4 allows). `{{field}}` is the
 * field path of the value, `{{value}}` the value as quote() shows it.
 */
export const SCHEMA_MESSAGES = {
  required: '{{field}} is required but missing.',
  requiredWhen: '{{field}} is required when {{present}} is present but missing.',
  requiredOneOf: '{{field}} has neither {{members}}: write one of them.',
  type: '{{field}} must be {{expected}}, not {{actual}}.',
  enum: '{{field}} must be one of {{allowed}}; got {{value}}.{{suggestion}}',
  const: '{{field}} must be {{allowed}}; got {{value}}.',
  format: '{{field}} must be {{format}}; got {{value}}.{{hint}}',
  pattern: '{{field}} must be {{form}}; got {{value}}.',
  tooFew: '{{field}} must have at least {{count}}.',
  tooMany: '{{field}} must have at most {{count}}.',
  range: '{{field}} must be {{comparison}} {{limit}}; got {{value}}.',
  multipleOf: '{{field}} must be a multiple of {{multipleOf}}.',
  uniqueItems: '{{field}} must not repeat items (items {{first}} and {{second}} are equal).',
  additionalMember: '{{field}} must not have the member {{member}}.',
  ambiguous: '{{field}} matches more than one of the allowed forms; it must match exactly one.',
  noMatch: '{{field}} does not match any of the allowed forms.',
  notR4Type: '{{field}} is {{value}}, which is not a FHIR R4 resource type.{{suggestion}}',
  choice: '{{field}} gives {{forms}}: {{choice}} is a choice, so only one of its forms may be present. Keep one.',
  invalid: '{{field}} is not valid here ({{keyword}}).',
} as const;

export type SchemaMessageId = keyof typeof SCHEMA_MESSAGES;

/** What describeError makes of one ajv error: where, which message, and its data. */
export interface SchemaReport {
  pointer: string;
  messageId: SchemaMessageId;
  data: Record<string, string | number>;
}

/** The member whose presence makes a requirement, for requirements that come from dependentSchemas. */
function condition(schemaPath: string): string | undefined {
  const match = /\/dependentSchemas\/([^/]+)\//.exec(schemaPath);
  return match ? code(parsePointer(`/${match[1]!}`)[0]!) : undefined;
}

const UNITS: Record<string, string> = { Items: 'item', Length: 'character', Properties: 'member' };

/** One ajv error (already disentangled from combinators) as a report of the schema rule's messages. */
export function describeError(error: AjvError, payload: unknown): SchemaReport | undefined {
  const { keyword, params, instancePath: at } = error;
  const value = valueAt(payload, at);
  const field = code(fieldPath(at));
  const report = (messageId: SchemaMessageId, data: Record<string, string | number> = {}): SchemaReport => ({
    pointer: at,
    messageId,
    data: { field, ...data },
  });
  switch (keyword) {
    case 'required':
    case 'dependentRequired': {
      const pointer = childPointer(at, String(params.missingProperty));
      const present = keyword === 'dependentRequired' ? code(fieldPath(childPointer(at, String(params.property)))) : condition(error.schemaPath);
      const data = { field: code(fieldPath(pointer)) };
      return present === undefined ? { pointer, messageId: 'required', data } : { pointer, messageId: 'requiredWhen', data: { ...data, present } };
    }
    case 'requiredOneOf': {
      // untangle()'s: an anyOf whose every branch misses a different member.
      const names = (params.missingProperties as readonly string[]).map((m) => code(m));
      return report('requiredOneOf', { members: names.length <= 2 ? names.join(' nor ') : `${names.slice(0, -1).join(', ')} nor ${names.at(-1)!}` });
    }
    case 'type':
      return report('type', { expected: alternatives(String(params.type).split(',')), actual: typeName(value) });
    case 'enum':
      return report('enum', { allowed: listValues(params.allowedValues), value: quote(value), suggestion: nearestValue(value, params.allowedValues) });
    case 'const':
      return report('const', { allowed: quote(params.allowedValue), value: quote(value) });
    case 'format': {
      const format = String(params.format);
      return report('format', {
        format: Object.hasOwn(FORMAT_TEXT, format) ? FORMAT_TEXT[format]! : `in ${format} format`,
        value: quote(value),
        hint: codeHint(format, value),
      });
    }
    case 'pattern':
      return report('pattern', { form: describePattern(String(params.pattern)), value: quote(value) });
    case 'minItems':
    case 'maxItems':
    case 'minLength':
    case 'maxLength':
    case 'minProperties':
    case 'maxProperties': {
      const n = Number(params.limit);
      const unit = UNITS[keyword.slice(3)]!;
      return report(keyword.startsWith('min') ? 'tooFew' : 'tooMany', { count: `${n} ${unit}${n === 1 ? '' : 's'}` });
    }
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return report('range', { comparison: String(params.comparison), limit: String(params.limit), value: quote(value) });
    case 'multipleOf':
      return report('multipleOf', { multipleOf: String(params.multipleOf) });
    case 'uniqueItems':
      return report('uniqueItems', { first: String(params.j), second: String(params.i) });
    case 'additionalProperties':
      return {
        pointer: childPointer(at, String(params.additionalProperty)),
        messageId: 'additionalMember',
        data: { field, member: quote(params.additionalProperty) },
      };
    case 'anyOf':
    case 'oneOf':
      return report(params.passingSchemas ? 'ambiguous' : 'noMatch');
    case 'if':
      return undefined; // the failing then/else branch reports the real problem
    case 'cdxChoice': {
      // Two or more forms of one choice element (R4 JSON allows one): reported at the second form.
      const forms = Array.isArray(params.forms) ? params.forms.map(String) : [];
      const choice = String(params.choice);
      return {
        pointer: childPointer(at, forms[1] ?? choice),
        messageId: 'choice',
        data: { field, forms: forms.map((f) => code(f)).join(' and '), choice: code(choice) },
      };
    }
    case 'cdxResourceType': // a resource slot (fhir/resources.cjs) holding a resourceType R4 does not define
      return report('notR4Type', { value: quote(params.resourceType), suggestion: r4TypeSuggestion(String(params.resourceType), listKinds()) });
    default:
      return report('invalid', { keyword });
  }
}
