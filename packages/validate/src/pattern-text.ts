// What each pattern of the schemas asks for, in words and with an example. A user who wrote
// "2026-13-01" needs to read "a FHIR date … (e.g. 2026-03-01)", not the regular expression R4
// defines the type with. Keyed by the pattern as the schemas give it; test/pattern-text.test.ts
// checks that every pattern a generated validator can report is here.

const FHIR_DATE_TIME =
  '^([0-9]([0-9]([0-9][1-9]|[1-9]0)|[1-9]00)|[1-9]000)(-(0[1-9]|1[0-2])(-(0[1-9]|[1-2][0-9]|3[0-1])(T([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\\.[0-9]+)?(Z|(\\+|-)((0[0-9]|1[0-3]):[0-5][0-9]|14:00)))?)?)?$';
const FHIR_DATE = '^([0-9]([0-9]([0-9][1-9]|[1-9]0)|[1-9]00)|[1-9]000)(-(0[1-9]|1[0-2])(-(0[1-9]|[1-2][0-9]|3[0-1]))?)?$';
const FHIR_INSTANT =
  '^([0-9]([0-9]([0-9][1-9]|[1-9]0)|[1-9]00)|[1-9]000)-(0[1-9]|1[0-2])-(0[1-9]|[1-2][0-9]|3[0-1])T([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\\.[0-9]+)?(Z|(\\+|-)((0[0-9]|1[0-3]):[0-5][0-9]|14:00))$';

/** Pattern → what it asks for, phrased to follow "must be". */
export const PATTERN_TEXT: Readonly<Record<string, string>> = {
  // FHIR R4 primitive types
  [FHIR_DATE_TIME]:
    'a FHIR dateTime: a year, year-month or date, or a date and time with seconds and a time zone (e.g. 2026, 2026-03, 2026-03-01 or 2026-03-01T09:30:00Z)',
  [FHIR_DATE]: 'a FHIR date: a year, year-month or full date, without a time (e.g. 2026, 2026-03 or 2026-03-01)',
  [FHIR_INSTANT]: 'a FHIR instant: a date and time with seconds and a time zone (e.g. 2026-03-01T09:30:00Z or 2026-03-01T09:30:00.000+01:00)',
  '^([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\\.[0-9]+)?$': 'a FHIR time: hh:mm:ss on a 24-hour clock, without a date or time zone (e.g. 09:30:00)',
  '^[A-Za-z0-9\\-\\.]{1,64}$': 'a FHIR id: 1 to 64 letters, digits, "-" and "." (e.g. example-1)',
  '^[^ \\t\\n\\r]*$': 'a FHIR uri, without spaces, tabs or line breaks (e.g. http://hl7.org/fhir/ValueSet/example)',
  '^(?=[^ \\t\\n\\r])(?![\\s\\S]*[ \\t\\n\\r][ \\t\\n\\r])[\\s\\S]*[^ \\t\\n\\r]$':
    'a FHIR code: not empty, no space at either end and never two whitespace characters in a row (e.g. final)',
  '^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$':
    'a FHIR uuid: urn:uuid: and a UUID in lower case (e.g. urn:uuid:0f8fad5b-d9cb-469f-a165-70867728950e)',
  '^urn:oid:[0-2](?=\\.)(?![\\s\\S]*\\.(?:\\.|0[0-9]|$))[.0-9]*$':
    'a FHIR oid: urn:oid: and dot-separated numbers starting with 0, 1 or 2 (e.g. urn:oid:2.16.840.1.113883.4.1)',
  '^[A-Z][A-Za-z]+$': 'a FHIR resource type name: a capital letter, then letters (e.g. Patient)',
  // The service's own fields
  '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(?:\\.\\d{1,9})?Z$': 'a UTC date-time ending in Z (e.g. 2026-03-01T09:30:00Z)',
  '^(?:\\d{4}-\\d{2}-\\d{2}[Tt ]|[Tt])?\\d{2}:\\d{2}(?::\\d{2}(?:\\.\\d{1,9})?)?(?:[Zz]|[+-]\\d{2}:?\\d{2})?$':
    'a time of day (hh:mm or hh:mm:ss), optionally after a date and with a time zone (e.g. 09:30 or 2026-03-01T09:30:00Z)',
  '^[0-9]+$': 'digits only (e.g. "3600")',
  '^(?:Practitioner|PractitionerRole|Patient|RelatedPerson)/[A-Za-z0-9.-]{1,64}$':
    'a relative reference to a Practitioner, PractitionerRole, Patient or RelatedPerson (e.g. Practitioner/example)',
  // Auth bodies
  '/v2/auth/token$': 'the token endpoint, a URL ending in /v2/auth/token (e.g. https://api.example.com/v2/auth/token)',
  '^https://': 'an https URL (e.g. https://example.com/jwks.json)',
  '^https?://': 'an http or https URL (e.g. https://example.com/fhir)',
  '^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$': 'a compact JWT: three base64url parts joined by dots (e.g. eyJhbGciOiJSUzM4NCJ9.eyJpc3MiOiJ4In0.c2ln)',
};

/** What `pattern` asks for, in words; never the expression itself. */
export function describePattern(pattern: string): string {
  return Object.hasOwn(PATTERN_TEXT, pattern) ? PATTERN_TEXT[pattern]! : 'in the form its schema defines';
}
