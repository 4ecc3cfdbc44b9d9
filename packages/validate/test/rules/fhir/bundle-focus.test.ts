import { bundleFocusRule } from '../../../src/rules/fhir/bundle-focus.js';
import { edited, example, payloadTester } from '../../support/payload-tester.js';

const focus = (reference: string) => edited('fhir-chargeitemcreate', (p) => void (p.entry[0].resource.focus[0].reference = reference));
const POINTER = '/entry/0/resource/focus/0/reference';
/** A type name of 5,000 characters. */
const LONG_TYPE = `A${'a'.repeat(4999)}`;

payloadTester.run(bundleFocusRule, {
  valid: [
    { name: 'the focus is the entry of the ChargeItem, by its fullUrl', input: { payload: example('fhir-chargeitemcreate') } },
    {
      name: 'a relative focus resolving by type and id',
      input: { payload: edited('fhir-chargeitemcreate', (p) => void (p.entry[0].resource.focus[0].reference = `ChargeItem/${p.entry[1].resource.id}`)) },
    },
    { name: 'a generic message, whose focus may be any entry', input: { payload: example('fhir-message') } },
  ],
  invalid: [
    {
      name: 'ResultCreated whose focus is the Patient (no Observation): the focus is the recorded result',
      input: {
        payload: edited('fhir-resultcreated', (p) => {
          p.entry = p.entry.filter((e: any) => e.resource.resourceType !== 'Observation');
          p.entry[0].resource.focus = [{ reference: p.entry.find((e: any) => e.resource.resourceType === 'Patient').fullUrl }];
        }),
      },
      errors: [
        { pointer: POINTER, messageId: 'wrongType', data: { event: 'ResultCreated', focus: 'Observation', target: 'the Patient', entry: '`entry[1]`' } },
      ],
    },
    {
      name: 'PatientAdminUpdated whose focus is an Organization',
      input: {
        payload: edited('fhir-patientadminupdated', (p) => {
          p.entry[0].resource.focus = [{ reference: p.entry.find((e: any) => e.resource.resourceType === 'Organization').fullUrl }];
        }),
      },
      errors: [
        { pointer: POINTER, messageId: 'wrongType', data: { event: 'PatientAdminUpdated', focus: 'Patient', target: 'the Organization', entry: '`entry[3]`' } },
      ],
    },
    {
      name: 'a urn:uuid matching no fullUrl',
      input: { payload: focus('urn:uuid:00000000-0000-4000-8000-000000000000') },
      errors: [{ pointer: POINTER, messageId: 'unresolvedUrn' }],
    },
    {
      name: 'an absolute URL matching no fullUrl',
      input: { payload: focus('https://x.example/fhir/ChargeItem/1') },
      errors: [{ pointer: POINTER, messageId: 'unresolvedAbsolute', data: { reference: '"https://x.example/fhir/ChargeItem/1"' } }],
    },
    {
      name: 'a relative reference resolving to no entry',
      input: { payload: focus('ChargeItem/zzz/_history/2') },
      errors: [{ pointer: POINTER, messageId: 'unresolvedRelative', data: { reference: '"ChargeItem/zzz/_history/2"', path: '/ChargeItem/zzz' } }],
    },
    {
      name: 'a relative reference whose type is 5,000 characters: the path quoted and bounded, not echoed',
      input: { payload: focus(`${LONG_TYPE}/zzz`) },
      errors: [
        {
          pointer: POINTER,
          messageId: 'unresolvedRelative',
          data: {
            reference: `"A${'a'.repeat(999)}…${'a'.repeat(995)}/zzz" (5,004 characters)`,
            path: `"/A${'a'.repeat(998)}…${'a'.repeat(995)}/zzz" (5,005 characters)`,
          },
        },
      ],
    },
    {
      name: 'a reference into contained resources',
      input: { payload: focus('#ci') },
      errors: [{ pointer: POINTER, messageId: 'contained', data: { reference: '"#ci"' } }],
    },
    {
      name: 'a string that is no reference a bundle can resolve',
      input: { payload: focus('not a ref') },
      errors: [{ pointer: POINTER, messageId: 'notAReference' }],
    },
    {
      name: 'a focus resolving to an entry of the wrong type',
      input: { payload: edited('fhir-chargeitemcreate', (p) => void (p.entry[0].resource.focus[0].reference = p.entry[2].fullUrl)) },
      errors: [
        { pointer: POINTER, messageId: 'wrongType', data: { event: 'ChargeItemCreate', focus: 'ChargeItem', target: 'the Patient', entry: '`entry[2]`' } },
      ],
    },
    {
      name: 'a focus resolving to an entry whose resourceType has a line break: quoted, the break escaped',
      input: {
        payload: edited('fhir-chargeitemcreate', (p) => {
          p.entry[0].resource.focus[0].reference = p.entry[2].fullUrl;
          p.entry[2].resource.resourceType = 'x\ny';
        }),
        kind: 'fhir/ChargeItemCreate',
      },
      errors: [
        {
          pointer: POINTER,
          messageId: 'wrongType',
          data: { event: 'ChargeItemCreate', focus: 'ChargeItem', target: 'a resource of type "x\\ny"', entry: '`entry[2]`' },
        },
      ],
    },
    {
      name: 'a focus resolving to an entry whose resourceType is 5,000 characters: quoted and shortened',
      input: {
        payload: edited('fhir-chargeitemcreate', (p) => {
          p.entry[0].resource.focus[0].reference = p.entry[2].fullUrl;
          p.entry[2].resource.resourceType = 'a'.repeat(5000);
        }),
        kind: 'fhir/ChargeItemCreate',
      },
      errors: [
        {
          pointer: POINTER,
          messageId: 'wrongType',
          data: {
            event: 'ChargeItemCreate',
            focus: 'ChargeItem',
            target: `a resource of type "${'a'.repeat(60)}…${'a'.repeat(59)}" (5,000 characters)`,
            entry: '`entry[2]`',
          },
        },
      ],
    },
  ],
});
