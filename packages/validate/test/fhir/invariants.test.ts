// fhir-invariant's shortcuts give what FHIRPath gives: the constraints checked by code (native-typed.ts)
// and the members whose absence skips an evaluation (guard.ts) are compared with the fhirpath engine's
// own evaluation of R4's expressions, on official examples and on copies broken for each of them.
import { describe, expect, it } from 'vitest';
import { fhirPathEngine } from '../../src/fhir/invariants/engine.js';
import { guardOf } from '../../src/fhir/invariants/guard.js';
import { NATIVE_TYPED, nativeOf } from '../../src/fhir/invariants/native-typed.js';
import { ALL_INVARIANTS, byFhirPath, fhirPathInvariants } from '../../src/fhir/invariants/table.js';
import '../../src/index.js';
import { nativeFindings, nativeTables } from './native-harness.js';
import { readR4Example } from './support.js';

type Json = Record<string, any>;

const tables = () => nativeTables();
const findings = nativeFindings;

const broken = (file: string, edit: (r: Json) => void): [string, Json] => {
  const resource = structuredClone(readR4Example(file)) as Json;
  edit(resource);
  return [file, resource];
};

/** Broken for the constraints the service's bundles meet most (Organizations, Patients, Periods). */
const SERVICE: [string, Json][] = [
  broken('Organization-1.json', (o) => {
    o.address = [
      { use: 'home', city: 'Ann Arbor' },
      { use: 'work', city: 'Ann Arbor' },
    ];
    o.telecom = [{ system: 'phone', value: '555-0100', use: 'home' }];
    delete o.identifier;
    delete o.name;
  }),
  broken('Organization-1.json', (o) => {
    delete o.identifier;
    o._name = { extension: [{ url: 'http://example.org/x', valueString: 'x' }] };
    delete o.name;
  }),
  broken('Patient-example.json', (p) => {
    p.contact = [{ relationship: p.contact[0].relationship }, { telecom: [] }, { name: { family: 'F' } }];
    // The same precision and offset (the characters decide), and pairs left to FHIRPath (2020-01 is after 2019 to it).
    p.name[0].period = { start: '2020-02-01', end: '2020-01-31' };
    p.name[1].period = { start: '2020-01', end: '2019' };
    p.identifier[0].period = { start: '2020-01-01T10:00:00+01:00', end: '2020-01-01T09:30:00+01:00' };
    p.telecom[0].period = { start: '2020-01-01T10:00:00.5Z', end: '2020-01-01T10:00:00Z' };
    p.telecom[1].period = { start: '2020-01-01T10:00:00+02:00', end: '2020-01-01T09:30:00+01:00' };
    p.address[0].period = { start: '2019-12-31T23:00:00Z', end: '2020-01-01T00:00:00Z' };
    p.contact[2].period = { start: '2021', end: '2020' };
  }),
];

/** Intact and broken for the constraints most evaluated over R4's examples after those. */
const MORE: [string, Json][] = [
  ['Observation-f001.json', readR4Example('Observation-f001.json')],
  ['OperationDefinition-example.json', readR4Example('OperationDefinition-example.json')],
  ['QuestionnaireResponse-3141.json', readR4Example('QuestionnaireResponse-3141.json')],
  ['CapabilityStatement-example.json', readR4Example('CapabilityStatement-example.json')],
  ['MedicationRequest-medrx0302.json', readR4Example('MedicationRequest-medrx0302.json')],
  broken('Observation-f001.json', (o) => {
    o.valueQuantity = { value: 6.3, code: 'mmol/L' };
    o.referenceRange = [{ type: o.referenceRange[0].type }, { low: { value: 1 } }];
    o.component = [
      { code: { text: 'x' }, valueRatio: { numerator: { value: 1 } } },
      { code: { text: 'y' }, valueRatio: {} },
    ];
  }),
  broken('OperationDefinition-example.json', (op) => void (op.parameter[0] = { name: 'x', use: 'in', min: 0, max: '1' })),
  broken('QuestionnaireResponse-3141.json', (qr) => {
    const first = qr.item[0];
    first.answer = [{ valueString: 'x' }];
    first.item ??= [{ linkId: 'n' }];
  }),
  broken('CapabilityStatement-example.json', (cs) => {
    cs.rest[0].resource[0].searchParam = [
      { name: 'a', type: 'token' },
      { name: 'a', type: 'string' },
    ];
  }),
  broken('MedicationRequest-medrx0302.json', (mr) => {
    const repeat = mr.dosageInstruction[0].timing.repeat;
    repeat.period = -1;
    delete repeat.periodUnit;
  }),
];

/** A primitive given only as extensions: the native checks leave it to FHIRPath. */
const onlyExtension = { extension: [{ url: 'http://example.org/x', valueString: 'x' }] };
const enableWhen = { question: 'g', operator: 'exists', answerBoolean: true };

/** Intact and broken for the constraints of clinical and workflow resources (native-resources.ts). */
const CLINICAL: [string, Json][] = [
  ...['Observation-blood-pressure.json', 'Questionnaire-3141.json', 'Questionnaire-f201.json', 'AllergyIntolerance-example.json', 'Condition-f201.json'].map(
    (file): [string, Json] => [file, readR4Example(file)],
  ),
  ...['Appointment-example.json', 'List-example.json', 'MedicationAdministration-medadmin0302.json', 'MolecularSequence-example.json'].map(
    (file): [string, Json] => [file, readR4Example(file)],
  ),
  ['EventDefinition-example.json', readR4Example('EventDefinition-example.json')],
  broken('Observation-blood-pressure.json', (o) => {
    o.valueQuantity = { value: 120, unit: 'mmHg', system: 'http://unitsofmeasure.org', code: 'mm[Hg]' };
    o.component[0].code.coding = [structuredClone(o.code.coding[0])];
    // The same code, another display: not the same coding (FHIRPath's to tell).
    o.component[1].code.coding = [{ ...o.code.coding[0], display: 'another' }];
  }),
  broken('Observation-blood-pressure.json', (o) => {
    o.valueString = 'x';
    o.component[1].code.coding = [{ ...o.code.coding[0], display: 'another' }];
  }),
  broken('Questionnaire-3141.json', (q) => {
    q.item = [
      { linkId: 'g', type: 'group' },
      { linkId: 'd', type: 'display', item: [{ linkId: 'd1', type: 'string' }], readOnly: true, maxLength: 3 },
      { linkId: 'b', type: 'boolean', answerValueSet: 'http://example.org/vs', enableWhen: [enableWhen, enableWhen, enableWhen] },
      { linkId: 'b2', type: 'boolean', enableWhen: [enableWhen, enableWhen, enableWhen], enableBehavior: 'all' },
      { linkId: 'r', type: 'string', repeats: false, initial: [{ valueString: 'a' }, { valueString: 'b' }] },
      { linkId: 'n', type: 'string', initial: [{ valueString: 'a' }, { valueString: 'b' }] },
      { linkId: 'x', _type: onlyExtension, readOnly: true, maxLength: 3 },
      { linkId: 'y', type: 'display', _repeats: onlyExtension, initial: [{ valueString: 'a' }, { valueString: 'b' }] },
    ];
  }),
  broken('AllergyIntolerance-example.json', (a) => {
    delete a.clinicalStatus;
  }),
  broken('AllergyIntolerance-example.json', (a) => void (a.verificationStatus.coding[0].code = 'entered-in-error')),
  broken('Condition-f201.json', (c) => {
    c.clinicalStatus.coding[0].code = 'active';
    c.verificationStatus.coding[0].code = 'entered-in-error';
  }),
  broken('Appointment-example.json', (a) => {
    delete a.end;
    a.participant[0] = { required: 'required', status: 'accepted' };
  }),
  broken('Appointment-example.json', (a) => {
    delete a.end;
    a.status = 'proposed';
  }),
  broken('List-example.json', (l) => void (l.mode = 'working')),
  broken('MedicationAdministration-medadmin0302.json', (m) => {
    delete m.dosage.dose;
    delete m.dosage.rateRatio;
  }),
  broken('MolecularSequence-example.json', (m) => {
    m.coordinateSystem = 2;
    m.referenceSeq = { chromosome: { text: '9' }, genomeBuild: 'GRCh37', referenceSeqId: m.referenceSeq.referenceSeqId };
  }),
  broken('MolecularSequence-example.json', (m) => {
    m.referenceSeq = { chromosome: { text: '9' }, _genomeBuild: onlyExtension };
  }),
  broken('MolecularSequence-example.json', (m) => void (m.referenceSeq = { chromosome: { text: '9' }, referenceSeqString: 'ACGT' })),
  broken('EventDefinition-example.json', (e) => {
    e.trigger = [{ type: 'named-event' }, { type: 'periodic', name: 'x' }, { type: 'data-changed' }, { type: 'periodic', timingDate: '2020-01-01' }];
  }),
];

const CASES: [string, Json][] = [
  ['StructureDefinition-Patient.json', readR4Example('StructureDefinition-Patient.json')],
  ['StructureDefinition-Event.json', readR4Example('StructureDefinition-Event.json')],
  ['ValueSet-example-expansion.json', readR4Example('ValueSet-example-expansion.json')],
  ['NamingSystem-example.json', readR4Example('NamingSystem-example.json')],
  ['CodeSystem-example.json', readR4Example('CodeSystem-example.json')],
  ['ConceptMap-101.json', readR4Example('ConceptMap-101.json')],
  broken('StructureDefinition-Patient.json', (sd) => {
    const [root, a, b, c, d] = sd.snapshot.element as Json[];
    root!.label = 'Patient';
    a!.min = 3;
    a!.max = '1';
    b!.type = [{ code: 'string' }, { code: 'string' }];
    c!.isModifier = true;
    delete c!.isModifierReason;
    d!.max = '-1';
    delete d!.id;
    sd.abstract = false;
    delete sd.baseDefinition;
    sd.differential.element[1].defaultValueString = 'x';
    sd.derivation = 'constraint';
    sd.mapping[0] = { identity: 'x' };
  }),
  broken('ValueSet-example-expansion.json', (vs) => {
    vs.expansion.contains[0] = { abstract: false };
    vs.expansion.contains[1] = { code: 'x' };
    vs.compose.include[0] = { concept: [{ code: 'a' }], filter: [{ property: 'p', op: '=', value: 'v' }] };
  }),
  broken('CodeSystem-example.json', (cs) => void cs.concept.push({ ...cs.concept[0] })),
  broken('StructureDefinition-Patient.json', (sd) => {
    // eld-4: aggregation only on a Reference or canonical (a string here; absent code: no failure).
    sd.snapshot.element[2].type = [{ code: 'string', aggregation: ['contained'] }];
    sd.snapshot.element[3].type = [{ code: 'Reference', aggregation: ['contained'] }, { aggregation: ['bundled'] }];
  }),
  broken('Patient-example.json', (p) => void (p.telecom = [{ value: '555-0100' }])),
  ['Organization-1.json', readR4Example('Organization-1.json')],
  ['Patient-example.json', readR4Example('Patient-example.json')],
  ...SERVICE,
  ...MORE,
  ...CLINICAL,
];

describe('fhir-invariant: the constraints checked by code', () => {
  const [own, plain] = tables();

  it('cover every key of native-typed.ts', () => {
    const keys = [...own.values()].flat().map((inv) => (`${inv.key}@${inv.path}` in NATIVE_TYPED ? `${inv.key}@${inv.path}` : inv.key));
    expect([...new Set(keys)].sort()).toEqual(Object.keys(NATIVE_TYPED).sort());
  });

  it('leave no error constraint to FHIRPath alone (it answers only where a check cannot tell, and the best-practice warnings)', () => {
    const left = ALL_INVARIANTS.filter((inv) => byFhirPath(inv) && nativeOf(inv) === undefined);
    expect(left.filter((inv) => inv.severity === 'error').map((inv) => inv.key)).toEqual([]);
    expect(left.length).toBeGreaterThan(30);
  });

  it.each(CASES.map(([file, resource], i) => [`${file} #${i}`, resource] as const))('%s: the same findings as FHIRPath', (_name, resource) => {
    expect(findings(resource, own)).toEqual(findings(resource, plain));
  });

  it("the service's frequent ones break where the copies break them (org-1, org-2, org-3, pat-1, per-1)", () => {
    const found = SERVICE.flatMap(([, resource]) => findings(resource, own));
    expect(found.filter((f) => !f.startsWith('per-1'))).toEqual([
      'org-1 ',
      'org-2 /address/0',
      'org-3 /telecom/0',
      // A name given only as extensions (`_name`) is a name to FHIRPath.
      'pat-1 /contact/0',
      'pat-1 /contact/1',
    ]);
    expect(found.filter((f) => f.startsWith('per-1'))).toEqual(
      expect.arrayContaining(['per-1 /name/0/period', 'per-1 /name/1/period', 'per-1 /identifier/0/period', 'per-1 /contact/2/period']),
    );
    expect(found).not.toContain('per-1 /address/0/period');
    expect(found).not.toContain('per-1 /telecom/1/period');
  });

  it('the clinical and workflow ones break where the copies break them', () => {
    const keys = new Set(CLINICAL.flatMap(([, resource]) => findings(resource, own).map((f) => f.split(' ')[0])));
    expect([...keys].sort()).toEqual(
      ['ait-1', 'ait-2', 'app-1', 'app-2', 'app-3', 'con-4', 'con-5', 'lst-2', 'mad-1', 'msq-3', 'msq-5', 'msq-6', 'obs-7']
        .concat(['que-1', 'que-10', 'que-12', 'que-13', 'que-5', 'que-6', 'que-8', 'que-9', 'trd-3'])
        .sort(),
    );
  });

  it('the most evaluated of the rest break where the copies break them', () => {
    const keys = new Set(MORE.slice(5).flatMap(([, resource]) => findings(resource, own).map((f) => f.split(' ')[0])));
    expect([...keys]).toEqual(expect.arrayContaining(['cpb-12', 'obs-3', 'opd-1', 'qrs-1', 'qty-3', 'rat-1', 'tim-2', 'tim-5']));
  });

  it('the broken copies do break them', () => {
    const keys = new Set(CASES.slice(6).flatMap(([, resource]) => findings(resource, own).map((f) => f.split(' ')[0])));
    expect(keys.size).toBeGreaterThanOrEqual(12);
  });
});

describe('fhir-invariant: guards', () => {
  /** Every constraint as the rule runs it, and the same constraints with no guards. */
  const guarded = new Map([...fhirPathInvariants(false)].map(([path, list]) => [path, [...list]]));
  const unguarded = new Map([...guarded].map(([path, list]) => [path, list.map((inv) => ({ ...inv, guards: [] }))]));

  it('an element without a guard member never fails the constraint (FHIRPath on an element that lacks it)', () => {
    const engine = fhirPathEngine()!;
    const wrong: string[] = [];
    for (const inv of ALL_INVARIANTS) {
      if (inv.guards.length === 0 || inv.path.includes('[x]')) continue;
      const fn = engine.compile({ base: inv.path, expression: inv.expression }, { traceFn: () => undefined });
      let result: unknown[];
      try {
        result = fn({}, { resource: {}, rootResource: {} });
      } catch {
        continue;
      }
      if (result.length === 1 && result[0] === false) wrong.push(`${inv.key} ${inv.path}`);
    }
    expect(wrong).toEqual([]);
  });

  it('a guard member given only as its `_name` extensions is there, in a list whose guards are read in one look at the keys', () => {
    // Timing.repeat has nine guarded constraints: its guards are read from the element's keys at once.
    const [, resource] = broken('MedicationRequest-medrx0301.json', (m) => {
      m.dosageInstruction[0].timing.repeat = {
        _duration: { extension: [{ url: 'http://example.org/x', valueString: 'x' }] },
        frequency: 1,
        period: 4,
        periodUnit: 'h',
      };
    });
    expect(findings(resource, guarded)).toContain('tim-1 /dosageInstruction/0/timing/repeat');
    expect(findings(resource, guarded)).toEqual(findings(resource, unguarded));
  });

  it('a choice guard given only as its `_name` extensions (`_valueString`) is there', () => {
    // obs-6 is guarded by `value` (a choice) and `dataAbsentReason`: a value given only as extensions still counts.
    const [, resource] = broken('Observation-example.json', (o) => {
      delete o.valueQuantity;
      o._valueString = { extension: [{ url: 'http://example.org/x', valueString: 'x' }] };
      o.dataAbsentReason = { text: 'unknown' };
    });
    expect(findings(resource, unguarded)).toContain('obs-6 ');
    expect(findings(resource, guarded)).toEqual(findings(resource, unguarded));
  });

  it('a constraint of a choice element is checked on the form the payload writes (ras-1 on probability[x])', async () => {
    const { validate } = await import('../../src/index.js');
    const percent = (value: number, code = '%') => ({ value, system: 'http://unitsofmeasure.org', code });
    const [, resource] = broken('RiskAssessment-prognosis.json', (r) => {
      r.prediction = [
        { outcome: { text: 'x' }, probabilityRange: { low: percent(10), high: percent(20, 'mg') } },
        { outcome: { text: 'y' }, probabilityDecimal: 20 },
      ];
    });
    const found = validate(resource).findings.filter((f) => f.ruleId === 'fhir-invariant');
    expect(found.map((f) => `${f.pointer} ${/\bras-\d+/.exec(f.message)?.[0]}`)).toEqual(['/prediction/0/probabilityRange ras-1']);
  });

  it('are read only from shapes whose truth without the member is certain', () => {
    expect(guardOf('a.empty() or b.exists()')).toEqual(['a']);
    expect(guardOf('a.exists() or b.exists()')).toEqual([]);
    expect(guardOf('(a.exists() and a) implies b.exists()')).toEqual(['a']);
    expect(guardOf('a.all(x) and b.all(y)')).toEqual([]);
    expect(guardOf('(a.empty() or b) and c.exists()')).toEqual([]);
    expect(guardOf("type != 'x' or code.empty()")).toEqual(['type', 'code']);
  });
});

describe('the invariant walk’s memory', () => {
  it('keeps layouts of R4’s members only: made-up member names do not grow it', async () => {
    const { validate } = await import('../../src/index.js');
    const { cachedMembers } = await import('../../src/fhir/invariants/fhirpath.js');
    const errorsOnly = fhirPathInvariants(false);
    const basic = (names: string[]) => ({ resourceType: 'Basic', code: { text: 'x' }, ...Object.fromEntries(names.map((n) => [n, { a: 1 }])) });
    validate(basic(['made0']));
    const before = cachedMembers(errorsOnly);
    const names = Array.from({ length: 300 }, (_, i) => `madeUp${i}`);
    const result = validate(basic(names));
    // The payload is schema-clean (unknown members are unknown-field's findings), so the typed walk met every name.
    expect(result.findings.filter((f) => f.ruleId === 'unknown-field')).toHaveLength(300);
    expect(cachedMembers(errorsOnly)).toBe(before);
  });
});
