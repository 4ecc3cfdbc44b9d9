// One finding per cause across rules: a rule that names the cause declares which findings of other
// rules it stands for (RuleMeta.supersedes), and validate() drops those, whichever rule runs first.
// Turning the superseding rule off brings the other finding back.
import { describe, expect, it } from 'vitest';
import { RULES, validate } from '../src/index.js';
import { edited, example } from './support/payload-tester.js';

const found = (payload: unknown, options: Parameters<typeof validate>[1] = {}) =>
  validate(payload, options).findings.map((f) => [f.ruleId, f.messageId, f.pointer, f.severity]);

/** A message bundle whose MessageHeader names its event by eventCoding, as the Da Vinci alerts bundles do. */
const eventCoded = (name: string, code: string) =>
  edited(name, (p) => {
    const header = p.entry[0].resource;
    delete header.eventUri;
    header.eventCoding = { system: 'http://hl7.org/fhir/us/davinci-alerts/CodeSystem/notification-event', code };
  });

describe('one finding per cause across rules', () => {
  it('every declared supersession names a rule and messages that exist', () => {
    const byId = new Map(RULES.map((rule) => [rule.meta.id, rule.meta]));
    for (const rule of RULES) {
      for (const s of rule.meta.supersedes) {
        for (const id of s.by ?? []) expect(Object.keys(rule.meta.messages), `${rule.meta.id} by`).toContain(id);
        const other = byId.get(s.rule);
        expect(other, `${rule.meta.id} supersedes ${s.rule}`).toBeDefined();
        for (const id of s.messages ?? []) expect(Object.keys(other!.messages), `${s.rule} messages`).toContain(id);
      }
    }
  });

  it('a legacy `expires` without Z is one error', () => {
    const payload = edited('auth-authenticateresponse', (p) => void (p.expires = '2026-03-03T09:30:00'));
    expect(found(payload, { kind: 'auth/AuthenticateResponse' })).toEqual([['schema', 'pattern', '/expires', 'error']]);
  });

  it.each([
    ['fhir-message', 'notification-admit'],
    ['fhir-message', 'notification-discharge'],
    ['fhir-chargeitemcreate', 'ChargeItemCreate'],
  ])('eventCoding in a message bundle (%s, %s) is one error: bundle-event-uri', (name, code) => {
    const findings = found(eventCoded(name, code)).filter(([, , pointer]) => String(pointer).startsWith('/entry/0/resource/event'));
    expect(findings).toEqual([
      ['bundle-event-uri', code === 'ChargeItemCreate' ? 'eventCoding' : 'eventCodingUnknown', '/entry/0/resource/eventCoding', 'error'],
    ]);
  });

  it('with bundle-event-uri off, the profile says eventUri is missing again', () => {
    expect(found(eventCoded('fhir-message', 'notification-admit'), { rules: { 'bundle-event-uri': 'off' } })).toContainEqual([
      'service-profile',
      'required',
      '/entry/0/resource/eventUri',
      'error',
    ]);
  });

  it.each([
    ['fhir-chargeitemcreate', 'ChargeItemCreate'],
    ['fhir-message', 'ReferralAccepted'],
  ])('eventUri written as the bare event name (%s) is one error', (name, event) => {
    const payload = edited(name, (p) => void (p.entry[0].resource.eventUri = event));
    expect(found(payload)).toEqual([['bundle-event-uri', 'uriForm', '/entry/0/resource/eventUri', 'error']]);
  });

  it('a pre-1.0 CDS Hooks request is one finding per cause', () => {
    const payload = edited('cds-hooks-order-sign', (p) => {
      p.user = p.context.userId;
      delete p.context.userId;
      p.context.medications = p.context.draftOrders;
      delete p.context.draftOrders;
    });
    expect(found(payload)).toEqual([
      ['cds-hooks-deprecated-context', 'userRequired', '/user', 'error'],
      ['cds-hooks-deprecated-context', 'draftOrders', '/context/medications', 'error'],
    ]);
    // With userId in place, the old `user` is only left over: a warning.
    const both = edited('cds-hooks-order-sign', (p) => void (p.user = p.context.userId));
    expect(found(both)).toEqual([['cds-hooks-deprecated-context', 'user', '/user', 'warning']]);
  });

  it('the near miss `selectionBehaviour` is one fixable error', () => {
    const payload = edited('cds-hooks-response', (p) => {
      const card = p.cards[0];
      card.selectionBehaviour = card.selectionBehavior;
      delete card.selectionBehavior;
    });
    const result = validate(payload);
    expect(result.findings.map((f) => [f.ruleId, f.messageId, f.pointer, f.severity])).toEqual([
      ['cds-hooks-selection-behavior', 'misspelt', '/cards/0/selectionBehaviour', 'error'],
    ]);
    expect(result.findings[0]!.fix).toEqual({
      kind: 'rename-member',
      pointer: '/cards/0/selectionBehaviour',
      from: 'selectionBehaviour',
      to: 'selectionBehavior',
    });
  });

  it('a misspelt required member stays one error, and two with spelling-drift off', () => {
    const payload = {
      Meta: { DataModel: 'PatientAdmin', EventType: 'PatientMerge' },
      Patient: { Identifers: [{ ID: '1', IDType: 'MRN' }], PreviousIdentifiers: [{ ID: '2', IDType: 'MRN' }] },
    };
    expect(found(payload)).toEqual([['spelling-drift', 'nearMissRequired', '/Patient/Identifers', 'error']]);
    expect(found(payload, { rules: { 'spelling-drift': 'off' } })).toEqual([['schema', 'required', '/Patient/Identifiers', 'error']]);
  });

  it.each([
    ['an unknown member', 'foo', 'unknown-field', 'unknownFhir'],
    ['a misspelt member', 'statsu', 'spelling-drift', 'nearMissFhirBeside'],
  ])('%s that is an empty object is one finding, not also ele-1 (the member is the cause)', (_name, member, rule, messageId) => {
    const payload = { resourceType: 'Observation', status: 'final', code: { text: 'x' }, [member]: {} };
    expect(found(payload)).toEqual([[rule, messageId, `/${member}`, 'error']]);
    expect(found(payload, { rules: { [rule]: 'off' } })).toContainEqual(['fhir-invariant', 'empty', `/${member}`, 'error']);
  });

  it('an element of the wrong type left empty is one finding: its type', () => {
    const payload = { resourceType: 'Observation', status: 'final', code: { text: 'x' }, issued: {} };
    expect(found(payload)).toEqual([['schema', 'type', '/issued', 'error']]);
  });

  it('an empty CDS Hooks object whose required member is missing is one error: the missing member, which says what to write', () => {
    const payload = edited('cds-hooks-response', (p) => void (p.cards[0].source = {}));
    expect(found(payload)).toEqual([['schema', 'required', '/cards/0/source/label', 'error']]);
    expect(found(payload, { rules: { schema: 'off' } })).toEqual([['cds-hooks-empty-value', 'empty', '/cards/0/source', 'error']]);
  });
});

describe('a bundle with a MessageHeader is a message', () => {
  it('a ChargeItemCreate sent as a collection is detected by its MessageHeader, and its type is the one error', () => {
    const payload = edited('fhir-chargeitemcreate', (p) => void (p.type = 'collection'));
    const result = validate(payload);
    expect(result.kind).toBe('fhir/ChargeItemCreate');
    expect(found(payload)).toEqual([['bundle-message-header', 'notMessageType', '/type', 'error']]);
  });

  it('a searchset of MessageHeaders stays a searchset', () => {
    const payload = edited(
      'fhir-searchset',
      (p) => void p.entry.push({ fullUrl: 'https://x.example/fhir/MessageHeader/1', resource: example('fhir-messageheader'), search: { mode: 'match' } }),
    );
    expect(validate(payload).kind).toBe('fhir/searchset');
  });
});
