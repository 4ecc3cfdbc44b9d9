// The native checks of native-conformance.ts (capability statements, operation and search parameter
// definitions, concept and structure maps, implementation guides, message definitions, test scripts and
// reports, three Questionnaire item constraints) against FHIRPath on payloads that break each of
// them, and on the doubtful shapes the code leaves to FHIRPath (codes given only as extensions,
// values with extensions beside them, lists where R4 has one value). native-corpus.test.ts compares
// them on every official R4 example.
import { describe, expect, it } from 'vitest';
import { NATIVE_CONFORMANCE } from '../../src/fhir/invariants/native-conformance.js';
import { validate } from '../../src/index.js';
import { nativeDifferential, nativeFindings } from './native-harness.js';

type Json = Record<string, unknown>;

const ext = { extension: [{ url: 'http://example.org/x', valueString: 'x' }] };
const ref = (reference: string) => ({ reference });
const capability = (extra: Json): Json => ({
  resourceType: 'CapabilityStatement',
  status: 'draft',
  date: '2020-01-01',
  fhirVersion: '4.0.1',
  format: ['json'],
  rest: [{ mode: 'server' }],
  ...extra,
});
const terminology = (extra: Json): Json => ({ resourceType: 'TerminologyCapabilities', status: 'draft', date: '2020-01-01', ...extra });
const operation = (parameter: Json[]): Json => ({
  resourceType: 'OperationDefinition',
  name: 'X',
  status: 'draft',
  kind: 'operation',
  code: 'x',
  system: false,
  type: false,
  instance: false,
  parameter: parameter.map((p, i) => ({ name: `p${i}`, use: 'in', min: 0, max: '1', ...p })),
});
const search = (extra: Json): Json => ({
  resourceType: 'SearchParameter',
  url: 'http://example.org/sp',
  name: 'x',
  status: 'draft',
  description: 'x',
  code: 'x',
  base: ['Patient'],
  type: 'token',
  ...extra,
});
const conceptMap = (unmapped: Json[]): Json => ({
  resourceType: 'ConceptMap',
  status: 'draft',
  group: unmapped.map((u) => ({ element: [{ code: 'a', target: [{ code: 'b', equivalence: 'equal' }] }], unmapped: u })),
});
const structureMap = (target: Json[]): Json => ({
  resourceType: 'StructureMap',
  url: 'http://example.org/sm',
  name: 'X',
  status: 'draft',
  group: [{ name: 'g', typeMode: 'none', input: [{ name: 's', mode: 'source' }], rule: [{ name: 'r', source: [{ context: 's' }], target }] }],
});
const guide = (extra: Json, definition: Json): Json => ({
  resourceType: 'ImplementationGuide',
  url: 'http://example.org/ig',
  name: 'X',
  status: 'draft',
  packageId: 'x',
  fhirVersion: ['4.0.1'],
  ...extra,
  definition,
});
const guided = (resource: Json): Json => ({ reference: ref('Patient/p'), ...resource });
const message = (focus: Json[]): Json => ({
  resourceType: 'MessageDefinition',
  status: 'draft',
  date: '2020-01-01',
  eventCoding: { system: 'http://example.org', code: 'x' },
  focus: focus.map((f) => ({ code: 'Patient', min: 0, ...f })),
});
const item = (linkId: string, extra: Json): Json => ({ linkId, ...extra });
const questionnaire = (items: Json[]): Json => ({ resourceType: 'Questionnaire', status: 'draft', item: items });
const report = (actions: Json[]): Json => ({
  resourceType: 'TestReport',
  status: 'completed',
  testScript: ref('TestScript/t'),
  result: 'pass',
  test: [{ action: actions }],
});
const script = (extra: Json): Json => ({ resourceType: 'TestScript', url: 'http://example.org/ts', name: 'X', status: 'draft', ...extra });
/** A TestScript with `action` in its setup, its one test and its teardown (operations only there). */
const actions = (action: Json): Json =>
  script({
    setup: { action: [action] },
    test: [{ action: [action] }],
    ...(action.operation !== undefined ? { teardown: { action: [action] } } : {}),
  });
const read = { system: 'http://terminology.hl7.org/CodeSystem/testscript-operation-codes', code: 'read' };

const CASES: [string, Json][] = [
  ['cpb-1', capability({ kind: 'instance', implementation: { description: 'x' }, rest: undefined })],
  ['cpb-2', capability({ kind: 'requirements' })],
  ['cpb-3', capability({ kind: 'capability', software: { name: 'x' }, messaging: [{ endpoint: [{ protocol: read, address: 'http://x' }] }] })],
  ['cpb-3 no kind (empty: holds)', capability({ software: { name: 'x' }, messaging: [{ endpoint: [{ protocol: read, address: 'http://x' }] }] })],
  ['cpb-3 a kind as extensions', capability({ _kind: ext, messaging: [{ endpoint: [{ address: 'http://x' }] }] })],
  ['cpb-3 a messaging that is no object', capability({ kind: 'capability', software: { name: 'x' }, messaging: ['x'] })],
  [
    'cpb-7',
    capability({
      kind: 'instance',
      implementation: { description: 'x' },
      document: [
        { mode: 'producer', profile: 'http://x' },
        { mode: 'producer', profile: 'http://x' },
        { mode: 'consumer', profile: 'http://x' },
      ],
    }),
  ],
  [
    'cpb-7 two without a profile',
    capability({ kind: 'instance', implementation: { description: 'x' }, document: [{ mode: 'consumer' }, { mode: 'consumer' }] }),
  ],
  [
    'cpb-7 a profile with extensions',
    capability({ kind: 'instance', implementation: { description: 'x' }, document: [{ mode: 'producer', profile: 'http://x', _profile: ext }] }),
  ],
  [
    'cpb-7 a profile as extensions only, twice',
    capability({ kind: 'instance', implementation: { description: 'x' }, document: [{ mode: 'producer', _profile: ext }, { mode: 'producer' }] }),
  ],
  [
    'cpb-9',
    capability({
      kind: 'instance',
      implementation: { description: 'x' },
      rest: [{ mode: 'server', resource: [{ type: 'Patient' }, { type: 'Patient' }, {}] }],
    }),
  ],
  [
    'cpb-9 a type as extensions',
    capability({ kind: 'instance', implementation: { description: 'x' }, rest: [{ mode: 'server', resource: [{ _type: ext }] }] }),
  ],
  ['cpb-14', capability({ kind: 'instance', description: 'x' })],
  ['cpb-15', capability({ kind: 'capability', software: { name: 'x' }, implementation: { description: 'x' } })],
  ['cpb-16', capability({ kind: 'requirements', software: { name: 'x' } })],
  ['cpb-14 a kind of another type', capability({ kind: 1, description: 'x' })],
  ['tcp-1', terminology({ kind: 'instance', implementation: { description: 'x' }, codeSystem: [{ version: [{ code: '1' }, { isDefault: true }] }] })],
  ['tcp-1 one version', terminology({ kind: 'instance', implementation: { description: 'x' }, codeSystem: [{ version: [{ isDefault: true }] }] })],
  ['tcp-2 tcp-3', terminology({ kind: 'instance' })],
  ['tcp-4', terminology({ kind: 'capability', software: { name: 'x' }, implementation: { description: 'x' } })],
  ['tcp-5', terminology({ kind: 'requirements', software: { name: 'x' } })],
  [
    'opd-2',
    operation([
      { type: 'integer', searchType: 'token' },
      { searchType: 'token', part: [] },
      { type: 'string', searchType: 'token' },
    ]),
  ],
  ['opd-2 a type as extensions', operation([{ _type: ext, searchType: 'token' }])],
  [
    'opd-3',
    operation([
      { type: 'string', targetProfile: ['http://x'] },
      { type: 'canonical', targetProfile: ['http://x'] },
      { type: 'Reference', targetProfile: ['http://x'] },
    ]),
  ],
  ['spd-2', search({ chain: ['name'] })],
  ['spd-2 a reference', search({ type: 'reference', chain: ['name'] })],
  [
    'cmd-2 cmd-3',
    conceptMap([{ mode: 'fixed' }, { mode: 'other-map' }, { mode: 'fixed', code: 'x' }, { mode: 'other-map', url: 'http://x' }, { mode: 'provided' }]),
  ],
  ['cmd-2 a mode as extensions', conceptMap([{ _mode: ext }])],
  ['smp-1 smp-2', structureMap([{ element: 'x' }, { context: 't' }, { context: 't', contextType: 'variable', element: 'x' }])],
  [
    'ig-1 ig-2',
    guide(
      {},
      {
        grouping: [{ id: 'g1', name: 'G' }],
        resource: [guided({ fhirVersion: ['3.0.2'], groupingId: 'g2' }), guided({ fhirVersion: ['4.0.1'], groupingId: 'g1' })],
      },
    ),
  ],
  ['ig-1 no grouping', guide({}, { resource: [guided({ groupingId: 'g1' })] })],
  ['ig-1 a groupingId with extensions', guide({}, { grouping: [{ id: 'g1', name: 'G' }], resource: [guided({ groupingId: 'g1', _groupingId: ext })] })],
  ['ig-1 a groupingId as extensions only', guide({}, { grouping: [{ id: 'g1', name: 'G' }], resource: [guided({ _groupingId: ext })] })],
  ['ig-2 no fhirVersion', guide({ fhirVersion: undefined }, { resource: [guided({ fhirVersion: ['4.0.1'] })] })],
  ['ig-2 versions with extensions', guide({ _fhirVersion: [ext] }, { resource: [guided({ fhirVersion: ['4.0.1'] })] })],
  ['md-1', message([{ max: '0' }, { max: '-1' }, { max: '*' }, { max: '+3' }, { max: 'x' }, {}])],
  ['md-1 a max as extensions', message([{ _max: ext }])],
  [
    'que-4 que-8 que-11',
    questionnaire([
      item('a', { type: 'choice', answerOption: [{ valueString: 'a' }], answerValueSet: 'http://x' }),
      item('b', { type: 'group', initial: [{ valueString: 'x' }], item: [item('c', { type: 'string' })] }),
      item('d', { type: 'choice', answerOption: [{ valueString: 'a' }], initial: [{ valueString: 'a' }] }),
      item('e', { initial: [{ valueString: 'x' }] }),
    ]),
  ],
  ['que-8 a type as extensions', questionnaire([item('a', { _type: ext, initial: [{ valueString: 'x' }] })])],
  ['inv-2', report([{ operation: { result: 'pass' }, assert: { result: 'pass' } }, { operation: { result: 'pass' } }])],
  ['tst-1 tst-2', actions({ operation: { type: read, targetId: 't' }, assert: { path: 'x' } })],
  [
    'tst-3',
    script({
      variable: [
        { name: 'v', expression: 'x', headerField: 'h', path: 'p' },
        { name: 'w', path: 'p' },
      ],
    }),
  ],
  ['tst-4', script({ metadata: { capability: [{ capabilities: 'http://x' }, { capabilities: 'http://y' }] } })],
  ['tst-4 a required as extensions', script({ metadata: { capability: [{ capabilities: 'http://x', _required: ext }] } })],
  ['tst-4 holds', script({ metadata: { capability: [{ required: true, capabilities: 'http://x' }] } })],
  ['tst-5 tst-6', actions({ assert: { path: 'x', expression: 'y' } })],
  ['tst-5 with extensions', actions({ assert: { path: 'x', expression: 'y', ...ext } })],
  ['tst-5 a list where R4 has one value', actions({ assert: { path: ['x', 'y'] } })],
  ['tst-7 tst-8 tst-9', actions({ operation: { type: read } })],
  ['tst-7 two targets', actions({ operation: { type: read, targetId: 't', url: 'http://x' } })],
  ['tst-7 a search', actions({ operation: { type: { ...read, code: 'search' } } })],
  ['tst-7 no type (empty: holds)', actions({ operation: { resource: 'Patient' } })],
  ['tst-7 a code as extensions', actions({ operation: { type: { system: read.system, _code: ext } } })],
  ['tst-10 tst-11', actions({ assert: { compareToSourceId: 'a' } })],
  ['tst-10 tst-11 an expression alone', actions({ assert: { compareToSourceExpression: 'x' } })],
  ['tst-10 holds', actions({ assert: { compareToSourceId: 'a', compareToSourcePath: 'x' } })],
  ['tst-12 tst-13', actions({ assert: { direction: 'request', response: 'okay' } })],
  ['tst-12 a request', actions({ assert: { direction: 'request', path: 'x' } })],
  ['tst-12 a direction as extensions', actions({ assert: { _direction: ext, response: 'okay' } })],
];

/** The keys the module answers (inv-2 by its path). */
const KEYS = Object.keys(NATIVE_CONFORMANCE).map((key) => key.split('@')[0]!);

describe('native checks of conformance and testing resources', () => {
  const [own] = nativeDifferential(KEYS, CASES);

  it('reports each at the element that breaks it', () => {
    expect(nativeFindings(CASES.find(([name]) => name === 'md-1')![1], own)).toEqual(['md-1 /focus/0', 'md-1 /focus/1']);
    // A test's and the teardown's operations are R4's content references to the setup's, with constraints of their own.
    expect(nativeFindings(CASES.find(([name]) => name === 'tst-7 tst-8 tst-9')![1], own)).toEqual([
      'tst-7 /setup/action/0/operation',
      'tst-8 /test/0/action/0/operation',
      'tst-9 /teardown/action/0/operation',
    ]);
  });

  it("names a test's and the teardown's actions' constraints as R4 does, once each (tst-6, tst-8, tst-9, tst-11, tst-13)", () => {
    const operation = { type: read, encodeRequestUrl: true };
    const assertion = { direction: 'request', response: 'okay', compareToSourceId: 'a', warningOnly: false };
    const payload = script({
      setup: { action: [{ operation }, { assert: assertion }] },
      test: [{ action: [{ operation }, { assert: assertion }] }],
      teardown: { action: [{ operation }] },
    });
    // A TestScript is no resource the service exchanges (service-resource-type): only R4's rules here.
    const { findings } = validate(payload, { rules: { 'service-resource-type': 'off' } });
    expect(findings.map((f) => `${f.ruleId} ${f.pointer} ${/\(?([a-z]+-\d+)/.exec(f.message)?.[1] ?? ''}`)).toEqual([
      'fhir-invariant /setup/action/0/operation tst-7',
      'fhir-invariant /setup/action/1/assert tst-10',
      'fhir-invariant /setup/action/1/assert tst-12',
      'fhir-invariant /test/0/action/0/operation tst-8',
      'fhir-invariant /test/0/action/1/assert tst-11',
      'fhir-invariant /test/0/action/1/assert tst-13',
      'fhir-invariant /teardown/action/0/operation tst-9',
    ]);
    expect(findings.find((f) => f.pointer === '/test/0/action/0/operation')?.message).toContain('Test operation SHALL');
  });

  it('ig-1 and ig-2 read each value of a large guide a bounded number of times (no list searched per value)', () => {
    // Reads of the guide's own lists, counted through proxies: a search of `allowed` for each value reads n × m.
    let reads = 0;
    const counted = <T extends object>(list: T): T => new Proxy(list, { get: (target, key, receiver) => (reads++, Reflect.get(target, key, receiver)) });
    const n = 2000;
    const versions = Array.from({ length: n }, (_, i) => `4.0.${i}`);
    const guideOf = (resource: Json[]) => guide({ fhirVersion: counted([...versions]) }, { grouping: counted(versions.map((id) => ({ id }))), resource });
    const resources = versions.map((v) => guided({ fhirVersion: [v], groupingId: v }));
    const payload = guideOf(resources);
    const definition = payload.definition as Json;
    expect(NATIVE_CONFORMANCE['ig-2']!(payload, payload)).toBe(true);
    expect(NATIVE_CONFORMANCE['ig-1']!(definition, payload)).toBe(true);
    expect(reads).toBeLessThan(20 * n);
    expect(NATIVE_CONFORMANCE['ig-2']!(guideOf([...resources, guided({ fhirVersion: ['3.0.2'] })]), payload)).toBe(false);
  });

  it('decides cpb-7 and ig-1 with extensions beside the values, where FHIRPath would compare every pair', () => {
    const documents = (profile: Json) =>
      capability({
        document: [
          { mode: 'producer', profile: 'http://a', ...profile },
          { mode: 'producer', profile: 'http://b' },
        ],
      });
    expect(NATIVE_CONFORMANCE['cpb-7']!(documents({ _profile: ext }), {})).toBe(true);
    expect(NATIVE_CONFORMANCE['cpb-7']!(documents({ profile: 'http://b', _profile: ext }), {})).toBe(false);
    const definition = { grouping: [{ id: 'g1' }], resource: [{ groupingId: 'g1', _groupingId: ext }] };
    expect(NATIVE_CONFORMANCE['ig-1']!(definition, {})).toBe(false);
  });
});
