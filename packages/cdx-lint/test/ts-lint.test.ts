// Payload literals in TypeScript and JavaScript fixtures (test/fixtures/ts/): each fixture's
// findings as `line:column rule payload pointer`, placed in the fixture's own text.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintText } from '../src/lint/lint-text.js';
import type { FileSettings } from '../src/lint/types.js';
import { FIXTURES } from './support/bin.js';

const settings: FileSettings = { rules: {}, pointerOverrides: [] };
const lint = (name: string, extra: Partial<FileSettings> = {}) => {
  const path = join(FIXTURES, 'ts', name);
  return lintText(readFileSync(path, 'utf8'), path, { ...settings, ...extra });
};
const summary = (name: string, extra: Partial<FileSettings> = {}) =>
  lint(name, extra).messages.map((m) => `${m.line}:${m.column} ${m.ruleId} ${m.payload ?? '-'} ${m.pointer}`);

const fixtures: [string, { want: string[]; kind?: string | null }][] = [
  [
    'satisfies.ts',
    {
      kind: 'PatientAdmin/PatientMerge',
      want: [
        '9:5 schema merge /Meta/EventDateTime',
        '15:21 spelling-drift merge /Patient/Demographics/FirstNmae',
        '15:43 spelling-drift merge /Patient/Demographics/LastNmae',
        '16:5 unknown-field merge /Patient/Nickname',
      ],
    },
  ],
  // `as unknown as X` and `as any` are never checked: only merge and slots are payloads.
  ['as.ts', { kind: null, want: ['6:65 schema merge /Meta/EventDateTime', '11:65 destinations slots /Meta/Destinations'] }],
  [
    'annotation.ts',
    {
      // A missing member is shown at the opening brace of the object that should hold it.
      want: ['5:29 schema token /client_assertion', '12:78 schema merges[1] /Patient/Identifiers', '17:81 spelling-drift byName["second one"] /Meta/Tset'],
    },
  ],
  ['as-const.ts', { want: ['8:5 schema merge /Meta/EventDateTime', '14:43 spelling-drift merge /Patient/Demographics/MidleName'] }],
  [
    'bundle.ts',
    {
      kind: 'fhir/ChargeItemCreate',
      want: [
        '21:9 schema complete /entry/1/resource/status',
        '24:20 bundle-reference complete /entry/1/resource/context/reference',
        // withVariable's dangling reference is not reported: a variable names the patient's entry.
        '54:9 schema withVariable /entry/1/resource/status',
      ],
    },
  ],
  ['spread.ts', { want: ['15:63 spelling-drift demographicsAfter /Patient/Demographics/FirstNmae', '32:78 schema after /Meta/EventDateTime'] }],
  ['identifiers.ts', { kind: null, want: ['16:38 schema written /cards/0/indicator'] }],
  ['template.ts', { want: ['7:65 schema plain /Meta/EventDateTime'] }],
  ['computed.ts', { want: ['8:125 spelling-drift literal /Patient/Demographics/FirstNmae', '8:147 spelling-drift literal /Patient/Demographics/LastNmae'] }],
  [
    'several.ts',
    {
      kind: null,
      want: [
        '7:65 schema merge /Meta/EventDateTime',
        '8:124 spelling-drift merge /Patient/Demographics/FirstNmae',
        '12:65 destinations slots /Meta/Destinations',
        '12:82 schema slots /Meta/Destinations/0/ID',
        '12:95 schema slots /Meta/Destinations/1/ID',
        '18:206 unknown-field cases[0].payload /Patient/Nickname',
        '19:75 unknown-kind cases[1].payload /Meta/EventType',
        '23:77 duplicate-key payload at line 22 /Meta/Test',
      ],
    },
  ],
  [
    'jsdoc.js',
    {
      want: [
        '7:3 schema token /client_assertion',
        '13:124 spelling-drift merge /Patient/Demographics/FirstNmae',
        '16:71 schema cast /client_assertion',
        '16:71 schema cast /client_assertion_type',
      ],
    },
  ],
  ['common.cjs', { kind: 'PatientAdmin/PatientMerge', want: ['4:67 schema merge /Meta/EventDateTime'] }],
  ['parse-error.ts', { kind: null, want: ['4:37 parse-error - '] }],
  ['no-payloads.ts', { kind: null, want: [] }],
];

describe('TypeScript and JavaScript fixtures', () => {
  it.each(fixtures)('%s', (name, { want, kind }) => {
    expect(summary(name)).toEqual(want);
    if (kind !== undefined) expect(lint(name).kind).toBe(kind);
  });

  it('each message names its payload, and a file with one payload too', () => {
    const [first] = lint('satisfies.ts').messages;
    expect(first).toMatchObject({ payload: 'merge', message: expect.stringMatching(/^merge: `Meta\.EventDateTime` must be/) });
  });

  it('spans end where the value ends, in the TypeScript text', () => {
    expect(lint('satisfies.ts').messages[0]).toMatchObject({ line: 9, column: 5, endLine: 9, endColumn: 31 });
  });

  it('a parse error is fatal and says which language', () => {
    expect(lint('parse-error.ts')).toMatchObject({
      fatalErrorCount: 1,
      messages: [{ fatal: true, message: 'Not valid TypeScript: Property assignment expected.' }],
    });
  });

  it('the type names the kind even against --kind and the config', () => {
    expect(summary('satisfies.ts', { kind: 'Scheduling/AvailableSlots' })[0]).toBe('9:5 schema merge /Meta/EventDateTime');
  });

  it('pointer overrides apply inside every payload', () => {
    const pointerOverrides = [{ pointers: ['/Meta/EventDateTime'], rules: { schema: 'off' as const } }];
    expect(summary('several.ts', { pointerOverrides }).filter((s) => s.includes('EventDateTime'))).toEqual([]);
  });

  it('a BOM and CRLF line ends do not move positions', () => {
    const path = join(FIXTURES, 'ts', 'satisfies.ts');
    const text = `\uFEFF${readFileSync(path, 'utf8').replace(/\n/g, '\r\n')}`;
    expect(lintText(text, path, settings).messages.map((m) => `${m.line}:${m.column}`)).toEqual(['9:5', '15:21', '15:43', '16:5']);
  });
});
