import { fhirInvariantRule } from '../../../src/rules/fhir/fhir-invariant.js';
import { readR4Example } from '../../fhir/support.js';
import { edited, example, payloadTester } from '../../support/payload-tester.js';

const patient = (edit: (p: Record<string, any>) => unknown) => edited('fhir-patient', edit);
const contained = (resource: Record<string, unknown>) =>
  patient((p) => {
    p.contained = [{ resourceType: 'Organization', id: 'org1', name: 'Clinic', ...resource }];
    p.managingOrganization = { reference: '#org1' };
  });
const broken = (key: string, pointer: string, severity = 'error') => ({
  pointer,
  messageId: key === 'ele-1' ? 'empty' : 'broken',
  message: new RegExp(` breaks R4 invariant ${key}: `),
  severity,
});

payloadTester.run(fhirInvariantRule, {
  valid: [
    { name: 'the Observation example', input: { payload: example('fhir-observation') } },
    { name: 'a message bundle', input: { payload: example('fhir-message') } },
    { name: 'a contained resource referred to from the container', input: { payload: contained({}) } },
    {
      name: 'an extension whose value has only extensions (`_valueString`) has a value (ext-1)',
      input: {
        payload: patient(
          (p) => void p.extension.push({ url: 'http://example.org/x', _valueString: { extension: [{ url: 'http://example.org/y', valueCode: 'a' }] } }),
        ),
      },
    },
    {
      name: "que-7 as R4 means it: an `exists` condition with answerBoolean (R4's `answer is Boolean` would fail it)",
      input: { payload: readR4Example('Questionnaire-bb.json') },
    },
    { name: 'best practices are off by default (the Patient example has no narrative, dom-6)', input: { payload: example('fhir-patient') } },
  ],
  invalid: [
    { name: 'ele-1: an empty element', input: { payload: patient((p) => void p.name.push({})) }, errors: [broken('ele-1', '/name/1')] },
    {
      name: 'ext-1: an extension with neither value nor extensions',
      input: { payload: patient((p) => void p.extension.push({ url: 'http://example.org/x' })) },
      errors: [broken('ext-1', '/extension/2')],
    },
    {
      name: 'ext-1: an extension with both',
      input: { payload: patient((p) => void p.extension.push({ url: 'http://example.org/x', valueCode: 'a', extension: [{ url: 'b', valueCode: 'c' }] })) },
      errors: [broken('ext-1', '/extension/2')],
    },
    {
      name: 'dom-2: a contained resource that contains another',
      input: { payload: contained({ contained: [{ resourceType: 'Organization', id: 'inner', name: 'Inner' }] }) },
      errors: [broken('dom-2', '/contained/0/contained')],
    },
    {
      name: 'dom-3: a contained resource nothing refers to',
      input: { payload: patient((p) => void (p.contained = [{ resourceType: 'Organization', id: 'lonely', name: 'Clinic' }])) },
      errors: [broken('dom-3', '/contained/0')],
    },
    {
      name: 'dom-4: meta.versionId and meta.lastUpdated inside a contained resource',
      input: { payload: contained({ meta: { versionId: '1', lastUpdated: '2026-01-01T00:00:00Z' } }) },
      errors: [broken('dom-4', '/contained/0/meta/versionId'), broken('dom-4', '/contained/0/meta/lastUpdated')],
    },
    {
      name: 'dom-5: a security label inside a contained resource',
      input: { payload: contained({ meta: { security: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-Confidentiality', code: 'R' }] } }) },
      errors: [broken('dom-5', '/contained/0/meta/security')],
    },
    {
      name: 'pat-1 (FHIRPath): a contact with no details',
      input: { payload: patient((p) => void (p.contact = [{ gender: 'female' }])) },
      errors: [broken('pat-1', '/contact/0')],
    },
    {
      name: 'per-1 (FHIRPath, on a data type wherever it stands): a period that ends before it starts',
      input: { payload: patient((p) => void (p.name[0].period = { start: '2020-01-01', end: '2019-01-01' })) },
      errors: [broken('per-1', '/name/0/period')],
    },
    {
      name: 'cpt-2 (native): a telecom value without a system',
      input: { payload: patient((p) => void (p.telecom = [{ value: '555-0100' }])) },
      errors: [broken('cpt-2', '/telecom/0')],
    },
    {
      name: 'inside a bundle entry',
      input: { payload: edited('fhir-message', (b) => void (b.entry[2].resource.contact = [{ gender: 'male' }])) },
      errors: [broken('pat-1', '/entry/2/resource/contact/0')],
    },
    {
      name: 'sdf-4: an official logical model without a baseDefinition (truly invalid R4)',
      input: { payload: readR4Example('StructureDefinition-Event.json') },
      errors: [broken('sdf-4', '')],
    },
    {
      name: 'a required CodeableConcept binding: codings, none from the value set',
      input: {
        payload: edited('fhir-condition', (c) => void (c.clinicalStatus = { coding: [{ system: 'http://snomed.info/sct', code: '55561003' }] })),
      },
      errors: [
        {
          pointer: '/clinicalStatus',
          messageId: 'binding',
          data: {
            element: '`clinicalStatus`',
            valueSet: 'http://hl7.org/fhir/ValueSet/condition-clinical',
            system: 'http://terminology.hl7.org/CodeSystem/condition-clinical',
            codes: '`active`, `recurrence`, `relapse`, `inactive`, `remission`, `resolved`',
          },
        },
      ],
    },
    {
      name: 'bestPracticeInvariants: warning-severity constraints as warnings (dom-6)',
      input: { payload: example('fhir-patient'), options: { bestPracticeInvariants: true } },
      errors: [broken('dom-6', '', 'warning')],
    },
  ],
});
