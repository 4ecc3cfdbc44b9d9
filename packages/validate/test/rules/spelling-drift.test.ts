import { spellingDriftRule } from '../../src/rules/spelling-drift.js';
import { edited, example, payloadTester, renamed, text } from '../support/payload-tester.js';

/** A small PatientMerge message whose Demographics hold `members` (the schema rule reports what is missing). */
const merge = (members: Record<string, unknown>) => ({ Meta: { DataModel: 'PatientAdmin', EventType: 'PatientMerge' }, Patient: { Demographics: members } });

payloadTester.run(spellingDriftRule, {
  valid: [
    { name: 'every member spelled as defined', input: { payload: example('patientadmin-patientmerge') } },
    { name: 'the standard spelling of a CDS Hooks member', input: { payload: example('cdshooks-patient-view-response') } },
    { name: 'a member nothing is close to is unknown-field, not drift', input: { payload: merge({ Nickname: 'Tim' }) } },
    {
      name: 'a FHIR extension member `_gender` is not a slip of `gender`',
      input: { payload: edited('fhir-patient', (p) => void (p._gender = { extension: [] })) },
    },
  ],
  invalid: [
    {
      name: 'a near miss inside a FHIR resource is an error (R4 has no unknown members), with its safe fix',
      input: { payload: { resourceType: 'Observation', status: 'final', code: { text: 'Weight' }, ntoe: [{ text: 'fasting' }] } },
      errors: [{ pointer: '/ntoe', messageId: 'nearMissFhir', severity: 'error', data: { field: '`ntoe`', names: '`note`', type: 'Observation' } }],
      output: JSON.stringify({ resourceType: 'Observation', status: 'final', code: { text: 'Weight' }, note: [{ text: 'fasting' }] }, null, 2),
    },
    {
      name: 'a misspelt required FHIR member (cdoe) is the one finding about the missing code',
      input: { payload: { resourceType: 'Observation', status: 'final', cdoe: { text: 'Weight' } } },
      errors: [{ pointer: '/cdoe', messageId: 'nearMissRequired', severity: 'error', data: { field: '`cdoe`', names: '`code`' } }],
      output: JSON.stringify({ resourceType: 'Observation', status: 'final', code: { text: 'Weight' } }, null, 2),
    },
    {
      name: 'a FHIR near miss beside the member it misspells: no fix',
      input: { payload: { resourceType: 'Observation', status: 'final', code: { text: 'Weight' }, note: [], ntoe: [{ text: 'fasting' }] } },
      errors: [
        {
          pointer: '/ntoe',
          messageId: 'nearMissFhirBeside',
          severity: 'error',
          data: { field: '`ntoe`', names: '`note`', type: 'Observation', present: '`note`' },
        },
      ],
    },
    {
      name: 'a FHIR near miss of two members: suggestions, no fix',
      input: { payload: { resourceType: 'Observation', status: 'final', code: { text: 'Weight' }, cote: [] } },
      errors: [
        {
          pointer: '/cote',
          messageId: 'nearMissesFhir',
          severity: 'error',
          data: { field: '`cote`', names: '`code` or `note`', type: 'Observation' },
          suggestions: [
            { pointer: '/cote', from: 'cote', to: 'code' },
            { pointer: '/cote', from: 'cote', to: 'note' },
          ],
        },
      ],
    },
    {
      // name is required by the service's profile: the slip is the one finding, as for a schema-required member.
      name: 'an adjacent transposition is one slip (Damerau): naem → name',
      input: { payload: { resourceType: 'Patient', naem: [{ family: 'Chalmers' }] } },
      errors: [{ pointer: '/naem', messageId: 'nearMissRequired', severity: 'error', data: { field: '`naem`', names: '`name`' } }],
      output: JSON.stringify({ resourceType: 'Patient', name: [{ family: 'Chalmers' }] }, null, 2),
    },
    {
      name: 'a near miss, renamed by the fix',
      input: { payload: merge({ FirstNmae: 'Timothy' }) },
      errors: [
        { pointer: '/Patient/Demographics/FirstNmae', messageId: 'nearMiss', data: { field: '`Patient.Demographics.FirstNmae`', names: '`FirstName`' } },
      ],
      output:
        '{\n  "Meta": {\n    "DataModel": "PatientAdmin",\n    "EventType": "PatientMerge"\n  },\n  "Patient": {\n    "Demographics": {\n      "FirstName": "Timothy"\n    }\n  }\n}',
    },
    {
      name: "the spec's field-listing spelling of a CDS Hooks member, renamed by the fix",
      input: {
        payload: {
          cards: [
            {
              summary: 'Flu shot due',
              indicator: 'info',
              source: { label: 'Guidelines' },
              suggestions: [{ label: 'Order' }],
              selectionsBehavior: 'at-most-one',
            },
          ],
        },
        kind: 'CDSHooks/patient-view-response',
      },
      errors: [
        { pointer: '/cards/0/selectionsBehavior', messageId: 'variant', data: { field: '`cards[0].selectionsBehavior`', names: '`selectionBehavior`' } },
      ],
      output:
        '{\n  "cards": [\n    {\n      "summary": "Flu shot due",\n      "indicator": "info",\n      "source": {\n        "label": "Guidelines"\n      },\n      "suggestions": [\n        {\n          "label": "Order"\n        }\n      ],\n      "selectionBehavior": "at-most-one"\n    }\n  ]\n}',
    },
    {
      name: 'a variant beside its canonical member: no fix (merging is for a person)',
      input: { payload: edited('cdshooks-patient-view-response', (p) => void (p.cards[0].selectionsBehavior = 'at-most-one')) },
      errors: [
        {
          pointer: '/cards/0/selectionsBehavior',
          messageId: 'variantBeside',
          data: { field: '`cards[0].selectionsBehavior`', names: '`selectionBehavior`', present: '`selectionBehavior`' },
        },
      ],
    },
    {
      name: 'a configured known variant (option knownVariants), renamed by the fix',
      input: { payload: merge({ Surname: 'Bixby' }), options: { knownVariants: { Surname: 'LastName' } } },
      errors: [
        { pointer: '/Patient/Demographics/Surname', messageId: 'configuredVariant', data: { field: '`Patient.Demographics.Surname`', names: '`LastName`' } },
      ],
      output:
        '{\n  "Meta": {\n    "DataModel": "PatientAdmin",\n    "EventType": "PatientMerge"\n  },\n  "Patient": {\n    "Demographics": {\n      "LastName": "Bixby"\n    }\n  }\n}',
    },
    {
      name: 'a configured known variant beside its canonical member',
      input: {
        payload: edited('patientadmin-patientmerge', (p) => void (p.Patient.Demographics.Surname = 'B')),
        options: { knownVariants: { Surname: 'LastName' } },
      },
      errors: [{ pointer: '/Patient/Demographics/Surname', messageId: 'configuredVariantBeside' }],
    },
    {
      name: 'a near miss beside the member it misspells',
      input: { payload: edited('patientadmin-patientmerge', (p) => void (p.Patient.Demographics.FirstNmae = 'T')) },
      errors: [
        {
          pointer: '/Patient/Demographics/FirstNmae',
          messageId: 'nearMissBeside',
          data: { field: '`Patient.Demographics.FirstNmae`', names: '`FirstName`', present: '`FirstName`' },
        },
      ],
    },
    {
      name: 'a near miss of two members: suggestions, no fix',
      input: { payload: edited('patientadmin-patientmerge', (p) => void (p.Patient.Demographics.Address.Countr = 'US')) },
      errors: [
        {
          pointer: '/Patient/Demographics/Address/Countr',
          messageId: 'nearMisses',
          data: { field: '`Patient.Demographics.Address.Countr`', names: '`Country` or `County`' },
          suggestions: [{ to: 'Country' }, { to: 'County' }],
        },
      ],
    },
    {
      name: 'a slip one edit from two members (Counrty: County less an r, or Country with two letters swapped): both, no fix',
      input: {
        payload: edited('patientadmin-patientmerge', (p) => {
          const address = p.Patient.Demographics.Address;
          delete address.County;
          p.Patient.Demographics.Address = renamed(address, 'Country', 'Counrty');
        }),
      },
      errors: [
        {
          pointer: '/Patient/Demographics/Address/Counrty',
          messageId: 'nearMisses',
          data: { field: '`Patient.Demographics.Address.Counrty`', names: '`Country` or `County`' },
          suggestions: [
            { pointer: '/Patient/Demographics/Address/Counrty', from: 'Counrty', to: 'Country' },
            { pointer: '/Patient/Demographics/Address/Counrty', from: 'Counrty', to: 'County' },
          ],
        },
      ],
    },
    {
      name: 'a near miss of a required member that is missing: one finding, an error, fixed',
      input: { payload: edited('patientadmin-patientmerge', (p) => void (p.Patient = renamed(p.Patient, 'PreviousIdentifiers', 'PreviousIdentifier'))) },
      errors: [
        {
          pointer: '/Patient/PreviousIdentifier',
          messageId: 'nearMissRequired',
          severity: 'error',
          data: { field: '`Patient.PreviousIdentifier`', names: '`PreviousIdentifiers`' },
        },
      ],
      output: text(example('patientadmin-patientmerge')),
    },
    {
      name: 'a configured variant of a required member that is missing: one finding, an error, fixed',
      input: {
        payload: edited('patientadmin-patientmerge', (p) => void (p.Patient = renamed(p.Patient, 'PreviousIdentifiers', 'PriorIds'))),
        options: { knownVariants: { PriorIds: 'PreviousIdentifiers' } },
      },
      errors: [
        {
          pointer: '/Patient/PriorIds',
          messageId: 'configuredVariantRequired',
          severity: 'error',
          data: { field: '`Patient.PriorIds`', names: '`PreviousIdentifiers`' },
        },
      ],
      output: text(example('patientadmin-patientmerge')),
    },
    {
      // gender is required by the service's profile: the slip is an error, as for a schema-required member.
      name: 'a near miss whose value cannot be that member: no fix',
      input: { payload: edited('fhir-patient', (p) => renamed({ ...p, gender: 42 }, 'gender', 'gendr')) },
      errors: [{ pointer: '/gendr', messageId: 'nearMissRequired', severity: 'error', suggestions: [{ pointer: '/gendr', from: 'gendr', to: 'gender' }] }],
    },
  ],
  unreachable: {
    variantRequired:
      "no schema variant (cdxVariantOf) stands for a member its object requires: the listing's spellings live on definitions that require nothing (the standard forms do); kept for a schema that adds one",
  },
});
