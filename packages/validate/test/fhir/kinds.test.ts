// Which FHIR kind a payload is: resource kinds by resourceType, message bundles by the event their
// MessageHeader.eventUri names, other bundles by type; and every FHIR rule, registered and applied
// to the kinds it is for.
import { describe, expect, it } from 'vitest';
import { detectKind, listKinds, RULE_META, validate } from '../../src/index.js';
import { validExample } from './support.js';

const fhirKinds = listKinds().filter((k) => k.family === 'fhir');
const fileOf = (id: string) => id.toLowerCase().replace(/[^a-z0-9]+/g, '-');

describe('FHIR kinds', () => {
  it('cover every event, bundle type and covered resource type', () => {
    expect(fhirKinds.map((k) => k.id).sort()).toEqual(
      [
        ...['ChargeItemCreate', 'ReferralComplete', 'ReferralRequest', 'DocumentReferenceCreate', 'EncounterTransfer', 'ResultCreated', 'PatientAdminUpdated'],
        ...['ClaimAttach', 'searchset', 'message', 'Bundle'],
        ...['Account', 'AllergyIntolerance', 'ChargeItem', 'Composition', 'Condition', 'Coverage', 'DocumentReference', 'Encounter', 'Goal', 'Location'],
        ...['MedicationRequest', 'MessageHeader', 'Observation', 'Organization', 'Patient', 'Practitioner', 'PractitionerRole', 'Procedure', 'RelatedPerson'],
        ...['ServiceRequest', 'Specimen'],
      ]
        .map((n) => `fhir/${n}`)
        .sort(),
    );
  });

  it.each(fhirKinds.map((k) => k.id))('%s is detected from its valid example', (id) => {
    expect(detectKind(validExample(fileOf(id)))).toBe(id);
  });

  it('marks the open-beta referral operations beta', () => {
    expect(fhirKinds.filter((k) => k.beta).map((k) => k.id).sort()).toEqual(['fhir/ReferralComplete', 'fhir/ReferralRequest']);
  });

  it('a message bundle is detected by the last segment of eventUri, whatever its base', () => {
    const bundle = validExample('fhir-chargeitemcreate');
    bundle.entry[0].resource.eventUri = 'urn:example:EventDefinition/ReferralRequest';
    expect(detectKind(bundle)).toBe('fhir/ReferralRequest');
    bundle.entry[0].resource.eventUri = 'https://defs.example/EventDefinition/ChargeItemCreate/';
    expect(detectKind(bundle)).toBe('fhir/ChargeItemCreate');
  });

  it('a message bundle whose event is unknown, missing or not first is a generic message', () => {
    const bundle = validExample('fhir-chargeitemcreate');
    bundle.entry[0].resource.eventUri = 'https://defs.example/EventDefinition/ChargeItemCreat';
    expect(detectKind(bundle)).toBe('fhir/message');
    delete bundle.entry[0].resource.eventUri;
    expect(detectKind(bundle)).toBe('fhir/message');
    expect(detectKind({ ...bundle, entry: bundle.entry.slice(1) })).toBe('fhir/message');
  });

  it('other bundle types: collection is Claim $attach, searchset the search result, the rest a plain Bundle', () => {
    expect(detectKind({ resourceType: 'Bundle', type: 'collection', entry: [] })).toBe('fhir/ClaimAttach');
    expect(detectKind({ resourceType: 'Bundle', type: 'searchset' })).toBe('fhir/searchset');
    expect(detectKind({ resourceType: 'Bundle', type: 'batch' })).toBe('fhir/Bundle');
    expect(detectKind({ resourceType: 'Bundle' })).toBe('fhir/Bundle');
    expect(detectKind({ resourceType: 'Claim' })).toBeUndefined();
  });

  it('registers every FHIR rule', () => {
    const ids = RULE_META.map((r) => r.id);
    for (const id of ['bundle-message-header', 'bundle-focus', 'bundle-event-uri', 'bundle-required-entry', 'bundle-reference', 'attachment-size']) {
      expect(ids).toContain(id);
    }
  });
});

describe('FHIR rules on their kinds', () => {
  const ids = (payload: unknown, options = {}) => validate(payload, options).findings.map((f) => `${f.ruleId} ${f.pointer}`).sort();

  it('bundle rules do not run on resources, and resource kinds have no bundle findings', () => {
    expect(ids(validExample('fhir-patient'))).toEqual([]);
    expect(ids({ ...validExample('fhir-observation'), subject: { reference: 'urn:uuid:00000000-0000-4000-8000-000000000000' } })).toEqual([]);
  });

  it('bundle-reference runs on every bundle kind, not on message focus', () => {
    const tx = validExample('fhir-bundle');
    tx.entry[0].resource.subject.reference = 'urn:uuid:00000000-0000-4000-8000-000000000000';
    expect(ids(tx)).toEqual(['bundle-reference /entry/0/resource/subject/reference']);
  });

  it('messages name the fix: the suggestion for a misspelt event, Binary for a large attachment', () => {
    const bundle = validExample('fhir-chargeitemcreate');
    bundle.entry[0].resource.eventUri = 'https://fhir.cdx-service.example/definitions/EventDefinition/chargeitemcreate';
    const [finding] = validate(bundle).findings;
    expect(finding).toMatchObject({ ruleId: 'bundle-event-uri', severity: 'error' });
    expect(finding!.message).toContain('Did you mean `ChargeItemCreate`?');
  });

  it('an eventCoding whose code is an event name gets the eventUri to write', () => {
    const bundle = validExample('fhir-referralrequest');
    delete bundle.entry[0].resource.eventUri;
    bundle.entry[0].resource.eventCoding = { system: 'https://fhir.cdx-service.example/definitions/EventDefinition', code: 'ReferralRequest' };
    const finding = validate(bundle, { fhirDefsUrl: 'https://fhir.cdx-service.example/definitions' }).findings.find((f) => f.ruleId === 'bundle-event-uri');
    expect(finding?.message).toContain('"eventUri": "https://fhir.cdx-service.example/definitions/EventDefinition/ReferralRequest"');
  });

  it('wrong focus type says what the focus resolves to', () => {
    const bundle = validExample('fhir-documentreferencecreate');
    bundle.entry[0].resource.focus = [{ reference: 'Encounter/enc-20260301' }];
    const [finding] = validate(bundle).findings;
    expect(finding?.ruleId).toBe('bundle-focus');
    expect(finding?.message).toMatch(/must be the DocumentReference; this one resolves to the Encounter at `entry\[3\]`/);
  });

  it('rules can be turned off or downgraded like any other', () => {
    const bundle = validExample('fhir-chargeitemcreate');
    bundle.entry[1].resource.subject.reference = 'urn:uuid:00000000-0000-4000-8000-000000000000';
    expect(validate(bundle, { rules: { 'bundle-reference': 'off' } }).findings).toEqual([]);
    expect(validate(bundle, { rules: { 'bundle-reference': 'warn' } }).valid).toBe(true);
  });
});
