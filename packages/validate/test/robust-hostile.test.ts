// Hostile payloads through validate(), as a service would receive them: parsed by JSON.parse (so
// files that are not JSON never get here). validate() never throws, gives a finding with a rule id
// and a pointer that resolves, quotes at most a short prefix of any value, escapes control
// characters, and never changes Object.prototype. Plus the regressions found on the way. How fast
// is `pnpm robustness`'s to measure (scripts/robustness/budgets.mjs, the same payloads against time
// budgets); here, the findings only.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hostileFiles } from '../../../scripts/robustness/hostile.mjs';
import { fieldPath } from '../src/display.js';
import { quote } from '../src/finding.js';
import { validate, type ValidationResult } from '../src/index.js';
import { untangle } from '../src/schema-errors-combine.js';
import type { AjvError } from '../src/registry.js';
import { examplesDir, readJson, repoRoot } from './support/cases.js';
import { resolvesInPayload } from './support/fuzz.js';

const RAW_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const merge = () => readJson(join(examplesDir, 'valid/patientadmin-patientmerge.json')) as Record<string, any>;

/** What every result must be, whatever the payload: checked in plain code (some have 20,000 findings). */
function problemsOf(payload: unknown, result: ValidationResult): string[] {
  return result.findings.flatMap((f) => {
    const problems: string[] = [];
    if (!resolvesInPayload(payload, f.pointer)) problems.push(`${f.ruleId}: pointer ${JSON.stringify(f.pointer.slice(0, 80))} does not resolve`);
    if (f.message.length > 400) problems.push(`${f.ruleId}: message of ${f.message.length} characters`);
    if (RAW_CONTROL.test(f.message)) problems.push(`${f.ruleId}: raw control character in ${JSON.stringify(f.message.slice(0, 80))}`);
    return problems;
  });
}

/** Far past what any case here takes: a hang guard, not a budget. */

const prototypeNames = Object.getOwnPropertyNames(Object.prototype).sort();
afterAll(() => {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeNames);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

describe('hostile files that parse, as a service would read them', () => {
  // Rules the CLI adds about the text (duplicate-key, parse-error) are not validate()'s to report.
  const parsed = hostileFiles({ mb: 20 }).flatMap((file) => {
    try {
      return [[file.name, JSON.parse(file.bytes.toString('utf8')), file.rules.filter((r) => r !== 'duplicate-key' && r !== 'parse-error')] as const];
    } catch {
      return []; // not JSON (BOM, UTF-16, truncated, NUL…): rejected before validation
    }
  });

  it('most of them parse', () => {
    expect(parsed.length).toBeGreaterThan(15);
  });

  it.each(parsed)('%s', (_name, payload, rules) => {
    const result = validate(payload);
    expect([...new Set(result.findings.map((f) => f.ruleId))]).toEqual(expect.arrayContaining(rules));
    expect(problemsOf(payload, result)).toEqual([]);
  });
});

describe('nesting 100,000 levels deep', () => {
  const depth = 100_000;
  const arrays = () => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`);
  const objects = () => JSON.parse(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);
  it.each([
    ['arrays', arrays, {}, ['unknown-kind', '']],
    ['objects', objects, {}, ['unknown-kind', '']],
    ['arrays, as a named kind', arrays, { kind: 'PatientAdmin/PatientMerge' as const }, ['schema', '']],
    ['objects, as a named kind', objects, { kind: 'PatientAdmin/PatientMerge' as const }, ['schema', '/Meta']],
    ['arrays where a string belongs', () => Object.assign(merge(), { Patient: { ...merge().Patient, Notes: arrays() } }), {}, ['schema', '/Patient/Notes/0']],
    ['objects in an unknown member', () => Object.assign(merge(), { Deep: objects() }), {}, ['unknown-field', '/Deep']],
    [
      'FHIR extensions inside extensions (a recursive schema)',
      () => JSON.parse(`{"resourceType": "Patient", "extension": [${'{"url": "http://example.com/x", "extension": ['.repeat(depth)}${']}'.repeat(depth)}]}`),
      {},
      ['nesting-depth', `/extension${'/0/extension'.repeat(255)}/0`],
    ],
  ])('%s: a finding, no RangeError', (_name, build, options, [ruleId, pointer]) => {
    const payload = build();
    const result = validate(payload, options);
    expect(result.findings.map((f) => [f.ruleId, f.pointer])).toContainEqual([ruleId, pointer]);
    expect(problemsOf(payload, result)).toEqual([]);
  });
});

describe('member names JavaScript treats specially', () => {
  it('__proto__, constructor and prototype are members like any other, at every level', () => {
    const text = JSON.stringify(merge()).replace(
      /\{/g,
      '{"__proto__": {"Meta": {"DataModel": "Provider"}, "polluted": 1}, "constructor": {"prototype": {"polluted": 1}}, "prototype": 1, ',
    );
    const payload = JSON.parse(text);
    const result = validate(payload);
    expect(result.kind).toBe('PatientAdmin/PatientMerge');
    expect(result.findings.map((f) => f.pointer)).toEqual(expect.arrayContaining(['/__proto__', '/Meta/constructor', '/Patient/Demographics/prototype']));
    expect(problemsOf(payload, result)).toEqual([]);
  });

  it('a kind is never read from a __proto__ member', () => {
    const payload = JSON.parse(`{"__proto__": ${JSON.stringify(merge())}}`);
    expect(validate(payload).findings.map((f) => f.ruleId)).toEqual(['unknown-kind']);
  });
});

describe('numbers JSON.parse reads lossily', () => {
  it.each([
    [
      '1e400 (Infinity) where a number belongs',
      'scheduling-availableslotsresponse',
      ['AvailableSlots', 0, 'Duration'],
      Infinity,
      /must be number, not a number too large to represent \(it reads as Infinity\)/,
    ],
    [
      '-1e400 where a boolean belongs',
      'patientadmin-patientmerge',
      ['Meta', 'Test'],
      -Infinity,
      /not a number too large to represent \(it reads as -Infinity\)/,
    ],
    [
      'a 20-digit integer where a string belongs',
      'patientadmin-patientmerge',
      ['Patient', 'Identifiers', 0, 'ID'],
      Number('12345678901234567890'),
      /must be string, not a number/,
    ],
    ['-0 where a string belongs', 'patientadmin-patientmerge', ['Patient', 'Notes', 0], -0, /must be string, not a number/],
  ])('%s', (_name, kind, path, value, message) => {
    const payload = readJson(join(examplesDir, `valid/${kind}.json`)) as Record<string, any>;
    let node = payload;
    for (const key of path.slice(0, -1)) node = node[key];
    node[path.at(-1)!] = value;
    const [finding] = validate(payload).findings;
    expect(finding).toMatchObject({ ruleId: 'schema', pointer: `/${path.join('/')}` });
    expect(finding!.message).toMatch(message);
  });

  it('-0 is read as 0 (a Duration must be above 0) and a 20-digit integer is accepted (JSON.parse has already rounded both)', () => {
    const payload = readJson(join(examplesDir, 'valid/scheduling-availableslotsresponse.json')) as Record<string, any>;
    payload.AvailableSlots[0].Duration = JSON.parse('-0');
    payload.AvailableSlots[1].Duration = JSON.parse('12345678901234567890');
    expect(validate(payload).findings.map((f) => `${f.ruleId} ${f.pointer} ${f.message}`)).toEqual([
      'schema /AvailableSlots/0/Duration `AvailableSlots[0].Duration` must be > 0; got 0.',
    ]);
  });
});

describe('messages', () => {
  it.each([
    ['C0 controls', 'a\u0000b\u001b[2Jc\u0007', '"a\\u0000b\\u001b[2Jc\\u0007"'],
    ['DEL and C1 controls (U+0085 breaks lines in some logs)', 'a\u007fb\u0085c\u009b', '"a\\u007fb\\u0085c\\u009b"'],
    ['line and paragraph separators', 'a\u2028b\u2029c', '"a\\u2028b\\u2029c"'],
    ['bidirectional overrides', 'a\u202eb\u2066c', '"a\\u202eb\\u2066c"'],
    ['a lone surrogate', 'a\ud800b', '"a\\ud800b"'],
  ])('quote() escapes %s', (_name, value, want) => {
    expect(quote(value)).toBe(want);
  });

  it('quote() shows the two ends of a long value and its length', () => {
    expect(quote('x'.repeat(1_000_000))).toBe(`"${'x'.repeat(60)}…${'x'.repeat(59)}" (1,000,000 characters)`);
  });

  it('a member name of 10 MB: its message shows 40 characters of it (field paths cut identifier-like names too)', () => {
    const name = 'N'.repeat(10_000_000);
    const payload = merge();
    payload.Patient[name] = 1;
    const result = validate(payload);
    expect(result.findings).toMatchObject([{ ruleId: 'unknown-field' }]);
    expect(result.findings[0]!.message).toContain(`Patient["${'N'.repeat(40)}…"]`);
    expect(result.findings[0]!.message.length).toBeLessThan(200);
  });

  it('a near-miss of 10 MB for Meta.DataModel is quoted short', () => {
    const payload = merge();
    payload.Meta.DataModel = 'P'.repeat(10_000_000);
    const result = validate(payload);
    expect(result.findings).toMatchObject([{ ruleId: 'unknown-kind', pointer: '/Meta/DataModel' }]);
    expect(result.findings[0]!.message.length).toBeLessThan(300);
  });

  it('field paths deeper than 16 levels keep their ends and say how much is elided', () => {
    expect(fieldPath(`/a${'/0'.repeat(100)}/z`)).toBe('a[0][0][0][0][0]…(88 levels)…[0][0][0][0][0][0][0].z');
    expect(fieldPath('/a/b\u001b/c')).toBe('a["b\\u001b"].c');
  });
});

describe('regressions', () => {
  it.each([['PatientAdmin/PatientMerge'], ['Scheduling/AvailableSlots']] as const)(
    'a null payload named as %s is a schema finding, not a TypeError (destinations, source-id)',
    (kind) => {
      expect(validate(null, { kind, multipleApiKeys: true }).findings.map((f) => [f.ruleId, f.pointer])).toEqual([['schema', '']]);
    },
  );

  it('destinations and source-id point at the first member that is missing, so the pointer resolves', () => {
    const payload = readJson(join(examplesDir, 'valid/scheduling-availableslots.json')) as Record<string, any>;
    delete payload.Meta;
    const found = validate(payload, { kind: 'Scheduling/AvailableSlots', multipleApiKeys: true }).findings.map((f) => [f.ruleId, f.pointer]);
    expect(found).toEqual(
      expect.arrayContaining([
        ['destinations', '/Meta'],
        ['source-id', '/Meta'],
      ]),
    );
  });

  it('20,000 failing items of one array are each reported (ajv standalone code concatenated errors: 20 s)', () => {
    const payload = readJson(join(examplesDir, 'valid/provider-deactivate.json')) as Record<string, any>;
    payload.Providers[0].Demographics.Addresses = Array(20_000).fill(5);
    expect(validate(payload, { maxFindingsPerRule: Infinity }).findings).toHaveLength(20_000);
  });

  it('no generated validator gathers errors with concat (regenerate: pnpm generate)', () => {
    const dir = join(repoRoot, 'packages/validate/src/generated/validators');
    const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile());
    expect(files.length).toBeGreaterThan(300);
    for (const file of files) expect(readFileSync(join(file.parentPath, file.name), 'utf8'), file.name).not.toContain('vErrors.concat(');
  });

  it('4,000 cards each failing one anyOf are each reported (untangle matched every combinator with every error: 20 s)', () => {
    const payload = readJson(join(examplesDir, 'valid/cdshooks-patient-view-response.json')) as Record<string, any>;
    const card = payload.cards[0];
    // The resource fails both alternatives of the action's anyOf: a FHIR resource, or the deprecated string.
    const failing = { label: 'x', actions: [{ type: null, description: 'x', resource: 42 }] };
    payload.cards = Array.from({ length: 4000 }, (_, i) => ({ ...card, uuid: `card-${i}`, suggestions: [failing] }));
    const result = validate(JSON.parse(JSON.stringify(payload)), { maxFindingsPerRule: Infinity });
    expect(result.findings.map((f) => f.pointer)).toEqual(Array.from({ length: 4000 }, (_, i) => `/cards/${i}/suggestions/0/actions/0/resource`));
  });

  it('untangle keeps the errors of /cards/10 apart from those of the combinator at /cards/1', () => {
    const error = (instancePath: string, schemaPath: string, keyword: string, params: Record<string, unknown> = {}): AjvError => ({
      instancePath,
      schemaPath,
      keyword,
      params,
    });
    const errors = [
      // /cards/1: each branch misses another member: one requiredOneOf error names both (added last).
      error('/cards/1', '#/anyOf/0/required', 'required', { missingProperty: 'a' }),
      error('/cards/1', '#/anyOf/1/required', 'required', { missingProperty: 'b' }),
      error('/cards/1', '#/anyOf', 'anyOf'),
      // /cards/10: branch 1 is closer (one error against two).
      error('/cards/10', '#/anyOf/0/required', 'required', { missingProperty: 'a' }),
      error('/cards/10/x', '#/anyOf/0/properties/x/type', 'type', { type: 'string' }),
      error('/cards/10', '#/anyOf/1/required', 'required', { missingProperty: 'b' }),
      error('/cards/10', '#/anyOf', 'anyOf'),
    ];
    // Before, /cards/1's combinator took /cards/10's errors into its branches and chose for both.
    expect(untangle(errors).map((e) => `${e.instancePath} ${e.schemaPath} ${e.keyword}`)).toEqual([
      '/cards/10 #/anyOf/1/required required',
      '/cards/1 #/anyOf requiredOneOf',
    ]);
  });
});
