// The native checks of native-datatypes.ts, native-workflow.ts and those added to native-resources.ts
// with them (que-2, que-3, que-6, que-7, obs-6) against FHIRPath on payloads that break each of them,
// and on the doubtful shapes the code leaves to FHIRPath (other units, time zones, precisions).
// native-corpus.test.ts compares them on every official R4 example.
import { describe, expect, it } from 'vitest';
import { NATIVE_DATATYPES } from '../../src/fhir/invariants/native-datatypes.js';
import { NATIVE_WORKFLOW } from '../../src/fhir/invariants/native-workflow.js';
import '../../src/index.js';
import { nativeDifferential, nativeFindings } from './native-harness.js';

type Json = Record<string, unknown>;

const UCUM = 'http://unitsofmeasure.org';
const QUESTIONNAIRE_KEYS = ['que-2', 'que-3', 'que-6', 'que-7'];
/** Of native-resources.ts, the others compared here. */
const RESOURCE_KEYS = [...QUESTIONNAIRE_KEYS, 'obs-6'];
const ext = { extension: [{ url: 'http://example.org/x', valueString: 'x' }] };
const ref = (reference: string) => ({ reference });
const concept = (code: string, system = 'http://example.org') => ({ coding: [{ system, code }] });
const request = (extra: Json): Json => ({ resourceType: 'MedicationRequest', status: 'active', intent: 'order', subject: ref('Patient/p'), ...extra });
const repeat = (r: Json): Json => request({ dosageInstruction: [{ timing: { repeat: r } }] });
const duration = (d: Json): Json => request({ dispenseRequest: { expectedSupplyDuration: d } });
const age = (a: Json): Json => ({ resourceType: 'Condition', subject: ref('Patient/p'), onsetAge: a });
const range = (low: Json, high: Json): Json => ({ resourceType: 'Observation', status: 'final', code: concept('x'), valueRange: { low, high } });
const mg = (value: number, code = 'mg'): Json => ({ value, system: UCUM, code });
const consent = (extra: Json): Json => ({ resourceType: 'Consent', status: 'active', policyRule: concept('x'), ...extra });
const item = (extra: Json): Json => ({ linkId: 'i', ...extra });
const questionnaire = (items: Json[]): Json => ({ resourceType: 'Questionnaire', status: 'draft', item: items });

const CASES: [string, Json][] = [
  ['att-1', { resourceType: 'Patient', photo: [{ data: 'AAAA' }, { data: 'AAAA', contentType: 'image/png' }, { url: 'http://x' }] }],
  [
    'drq-1',
    {
      resourceType: 'Library',
      status: 'draft',
      type: concept('x'),
      dataRequirement: [{ type: 'Patient', codeFilter: [{ path: 'code', searchParam: 'code' }, { id: 'f' }, { path: 'code' }] }],
    },
  ],
  ['drt-1 other system', duration({ value: 30, code: 'd', system: 'http://other' })],
  ['drt-1 no value', duration({ code: 'd', system: UCUM })],
  ['drt-1 no system, a value (empty: holds)', duration({ value: 30, code: 'd' })],
  ['drt-1 no system, no value', duration({ code: 'd' })],
  ['drt-1 system as extensions', duration({ value: 30, code: 'd', _system: ext })],
  ['age-1 negative', age({ value: -1, code: 'a', system: UCUM })],
  ['age-1 no code', age({ value: 5 })],
  ['age-1 other system', age({ value: 5, code: 'a', system: 'http://other' })],
  ['age-1 value as extensions', age({ _value: ext, code: 'a', system: UCUM })],
  ['age-1 system as extensions', age({ value: 5, code: 'a', _system: ext })],
  ['rng-2 low above high', range(mg(5), mg(3))],
  ['rng-2 in order', range(mg(3), mg(5))],
  ['rng-2 other units (FHIRPath converts)', range(mg(5, 'g'), mg(3))],
  ['rng-2 other systems, in order', range({ value: 3, system: 'http://example.org', code: 'TAB' }, { value: 5, system: 'http://example.org', code: 'TAB' })],
  ['rng-2 one without a value (FHIRPath)', range({ code: 'mg', system: UCUM }, mg(3))],
  ['rng-2 one side', range(mg(5), {})],
  ['tim-1', repeat({ duration: 1 })],
  ['tim-4', repeat({ duration: -1, durationUnit: 'h' })],
  ['tim-4 as extensions', repeat({ _duration: ext, durationUnit: 'h' })],
  ['tim-6', repeat({ periodMax: 2 })],
  ['tim-7', repeat({ durationMax: 2 })],
  ['tim-8', repeat({ countMax: 2 })],
  ['tim-9 no when', repeat({ offset: 10 })],
  ['tim-9 C', repeat({ offset: 10, when: ['C'] })],
  ['tim-9 ACM', repeat({ offset: 10, when: ['ACM'] })],
  ['tim-9 two (FHIRPath)', repeat({ offset: 10, when: ['ACM', 'C'] })],
  [
    'app-2 app-4',
    { resourceType: 'Appointment', status: 'booked', start: '2020-01-01T10:00:00Z', cancelationReason: concept('x'), participant: [{ status: 'accepted' }] },
  ],
  ['app-4 holds', { resourceType: 'Appointment', status: 'cancelled', cancelationReason: concept('x'), participant: [{ status: 'accepted' }] }],
  ['apr-1', { resourceType: 'AppointmentResponse', appointment: ref('Appointment/a'), participantStatus: 'accepted' }],
  [
    'ces-1',
    {
      resourceType: 'CoverageEligibilityResponse',
      insurance: [{ coverage: ref('Coverage/c'), item: [{ category: concept('x'), productOrService: concept('y') }, { id: 'i' }, { category: concept('x') }] }],
    },
  ],
  [
    'cmp-1',
    {
      resourceType: 'Composition',
      status: 'final',
      section: [
        { title: 'x' },
        { title: 'y', section: [{ title: 'z', text: { status: 'generated', div: '<div xmlns="http://www.w3.org/1999/xhtml">z</div>' } }] },
      ],
    },
  ],
  ['con-1 con-2', { resourceType: 'Condition', subject: ref('Patient/p'), stage: [{ type: concept('x') }], evidence: [{ id: 'e' }] }],
  [
    'gol-1',
    {
      resourceType: 'Goal',
      lifecycleStatus: 'active',
      description: concept('x'),
      subject: ref('Patient/p'),
      target: [{ detailQuantity: mg(1) }, { measure: concept('m'), detailString: 'x' }],
    },
  ],
  ['grp-1', { resourceType: 'Group', type: 'person', actual: false, member: [{ entity: ref('Patient/p') }] }],
  ['grp-1 holds', { resourceType: 'Group', type: 'person', _actual: ext, member: [{ entity: ref('Patient/p') }] }],
  ['imm-1', { resourceType: 'Immunization', status: 'completed', education: [{ publicationDate: '2020-01-01' }] }],
  ['imr-1', { resourceType: 'ImmunizationRecommendation', patient: ref('Patient/p'), date: '2020', recommendation: [{ forecastStatus: concept('x') }] }],
  ['ipn-1', { resourceType: 'InsurancePlan', status: 'active' }],
  ['ipn-1 holds', { resourceType: 'InsurancePlan', _name: ext }],
  ['lnk-1', { resourceType: 'Linkage', item: [{ type: 'source', resource: ref('Patient/p') }] }],
  ['lst-3', { resourceType: 'List', status: 'current', mode: 'snapshot', entry: [{ date: '2020', item: ref('Patient/p') }] }],
  ['lst-3 holds', { resourceType: 'List', status: 'current', mode: 'working', entry: [{ date: '2020', item: ref('Patient/p') }] }],
  [
    'mrp-1 mrp-2',
    {
      resourceType: 'MeasureReport',
      type: 'data-collection',
      group: [{ stratifier: [{ stratum: [{ value: concept('v'), component: [{ code: concept('c'), value: concept('v') }] }, { id: 's' }] }] }],
    },
  ],
  [
    'mea-1',
    {
      resourceType: 'Measure',
      status: 'draft',
      group: [{ stratifier: [{ code: concept('x'), component: [{ code: concept('c') }] }, { id: 's' }, { description: 'd' }] }],
    },
  ],
  ['prr-1', { resourceType: 'ServiceRequest', status: 'active', intent: 'order', subject: ref('Patient/p'), orderDetail: [concept('x')] }],
  [
    'rqg-1',
    {
      resourceType: 'RequestGroup',
      status: 'active',
      intent: 'order',
      action: [{ resource: ref('Task/t'), action: [{ resource: ref('Task/u') }] }, { id: 'a' }],
    },
  ],
  [
    'trd-2',
    {
      resourceType: 'PlanDefinition',
      status: 'draft',
      action: [{ trigger: [{ type: 'named-event', name: 'x', condition: { language: 'text/fhirpath', expression: 'true' } }] }],
    },
  ],
  ['ppc-1', { resourceType: 'Consent', status: 'active' }],
  ...['patient-privacy', 'research', 'adr', 'treatment'].map((code): [string, Json] => [`ppc ${code}`, consent({ scope: concept(code, 'something') })]),
  ['ppc holds with a patient', consent({ scope: concept('adr', 'something'), patient: ref('Patient/p') })],
  [
    'ras-2 as extensions (FHIRPath)',
    { resourceType: 'RiskAssessment', status: 'final', subject: ref('Patient/p'), prediction: [{ _probabilityDecimal: ext }] },
  ],
  [
    'ras-2',
    {
      resourceType: 'RiskAssessment',
      status: 'final',
      subject: ref('Patient/p'),
      prediction: [{ probabilityDecimal: 101 }, { probabilityDecimal: 100 }, { probabilityRange: { low: mg(1) } }],
    },
  ],
  [
    'mdd-1',
    {
      resourceType: 'MedicationDispense',
      status: 'completed',
      medicationCodeableConcept: concept('m'),
      whenPrepared: '2020-01-02',
      whenHandedOver: '2020-01-01',
    },
  ],
  ['mdd-1 seconds', { resourceType: 'MedicationDispense', status: 'completed', whenPrepared: '2020-01-01T10:00:01Z', whenHandedOver: '2020-01-01T10:00:00Z' }],
  [
    'mdd-1 time zones (FHIRPath)',
    { resourceType: 'MedicationDispense', status: 'completed', whenPrepared: '2020-01-01T10:00:00+02:00', whenHandedOver: '2020-01-01T09:00:00Z' },
  ],
  [
    'mdd-1 precisions (FHIRPath)',
    { resourceType: 'MedicationDispense', status: 'completed', whenPrepared: '2020-01-02', whenHandedOver: '2020-01-01T09:00:00Z' },
  ],
  ['inv-1 Task', { resourceType: 'Task', status: 'draft', intent: 'order', authoredOn: '2020-01-02T00:00:00Z', lastModified: '2020-01-01T00:00:00Z' }],
  [
    'inv-1 Parameters',
    {
      resourceType: 'Parameters',
      parameter: [{ name: 'a' }, { name: 'b', valueString: 'x', part: [{ name: 'c', valueString: 'y' }] }, { name: 'd', _valueString: ext }],
    },
  ],
  [
    'inv-1 TestReport',
    {
      resourceType: 'TestReport',
      status: 'completed',
      testScript: ref('TestScript/t'),
      result: 'pass',
      setup: { action: [{ operation: { result: 'pass' }, assert: { result: 'pass' } }, { assert: { result: 'pass' } }] },
    },
  ],
  ['que-2', questionnaire([item({ linkId: 'a', type: 'group', item: [item({ linkId: 'b', type: 'string' }), item({ linkId: 'a', type: 'string' })] })])],
  ['que-2 distinct', questionnaire([item({ linkId: 'a', type: 'group', item: [item({ linkId: 'b', type: 'string' })] })])],
  ['que-2 as extensions (FHIRPath)', questionnaire([item({ linkId: 'a', type: 'string' }), { linkId: 'b', _linkId: ext, type: 'string' }])],
  ['que-3 que-6', questionnaire([item({ type: 'display', code: [{ code: 'x' }], required: true }), item({ linkId: 'j', type: 'display', repeats: false })])],
  ['que-3 type as extensions', questionnaire([item({ _type: ext, code: [{ code: 'x' }] })])],
  [
    'que-7',
    questionnaire([
      item({ type: 'string' }),
      item({
        linkId: 'j',
        type: 'string',
        enableWhen: [
          { question: 'i', operator: 'exists', answerString: 'x' },
          { question: 'i', operator: 'exists', answerBoolean: true },
          { question: 'i', operator: '=', answerString: 'x' },
        ],
      }),
    ]),
  ],
  [
    'dis-1 cnt-3',
    {
      resourceType: 'Patient',
      extension: [
        { url: 'http://example.org/d', valueDistance: { value: 5, system: 'http://other', code: 'km' } },
        { url: 'http://example.org/c', valueCount: { value: 2, system: UCUM, code: 'each' } },
      ],
    },
  ],
  ['dis-1 a value without a code', { resourceType: 'Patient', extension: [{ url: 'http://example.org/d', valueDistance: { value: 5 } }] }],
  [
    'cnt-3 a fraction (FHIRPath)',
    { resourceType: 'Patient', extension: [{ url: 'http://example.org/c', valueCount: { value: 2.5, system: UCUM, code: '1' } }] },
  ],
  ['cnt-3 holds', { resourceType: 'Patient', extension: [{ url: 'http://example.org/c', valueCount: { value: 2, system: UCUM, code: '1' } }] }],
  ['cnt-3 a code as extensions', { resourceType: 'Patient', extension: [{ url: 'http://example.org/c', valueCount: { value: 2, system: UCUM, _code: ext } }] }],
  [
    'drq-2',
    {
      resourceType: 'Library',
      status: 'draft',
      type: concept('x'),
      dataRequirement: [{ type: 'Patient', dateFilter: [{ path: 'birthDate', searchParam: 'birthdate' }, { id: 'f' }, { path: 'birthDate' }] }],
    },
  ],
  ['tim-10', repeat({ timeOfDay: ['08:00:00'], when: ['MORN'] })],
  [
    'trd-1',
    {
      resourceType: 'EventDefinition',
      status: 'draft',
      trigger: [
        { type: 'data-changed', data: [{ type: 'Patient' }], timingDate: '2020-01-01' },
        { type: 'named-event', name: 'x', timingDate: '2020-01-01' },
      ],
    },
  ],
  [
    'sev-1',
    {
      resourceType: 'AuditEvent',
      type: { system: 'http://example.org', code: 'x' },
      recorded: '2020-01-01T00:00:00Z',
      agent: [{ requestor: true }],
      source: { observer: ref('Device/d') },
      entity: [{ name: 'x', query: 'eA==' }, { name: 'x' }],
    },
  ],
  [
    'cpl-3',
    {
      resourceType: 'CarePlan',
      status: 'active',
      intent: 'plan',
      subject: ref('Patient/p'),
      activity: [{ reference: ref('ServiceRequest/s'), detail: { status: 'scheduled' } }],
    },
  ],
  [
    'cmp-2',
    {
      resourceType: 'Composition',
      status: 'final',
      type: concept('x'),
      date: '2020-01-01',
      author: [ref('Practitioner/a')],
      title: 'x',
      section: [{ title: 's', emptyReason: concept('nilknown'), entry: [ref('Observation/o')] }],
    },
  ],
  ['lst-1', { resourceType: 'List', status: 'current', mode: 'working', emptyReason: concept('nilknown'), entry: [{ item: ref('Observation/o') }] }],
  [
    'fhs-1',
    { resourceType: 'FamilyMemberHistory', status: 'completed', patient: ref('Patient/p'), relationship: concept('x'), ageString: '60', bornDate: '1950' },
  ],
  ['fhs-2', { resourceType: 'FamilyMemberHistory', status: 'completed', patient: ref('Patient/p'), relationship: concept('x'), estimatedAge: true }],
  [
    'fhs-1 an age as extensions',
    { resourceType: 'FamilyMemberHistory', status: 'completed', patient: ref('Patient/p'), relationship: concept('x'), _ageString: ext, bornDate: '1950' },
  ],
  ['obs-6', { resourceType: 'Observation', status: 'final', code: concept('x'), valueString: 'x', dataAbsentReason: concept('unknown') }],
  [
    'ras-1',
    {
      resourceType: 'RiskAssessment',
      status: 'final',
      subject: ref('Patient/p'),
      prediction: [
        { probabilityRange: { low: { value: 10, system: UCUM, code: '%' }, high: { value: 20, system: 'http://other', code: '%' } } },
        { probabilityRange: { low: { value: 10, code: 'mg' } } },
        { probabilityRange: { low: { value: 10 }, high: { value: 20, system: UCUM, code: '%' } } },
        { probabilityDecimal: 0.5 },
      ],
    },
  ],
  [
    'ras-1 a code as extensions',
    {
      resourceType: 'RiskAssessment',
      status: 'final',
      subject: ref('Patient/p'),
      prediction: [{ probabilityRange: { low: { value: 10, system: UCUM, _code: ext } } }],
    },
  ],
];

/** The keys the new natives answer (inv-1 for all three of its constraints). */
const NEW_KEYS = [...Object.keys(NATIVE_DATATYPES), ...Object.keys(NATIVE_WORKFLOW).map((k) => k.split('@')[0]!), ...RESOURCE_KEYS];

describe('native checks of data types, workflow resources and Questionnaire items', () => {
  const [own, plain] = nativeDifferential(NEW_KEYS, CASES);

  it('rng-2 compares two quantities in one unit of any system, which the fhirpath package gives true for', () => {
    // It converts only UCUM quantities to compare them; `low <= high` of two others is true whatever the values.
    for (const unit of [{}, { unit: 'a' }, { system: 'http://terminology.hl7.org/CodeSystem/v3-orderableDrugForm', code: 'TAB', unit: 'TAB' }]) {
      const resource = range({ value: 5, ...unit }, { value: 3, ...unit });
      expect(nativeFindings(resource, own)).toEqual(['rng-2 /valueRange']);
      expect(nativeFindings(resource, plain)).toEqual([]);
    }
    // Other units, or UCUM codes that differ: FHIRPath's to convert (5 g is above 3 mg).
    expect(nativeFindings(range({ value: 5, unit: 'a' }, { value: 3, unit: 'b' }), own)).toEqual([]);
    expect(nativeFindings(range(mg(5, 'g'), mg(3)), own)).toEqual(['rng-2 /valueRange']);
  });

  it('inv-1 is answered for each of its three paths, by the path', () => {
    const paths = [...own.values()]
      .flat()
      .filter((inv) => inv.key === 'inv-1')
      .map((inv) => inv.path);
    expect(paths.sort()).toEqual(['Parameters.parameter', 'Task', 'TestReport.setup.action']);
  });
});
