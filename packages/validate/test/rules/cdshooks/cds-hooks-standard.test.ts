import { afterEach, describe, expect, it, vi } from 'vitest';
import { STANDARD_OF } from '../../../src/cdshooks/standard.js';
import type { KindId } from '../../../src/guards.js';
import { getKind, loadKind } from '../../../src/registry.js';
import { cdsHooksStandardRule } from '../../../src/rules/cdshooks/cds-hooks-standard.js';
import { validate } from '../../../src/validate.js';
import { edited, example, payloadTester } from '../../support/payload-tester.js';

const wrapped = (name: string, eventType: string, edit: (p: Record<string, any>) => void = () => {}) =>
  edited(name, (p) => {
    edit(p);
    return { Meta: { DataModel: 'CDSHooks', EventType: eventType }, ...p };
  });

payloadTester.run(cdsHooksStandardRule, {
  valid: [
    { name: 'the service order-sign example', input: { payload: example('cdshooks-order-sign') } },
    { name: 'the service response example', input: { payload: example('cdshooks-patient-view-response') } },
    { name: 'the service discovery example', input: { payload: example('cdshooks-discovery-response') } },
    // Checked in full as a patient-view request (validate.ts, test/cdshooks/envelope.test.ts), not by this rule.
    {
      name: 'a PatientView event whose body is a patient-view request without patientId',
      input: {
        payload: edited('cdshooks-patientview', (p) => {
          delete p.context.patientId;
        }),
      },
    },
    { name: "the standard's response, wrapped", input: { payload: wrapped('cds-hooks-response', 'patient-view-response') } },
    { name: "the standard's order-sign request, wrapped", input: { payload: wrapped('cds-hooks-order-sign', 'order-sign') } },
  ],
  invalid: [
    {
      name: 'a wrapped response whose system action has no description',
      input: {
        payload: wrapped('cds-hooks-response', 'patient-view-response', (p) => {
          p.systemActions = [
            { type: 'create', resource: { resourceType: 'ServiceRequest', status: 'draft', intent: 'order', subject: { reference: 'Patient/1' } } },
          ];
        }),
      },
      errors: [{ pointer: '/systemActions/0/description', messageId: 'required' }],
    },
    {
      name: 'a wrapped order-sign request without draftOrders',
      input: {
        payload: wrapped('cds-hooks-order-sign', 'order-sign', (p) => {
          delete p.context.draftOrders;
        }),
      },
      errors: [{ pointer: '/context/draftOrders', messageId: 'required' }],
    },
  ],
});

// The standard's exact validator (every error, and the canonical R4 validators of the resources it
// carries) runs only for a body its strict twin refuses: a document that meets CDS Hooks 2.0 costs a
// twin's pass, as the payload's own validation does (validate.ts).
describe("cds-hooks-standard and the standard kind's validators", () => {
  afterEach(() => vi.restoreAllMocks());

  // The standard's own examples in the envelope, one for each kind of STANDARD_OF.
  const meeting: [KindId, string, string][] = [
    ['CDSHooks/order-sign', 'cds-hooks-order-sign', 'order-sign'],
    ['CDSHooks/patient-view-response', 'cds-hooks-response', 'patient-view-response'],
    ['CDSHooks/discovery-response', 'cds-hooks-discovery', 'discovery-response'],
  ];

  it('covers every kind checked against a standard', () => {
    expect(meeting.map(([service]) => service).sort()).toEqual(Object.keys(STANDARD_OF).sort());
  });

  it.each(meeting)('%s meeting the standard (%s): the twin decides, the exact validator is never asked for', (service, name, eventType) => {
    const exact = vi.spyOn(loadKind(getKind(STANDARD_OF[service]!)!), 'exact');
    expect(validate(wrapped(name, eventType), { kind: service }).findings.filter((f) => f.ruleId === 'cds-hooks-standard')).toEqual([]);
    expect(exact).not.toHaveBeenCalled();
  });

  it("a body the twin refuses goes to the exact validator, for the listing's widened values (no finding) and for a missing member", () => {
    const exact = vi.spyOn(loadKind(getKind('cds-hooks/order-sign')!), 'exact');
    // The service's example writes prefetch entries as strings, as its listing allows: the standard refuses them, and this rule reports only `required`.
    expect(validate(example('cdshooks-order-sign'), { kind: 'CDSHooks/order-sign' }).findings.filter((f) => f.ruleId === 'cds-hooks-standard')).toEqual([]);
    expect(exact).toHaveBeenCalled();
    const missing = wrapped('cds-hooks-order-sign', 'order-sign', (p) => {
      delete p.context.draftOrders;
    });
    const findings = validate(missing, { kind: 'CDSHooks/order-sign' }).findings.filter((f) => f.ruleId === 'cds-hooks-standard');
    expect(findings.map((f) => [f.messageId, f.pointer])).toEqual([['required', '/context/draftOrders']]);
  });
});
