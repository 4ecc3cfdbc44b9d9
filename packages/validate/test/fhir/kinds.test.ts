// Which FHIR kind a payload is: resource kinds by resourceType, message bundles by the event their
// MessageHeader.eventUri names, other bundles by type; and every FHIR rule, registered and applied
// to the kinds it is for.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { detectKind, listKinds, RULES, validate } from '../../src/index.js';
import { validExample } from './support.js';

const fhirKinds = listKinds().filter((k) => k.family === 'fhir');
const fileOf = (id: string) => id.toLowerCase().replace(/[^a-z0-9]+/g, '-');

describe('FHIR kinds', () => {
  it('cover every R4 resource type, every event and the service bundle types', () => {
    const r4 = createRequire(import.meta.url)('../../src/generated/validators/fhir/types.cjs').types as string[];
    expect(r4).toHaveLength(146);
    const profiles = [
      'ChargeItemCreate',
      'ReferralComplete',
      'ReferralRequest',
      'DocumentReferenceCreate',
      'EncounterTransfer',
      'ResultCreated',
      'PatientAdminUpdated',
    ];
    expect(fhirKinds.map((k) => k.id).sort()).toEqual([...r4, ...profiles, 'ClaimAttach', 'searchset', 'message'].map((n) => `fhir/${n}`).sort());
    // Every kind is validated as an R4 type; the service's profiles add an overlay.
    expect(fhirKinds.every((k) => k.base !== undefined && r4.includes(k.base))).toBe(true);
    expect(
      fhirKinds
        .filter((k) => k.overlay)
        .map((k) => k.id)
        .sort(),
    ).toEqual([...profiles, 'ClaimAttach', 'searchset', 'message', 'Goal', 'MedicationRequest', 'MessageHeader', 'Patient'].map((n) => `fhir/${n}`).sort());
  });

  it.each(fhirKinds.filter((k) => k.overlay !== undefined || k.service).map((k) => k.id))('%s is detected from its valid example', (id) => {
    expect(detectKind(validExample(fileOf(id)))).toBe(id);
  });

  it('every R4 type is detected from its resourceType', () => {
    for (const kind of fhirKinds.filter((k) => !k.overlay)) expect(detectKind({ resourceType: kind.base })).toBe(kind.id);
  });

  it('marks the open-beta referral operations beta', () => {
    expect(
      fhirKinds
        .filter((k) => k.beta)
        .map((k) => k.id)
        .sort(),
    ).toEqual(['fhir/ReferralComplete', 'fhir/ReferralRequest']);
  });

  it('a message bundle is detected by the last segment of eventUri, whatever its base', () => {
    const bundle = validExample('fhir-chargeitemcreate');
    bundle.entry[0].resource.eventUri = 'urn:example:EventDefinition/ReferralRequest';
    expect(detectKind(bundle)).toBe('fhir/ReferralRequest');
    bundle.entry[0].resource.eventUri = 'https://defs.example/EventDefinition/ChargeItemCreate/';
    expect(detectKind(bundle)).toBe('fhir/ChargeItemCreate');
  });

  it('a message bundle whose event is unknown or missing, or that has no MessageHeader, is a generic message', () => {
    const bundle = validExample('fhir-chargeitemcreate');
    expect(detectKind({ ...bundle, entry: bundle.entry.slice(1) })).toBe('fhir/message');
    bundle.entry[0].resource.eventUri = 'https://defs.example/EventDefinition/ChargeItemCreat';
    expect(detectKind(bundle)).toBe('fhir/message');
    delete bundle.entry[0].resource.eventUri;
    expect(detectKind(bundle)).toBe('fhir/message');
  });

  it('a message bundle whose MessageHeader is not first is still its event (bundle-message-header reports the order)', () => {
    const bundle = validExample('fhir-chargeitemcreate');
    bundle.entry.push(bundle.entry.shift());
    expect(detectKind(bundle)).toBe('fhir/ChargeItemCreate');
    const ids = validate(bundle).findings.map((f) => `${f.ruleId} ${f.pointer}`);
    expect(ids).toEqual(['bundle-message-header /entry/0/resource/resourceType']);
    // The event's own rules run: take the ChargeItem out and its required entry is missed.
    bundle.entry = bundle.entry.filter((e: { resource: { resourceType: string } }) => e.resource.resourceType !== 'ChargeItem');
    const rules = validate(bundle).findings.map((f) => f.ruleId);
    expect(rules).toContain('bundle-required-entry');
    expect(rules).toContain('bundle-focus');
  });

  it('other bundle types: collection with a DocumentReference is Claim $attach, searchset the search result, the rest a plain Bundle', () => {
    expect(detectKind({ resourceType: 'Bundle', type: 'collection', entry: [{ resource: { resourceType: 'DocumentReference' } }] })).toBe('fhir/ClaimAttach');
    expect(detectKind({ resourceType: 'Bundle', type: 'collection', entry: [] })).toBe('fhir/Bundle');
    expect(detectKind({ resourceType: 'Bundle', type: 'searchset' })).toBe('fhir/searchset');
    expect(detectKind({ resourceType: 'Bundle', type: 'batch' })).toBe('fhir/Bundle');
    expect(detectKind({ resourceType: 'Bundle' })).toBe('fhir/Bundle');
    expect(detectKind({ resourceType: 'Claim' })).toBe('fhir/Claim');
    expect(detectKind({ resourceType: 'Patinet' })).toBeNull();
  });

  it('registers every FHIR rule', () => {
    const ids = RULES.map((r) => r.meta.id);
    for (const id of [
      'bundle-message-header',
      'bundle-focus',
      'bundle-event-uri',
      'bundle-required-entry',
      'bundle-reference',
      'attachment-size',
      'service-profile',
      'service-resource-type',
    ]) {
      expect(ids).toContain(id);
    }
  });
});

describe('FHIR rules on their kinds', () => {
  const ids = (payload: unknown, options = {}) =>
    validate(payload, options)
      .findings.map((f) => `${f.ruleId} ${f.pointer}`)
      .sort();

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
    expect(finding?.message).toContain('Write eventUri as "https://fhir.cdx-service.example/definitions/EventDefinition/ReferralRequest"');
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
