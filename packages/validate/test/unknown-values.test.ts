// options.unknown: payloads read from code hold values nobody knows until run time (variables,
// calls, spreads). No finding may be one that a known value could make false; every finding that
// does not depend on them stays.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { validate, type ValidateOptions } from '../src/index.js';

const examples = fileURLToPath(new URL('../../../schemas/examples/valid/', import.meta.url));
const example = (name: string) => JSON.parse(readFileSync(join(examples, name), 'utf8')) as Record<string, any>;

/** What a reader puts where a value is unknown: any value distinct from the others. */
const UNKNOWN = '\u0000unknown';

type Edit = (payload: Record<string, any>) => void;

interface Case {
  /** The example it starts from, and how it is changed. */
  from: string;
  edit: Edit;
  unknown: NonNullable<ValidateOptions['unknown']>;
  /** `ruleId pointer` of every finding with the unknown parts declared… */
  want: string[];
  /** …and without them (what a JSON file with these placeholders would get), to show each case bites. */
  without: string[];
}

const merge = 'patientadmin-patientmerge.json';

const cases: [string, Case][] = [
  [
    'an identifier in a required enum field',
    {
      from: 'cdshooks-patient-view-response.json',
      edit: (p) => (p.cards[0].indicator = UNKNOWN),
      unknown: { values: ['/cards/0/indicator'] },
      want: [],
      without: ['schema /cards/0/indicator'],
    },
  ],
  [
    'a spread object missing a required member',
    { from: merge, edit: (p) => delete p.Patient.Identifiers, unknown: { open: ['/Patient'] }, want: [], without: ['schema /Patient/Identifiers'] },
  ],
  ['a member missing deeper under an open object', { from: merge, edit: (p) => delete p.Meta.Source, unknown: { open: ['/Meta'] }, want: [], without: [] }],
  [
    'a required member missing from a closed object still counts',
    {
      from: merge,
      edit: (p) => delete p.Patient.Identifiers,
      unknown: { open: ['/Meta'] },
      want: ['schema /Patient/Identifiers'],
      without: ['schema /Patient/Identifiers'],
    },
  ],
  [
    'findings inside an unknown value are dropped',
    {
      from: merge,
      edit: (p) => (p.Meta.Source = { ID: 1, Extra: 'x' }),
      unknown: { values: ['/Meta/Source'] },
      want: [],
      without: ['schema /Meta/Source/ID', 'unknown-field /Meta/Source/Extra'],
    },
  ],
  [
    "a misspelt member's name is reported even when its value is unknown",
    {
      from: merge,
      edit: (p) => {
        delete p.Patient.Demographics.FirstName;
        p.Patient.Demographics.FirstNmae = 42;
      },
      unknown: { values: ['/Patient/Demographics/FirstNmae'] },
      want: ['spelling-drift /Patient/Demographics/FirstNmae'],
      without: ['spelling-drift /Patient/Demographics/FirstNmae'],
    },
  ],
  [
    'static errors beside an unknown value stay',
    {
      from: merge,
      edit: (p) => {
        p.Patient.Demographics.DOB = UNKNOWN;
        p.Meta.EventDateTime = 'yesterday';
      },
      unknown: { values: ['/Patient/Demographics/DOB'] },
      want: ['schema /Meta/EventDateTime'],
      without: ['schema /Meta/EventDateTime', 'schema /Patient/Demographics/DOB'],
    },
  ],
  [
    'the size of an open array is not judged',
    {
      from: 'scheduling-availableslots.json',
      edit: (p) => (p.Meta.Destinations = []),
      unknown: { open: ['/Meta/Destinations'] },
      want: [],
      without: ['destinations /Meta/Destinations'],
    },
  ],
  [
    'an anyOf whose instance holds an unknown value',
    {
      from: 'fhir-claimattach.json',
      edit: (p) => {
        const attachment = p.entry[0].resource.content[0].attachment;
        delete attachment.data;
        attachment.url = { placeholder: true }; // a placeholder that fails the `url` branch's type
      },
      unknown: { values: ['/entry/0/resource/content/0/attachment/url'] },
      want: [],
      // R4 wants url to be a string (schema); the service's profile wants data or url (service-profile).
      without: ['schema /entry/0/resource/content/0/attachment/url', 'service-profile /entry/0/resource/content/0/attachment/data'],
    },
  ],
  [
    'cross-reference rules are skipped when anything is unknown',
    {
      from: 'fhir-chargeitemcreate.json',
      edit: (p) => {
        p.entry[1].resource.subject.reference = 'urn:uuid:00000000-0000-4000-8000-000000000000';
        p.entry[6].resource.status = UNKNOWN;
      },
      unknown: { values: ['/entry/6/resource/status'] },
      want: [],
      without: ['bundle-reference /entry/1/resource/subject/reference', 'schema /entry/6/resource/status'],
    },
  ],
  [
    'no unknown-kind when the event type is unknown',
    { from: merge, edit: (p) => (p.Meta.EventType = UNKNOWN), unknown: { values: ['/Meta/EventType'] }, want: [], without: ['unknown-kind /Meta/EventType'] },
  ],
  [
    'unknown-kind when the markers are written out, whatever else is unknown',
    {
      from: merge,
      edit: (p) => {
        p.Meta.EventType = 'PatientMerj';
        p.Patient = UNKNOWN;
      },
      unknown: { values: ['/Patient'], open: [''] },
      want: ['unknown-kind /Meta/EventType'],
      without: ['unknown-kind /Meta/EventType'],
    },
  ],
  [
    'no unknown-kind when a spread could supply resourceType',
    { from: merge, edit: (p) => delete p.Meta, unknown: { open: [''] }, want: [], without: ['unknown-kind '] },
  ],
];

const summary = (payload: unknown, options: ValidateOptions) =>
  validate(payload, options)
    .findings.map((f) => `${f.ruleId} ${f.pointer}`)
    .sort();

describe('options.unknown', () => {
  it.each(cases)('%s', (_name, { from, edit, unknown, want, without }) => {
    const payload = example(from);
    edit(payload);
    expect(summary(payload, { unknown })).toEqual(want);
    expect(summary(payload, {})).toEqual(without);
  });

  it('a payload without unknown parts is validated as before', () => {
    const payload = example(merge);
    payload.Meta.EventDateTime = 'yesterday';
    expect(validate(payload, { unknown: { values: [], open: [] } })).toEqual(validate(payload));
  });

  it('valid follows the findings that are kept', () => {
    const payload = example(merge);
    payload.Patient.Demographics.DOB = UNKNOWN;
    expect(validate(payload)).toMatchObject({ valid: false });
    expect(validate(payload, { unknown: { values: ['/Patient/Demographics/DOB'] } })).toMatchObject({
      kind: 'PatientAdmin/PatientMerge',
      valid: true,
      findings: [],
    });
  });
});
