// The corpus: every resource of hl7.fhir.r4.examples@4.0.1 (5,306 files, every R4 resource type but
// five, which have fixtures), through validate() as a user calls it. Valid R4 gets no `schema` error,
// no unknown-kind, no spelling-drift or unknown-field, and no fix; what the service wants beyond R4
// has its own rule ids. The few official examples that are not valid R4 are listed with the reason.
import { describe, expect, it } from 'vitest';
import { listKinds, validate, type Finding } from '../../src/index.js';
import { INVALID_R4, NOT_ON_VALID_R4 } from './invalid-r4.js';
import { r4Examples, r4Fixtures, r4TypesWithExamples, readR4Example } from './support.js';

const files = r4Examples();
const summary = (f: Finding) => `${f.ruleId} ${f.pointer}`;

describe('hl7.fhir.r4.examples@4.0.1 through validate()', () => {
  const results = new Map(files.map((file) => [file, validate(readR4Example(file))]));

  it('is the whole package, with an example of every R4 type but the five fixtures cover', () => {
    expect(files.length).toBe(5306);
    const r4Types = [...new Set(listKinds().flatMap((k) => (k.base === undefined ? [] : [k.base])))];
    expect(r4Types).toHaveLength(146);
    expect(r4Types.filter((t) => !r4TypesWithExamples().has(t))).toEqual([]);
    expect([...r4Fixtures().keys()].filter((t) => r4TypesWithExamples().has(t) && !r4Types.includes(t))).toEqual([]);
  });

  it('every example is detected as a kind of its resourceType', () => {
    const wrong: string[] = [];
    for (const [file, result] of results) {
      const type = String(readR4Example(file).resourceType);
      const kind = listKinds().find((k) => k.id === result.kind);
      if (kind?.base !== type) wrong.push(`${file}: ${String(result.kind)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('valid R4 gets no schema error, unknown-kind, spelling-drift or unknown-field, and no fix', () => {
    const unexpected: string[] = [];
    for (const [file, { findings }] of results) {
      if (file in INVALID_R4) continue;
      for (const f of findings) if (NOT_ON_VALID_R4.has(f.ruleId) || f.fix) unexpected.push(`${file}: ${summary(f)} ${f.message}`);
    }
    expect(unexpected).toEqual([]);
  });

  it.each(Object.keys(INVALID_R4))('%s is not valid R4, and cdx says where', (file) => {
    const { pointers, missingLinkIds } = INVALID_R4[file]!;
    const { findings } = results.get(file)!;
    const schema = findings.filter((f) => f.ruleId === 'schema');
    if (pointers) expect(schema.map((f) => f.pointer).sort()).toEqual(pointers);
    else {
      // Questionnaire-qs1.json: nested items without a linkId.
      expect(missingLinkIds).toBeGreaterThan(0);
      expect(schema).toHaveLength(missingLinkIds!);
      expect(schema.filter((f) => !/^\/item(\/\d+\/item)*\/\d+\/linkId$/.test(f.pointer) || f.messageId !== 'required')).toEqual([]);
    }
    const others = findings.filter((f) => NOT_ON_VALID_R4.has(f.ruleId) && f.ruleId !== 'schema' && f.ruleId !== 'fhir-invariant').map(summary);
    expect(others).toEqual(INVALID_R4[file]!.findings ?? []);
    const invariants = findings.filter((f) => f.ruleId === 'fhir-invariant').map((f) => `${/invariant (\S+):/.exec(f.message)?.[1]} ${f.pointer}`);
    expect(invariants).toEqual(INVALID_R4[file]!.invariants ?? []);
  });

  it('what the service wants beyond R4 is its own rule ids, never schema', () => {
    const rules = new Set([...results.values()].flatMap((r) => r.findings.map((f) => f.ruleId)));
    // The service's profiles and rules on valid R4 (Patient telecom without system/value, eventCoding
    // instead of eventUri), the warning on types the service never carries, and R4's invariants on the
    // examples recorded as invalid (invalid-r4.json). Nothing else: a
    // collection bundle is a Claim $attach only when it carries a DocumentReference, and none does.
    expect([...rules].sort()).toEqual([
      'bundle-event-uri',
      'fhir-bundle',
      'fhir-invariant',
      'fhir-reference',
      'schema',
      'service-profile',
      'service-resource-type',
    ]);
    const profile = [...results].flatMap(([file, r]) => r.findings.filter((f) => f.ruleId === 'service-profile').map((f) => `${file} ${f.pointer}`));
    expect(profile.length).toBeGreaterThan(0);
    for (const line of profile) expect(line).toMatch(/^(Patient|MessageHeader|Bundle)-/);
  });

  it('the fixtures of the five types without an official example are valid R4 too', () => {
    for (const [type, resource] of r4Fixtures()) {
      const result = validate(resource, { rules: { 'service-resource-type': 'off' } });
      expect(result.kind, type).toBe(`fhir/${type}`);
      expect(result.findings, type).toEqual([]);
    }
  });
});

describe('the two official message bundles (eventCoding, absolute focus references)', () => {
  const messages = files.filter((f) => f.startsWith('Bundle-') && readR4Example(f).type === 'message');

  it('there are two', () => {
    expect(messages).toHaveLength(2);
  });

  it.each(messages)(
    '%s: R4 the service cannot read (eventCoding not read: one finding, standing for the missing eventUri), with one fullUrl that names another id',
    (file) => {
      const result = validate(readR4Example(file));
      expect(result.kind).toBe('fhir/message');
      expect(result.findings.map(summary).sort()).toEqual(['bundle-event-uri /entry/0/resource/eventCoding', ...INVALID_R4[file]!.findings!].sort());
    },
  );

  it('validated as ChargeItemCreate, they also lack the required entries and the focal ChargeItem', () => {
    const result = validate(readR4Example(messages[0]!), { kind: 'fhir/ChargeItemCreate' });
    expect(new Set(result.findings.map((f) => f.ruleId))).toEqual(new Set(['bundle-event-uri', 'bundle-focus', 'bundle-required-entry', 'fhir-bundle']));
  });
});
