import { schemaRule } from '../../src/rules/schema.js';
import { edited, example, payloadTester, renamed } from '../support/payload-tester.js';

payloadTester.run(schemaRule, {
  valid: [
    { name: 'a Data Model message', input: { payload: example('patientadmin-patientmerge') } },
    { name: 'a FHIR resource', input: { payload: example('fhir-patient') } },
    { name: 'an auth body, named', input: { payload: example('auth-tokenrequest'), kind: 'auth/TokenRequest' } },
    {
      name: 'a required member misspelt (one near miss): spelling-drift reports it, not a second finding',
      input: { payload: edited('patientadmin-patientmerge', (p) => void (p.Patient = renamed(p.Patient, 'PreviousIdentifiers', 'PreviousIdentifier'))) },
    },
  ],
  invalid: [
    {
      name: 'a required member missing',
      input: {
        payload: edited('patientadmin-patientmerge', (p) => {
          delete p.Patient.PreviousIdentifiers;
        }),
      },
      errors: [{ pointer: '/Patient/PreviousIdentifiers', messageId: 'required', data: { field: '`Patient.PreviousIdentifiers`' } }],
    },
    {
      name: 'a required member misspelt, with spelling-drift turned off: the schema says it is missing',
      input: {
        payload: edited('patientadmin-patientmerge', (p) => void (p.Patient = renamed(p.Patient, 'PreviousIdentifiers', 'PreviousIdentifier'))),
        options: { rules: { 'spelling-drift': 'off' } },
      },
      errors: [{ pointer: '/Patient/PreviousIdentifiers', messageId: 'required' }],
    },
    {
      name: 'a required member misspelt twice (which one was meant is a guess): the schema says it is missing',
      input: {
        payload: edited('patientadmin-patientmerge', (p) => {
          p.Patient = renamed(p.Patient, 'PreviousIdentifiers', 'PreviousIdentifier');
          p.Patient.PreviousIdentifierz = [];
        }),
      },
      errors: [{ pointer: '/Patient/PreviousIdentifiers', messageId: 'required' }],
    },
    {
      name: 'a member required when another is present',
      input: {
        payload: edited('cds-hooks-patient-view', (p) => {
          delete p.fhirServer;
        }),
      },
      errors: [{ pointer: '/fhirServer', messageId: 'requiredWhen', data: { field: '`fhirServer`', present: '`fhirAuthorization`' } }],
    },
    {
      // The service's listing makes fhirServer required ("req"); CDS Hooks only with fhirAuthorization.
      name: "a member the service's listing requires and CDS Hooks does not: the finding says whose demand it is",
      input: {
        payload: edited('cdshooks-order-sign', (p) => {
          delete p.fhirServer;
          delete p.fhirAuthorization;
        }),
      },
      errors: [{ pointer: '/fhirServer', messageId: 'requiredByService', data: { field: '`fhirServer`' } }],
    },
    {
      name: 'a member both require, in the envelope: the plain finding',
      input: {
        payload: edited('cdshooks-order-sign', (p) => {
          delete p.hookInstance;
        }),
      },
      errors: [{ pointer: '/hookInstance', messageId: 'required', data: { field: '`hookInstance`' } }],
    },
    {
      name: 'two forms of one FHIR choice element',
      input: { payload: edited('fhir-patient', (p) => void Object.assign(p, { deceasedBoolean: false, deceasedDateTime: '2020-01-01' })) },
      errors: [
        {
          pointer: '/deceasedDateTime',
          messageId: 'choice',
          data: { field: '`(the payload)`', forms: '`deceasedBoolean` and `deceasedDateTime`', choice: '`deceased[x]`' },
        },
      ],
    },
    {
      name: 'a value of the wrong type',
      input: { payload: edited('patientadmin-patientmerge', (p) => void (p.Meta.Test = 'yes')) },
      errors: [{ pointer: '/Meta/Test', messageId: 'type', data: { field: '`Meta.Test`', expected: 'boolean or null', actual: 'a string' } }],
    },
    {
      name: 'a value outside its value set',
      input: { payload: edited('cdshooks-patient-view-response', (p) => void (p.cards[0].indicator = 'warn')) },
      errors: [{ pointer: '/cards/0/indicator', messageId: 'enum', message: '`cards[0].indicator` must be one of "info", "warning", "critical"; got "warn".' }],
    },
    {
      name: 'a value one slip from an allowed one: the nearest is suggested',
      input: { payload: edited('fhir-patient', (p) => void (p.gender = 'mal')) },
      errors: [
        {
          pointer: '/gender',
          messageId: 'enum',
          message: '`gender` must be one of "male", "female", "other", "unknown"; got "mal". Did you mean "male"?',
        },
      ],
    },
    {
      name: 'a value that differs from an allowed one in case only',
      input: { payload: edited('fhir-patient', (p) => void (p.gender = 'Female')) },
      errors: [{ pointer: '/gender', messageId: 'enum', message: /got "Female"\. Did you mean "female"\?$/ }],
    },
    {
      name: 'a constant with another value',
      input: { payload: edited('auth-tokenrequest', (p) => void (p.grant_type = 'password')), kind: 'auth/TokenRequest' },
      errors: [{ pointer: '/grant_type', messageId: 'const', data: { field: '`grant_type`', allowed: '"client_credentials"', value: '"password"' } }],
    },
    {
      name: 'a date-time that is not one',
      input: { payload: edited('patientadmin-patientmerge', (p) => void (p.Meta.EventDateTime = 'yesterday')) },
      errors: [
        { pointer: '/Meta/EventDateTime', messageId: 'format', message: /^`Meta\.EventDateTime` must be an ISO 8601 date or date-time .*; got "yesterday"\.$/ },
      ],
    },
    {
      name: 'a FHIR id with a space',
      input: { payload: edited('fhir-patient', (p) => void (p.id = 'a b')) },
      errors: [{ pointer: '/id', messageId: 'pattern' }],
    },
    {
      name: 'an empty string where one character is the least',
      input: { payload: edited('auth-authenticaterequest', (p) => void (p.apiKey = '')), kind: 'auth/AuthenticateRequest' },
      errors: [{ pointer: '/apiKey', messageId: 'tooFew', data: { field: '`apiKey`', count: '1 character' } }],
    },
    {
      name: 'a number below its minimum',
      input: { payload: edited('auth-clientassertionclaims', (p) => void (p.iat = -1)), kind: 'auth/ClientAssertionClaims' },
      errors: [{ pointer: '/iat', messageId: 'range', data: { field: '`iat`', comparison: '>=', limit: '0', value: '-1' } }],
    },
    {
      name: 'a bundle entry whose resourceType R4 does not define',
      input: { payload: edited('fhir-searchset', (p) => void (p.entry[0].resource.resourceType = 'Patinet')) },
      errors: [
        {
          pointer: '/entry/0/resource/resourceType',
          messageId: 'notR4Type',
          message: '`entry[0].resource.resourceType` is "Patinet", which is not a FHIR R4 resource type. Did you mean `Patient`?',
        },
      ],
    },
  ],
  unreachable: {
    requiredOneOf: 'only a service profile has an anyOf whose branches each require another member (a Claim $attach attachment: data or url)',
    tooMany: 'no schema sets maxItems, maxLength or maxProperties on a payload member',
    multipleOf: 'no schema uses multipleOf',
    uniqueItems: 'no schema uses uniqueItems',
    additionalMember: 'no schema closes an object (unknown members are unknown-field and spelling-drift findings)',
    ambiguous: 'no schema uses oneOf',
    noMatch: 'untangle() reports the branch of an anyOf the payload evidently meant, never the anyOf itself',
    invalid: 'every keyword the schemas use has its own message',
  },
});
