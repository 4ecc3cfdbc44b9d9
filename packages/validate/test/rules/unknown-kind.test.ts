import { expect, it } from 'vitest';
import { listKinds } from '../../src/index.js';
import { unknownKindRule } from '../../src/rules/unknown-kind.js';
import { edited, example, payloadTester, renamed, text } from '../support/payload-tester.js';

// What the messages list comes from the registry, so that a new data model or event changes no test.
const dataModelKinds = listKinds()
  .filter((k) => k.family === 'datamodel')
  .map((k) => k.id.split('/') as [string, string]);
const DATA_MODELS = [...new Set(dataModelKinds.map(([model]) => model))];
const eventsOf = (model: string) => dataModelKinds.filter(([m]) => m === model).map(([, event]) => event);
const CDS_EVENTS = eventsOf('CDSHooks');

it('the registry has the data models and events the cases use', () => {
  expect(DATA_MODELS).toEqual(expect.arrayContaining(['CDSHooks', 'PatientAdmin']));
  expect(eventsOf('PatientAdmin')).toContain('PatientMerge');
  expect(CDS_EVENTS).toEqual(expect.arrayContaining(['PatientView', 'order-sign']));
});

payloadTester.run(unknownKindRule, {
  valid: [
    { name: 'a Data Model message', input: { payload: example('patientadmin-patientmerge') } },
    { name: 'a FHIR resource of any R4 type', input: { payload: { resourceType: 'Device', id: 'd1' } } },
    { name: 'an auth body, named', input: { payload: example('auth-tokenresponse'), kind: 'auth/TokenResponse' } },
  ],
  invalid: [
    {
      name: 'a Meta with EventType but no DataModel: the DataModel is what is missing',
      input: { payload: { Meta: { EventType: 'PatientMerge' }, Patient: {} } },
      errors: [{ pointer: '/Meta/DataModel', messageId: 'dataModelMissing', data: { event: '"PatientMerge"', known: DATA_MODELS.join(', ') } }],
    },
    {
      name: 'a DataModel that is a number',
      input: { payload: { Meta: { DataModel: 123, EventType: 'PatientMerge' }, Patient: {} } },
      errors: [{ pointer: '/Meta/DataModel', messageId: 'dataModelNotString', data: { value: '123', known: DATA_MODELS.join(', ') } }],
    },
    {
      name: 'a data model that does not exist, with a suggestion',
      input: { payload: { Meta: { DataModel: 'PatientAdmn', EventType: 'PatientMerge' } } },
      errors: [
        {
          pointer: '/Meta/DataModel',
          messageId: 'dataModel',
          data: {
            value: '"PatientAdmn"',
            suggestion: ' Did you mean `PatientAdmin`?',
            known: DATA_MODELS.join(', '),
          },
        },
      ],
    },
    {
      name: 'an event its data model does not have',
      input: { payload: { Meta: { DataModel: 'PatientAdmin', EventType: 'PatientMerg' } } },
      errors: [
        {
          pointer: '/Meta/EventType',
          messageId: 'eventType',
          data: {
            value: '"PatientMerg"',
            dataModel: 'PatientAdmin',
            suggestion: ' Did you mean `PatientMerge`?',
            known: eventsOf('PatientAdmin').join(', '),
            bareCds: '',
          },
        },
      ],
    },
    {
      name: 'no event type',
      input: { payload: { Meta: { DataModel: 'PatientAdmin' } } },
      errors: [
        {
          pointer: '/Meta/EventType',
          messageId: 'eventTypeMissing',
          data: { dataModel: 'PatientAdmin', known: eventsOf('PatientAdmin').join(', '), bareCds: '' },
        },
      ],
    },
    {
      name: 'a misspelt Meta.EventType key: says which key, and renames it',
      input: { payload: edited('patientadmin-patientmerge', (p) => void (p.Meta = renamed(p.Meta, 'EventType', 'EventTyp'))) },
      errors: [
        { pointer: '/Meta/EventTyp', messageId: 'metaKey', message: '`Meta.EventTyp` looks like a misspelling of `Meta.EventType`; write `EventType`.' },
      ],
      output: text(example('patientadmin-patientmerge')),
    },
    {
      name: 'a misspelt Meta.DataModel key (and an event the data model has): says which key, and renames it',
      input: { payload: edited('patientadmin-patientmerge', (p) => void (p.Meta = renamed(p.Meta, 'DataModel', 'dataModel'))) },
      errors: [{ pointer: '/Meta/dataModel', messageId: 'metaKey', data: { field: '`Meta.dataModel`', meant: '`Meta.DataModel`', name: '`DataModel`' } }],
      output: text(example('patientadmin-patientmerge')),
    },
    {
      name: 'a misspelt Meta.EventType key whose value is no event either: which key, no fix',
      input: { payload: { Meta: { DataModel: 'PatientAdmin', Event_Type: 'Merge' } } },
      errors: [{ pointer: '/Meta/Event_Type', messageId: 'metaKey', data: { field: '`Meta.Event_Type`', meant: '`Meta.EventType`', name: '`EventType`' } }],
    },
    {
      name: 'an event type that is not a string (a Symbol, from code): not "missing"',
      input: { payload: { Meta: { DataModel: 'PatientAdmin', EventType: Symbol('PatientMerge') } } },
      errors: [
        {
          pointer: '/Meta/EventType',
          messageId: 'eventTypeNotString',
          data: { value: 'symbol', dataModel: 'PatientAdmin', known: eventsOf('PatientAdmin').join(', '), bareCds: '' },
        },
      ],
    },
    {
      name: 'a payload that throws when read (a Proxy from code): a finding, not an exception',
      input: {
        payload: new Proxy(
          {},
          {
            get() {
              throw new Error('boom');
            },
          },
        ),
      },
      errors: [{ pointer: '', messageId: 'unreadable', message: /^Cannot tell which message this is: reading the payload threw Error: boom/ }],
    },
    {
      name: 'a CDS Hooks document in the envelope under an event the service does not define: its kind without the envelope',
      input: { payload: { Meta: { DataModel: 'CDSHooks', EventType: 'PatientVeiw' }, ...example('cds-hooks-patient-view') } },
      errors: [
        {
          pointer: '/Meta/EventType',
          messageId: 'eventType',
          data: {
            value: '"PatientVeiw"',
            dataModel: 'CDSHooks',
            suggestion: ' Did you mean `PatientView`?',
            known: CDS_EVENTS.join(', '),
            bareCds: ' Without the `Meta` envelope, this is a CDS Hooks document of kind `cds-hooks/patient-view`.',
          },
        },
      ],
    },
    {
      name: 'a resourceType R4 does not define',
      input: { payload: { resourceType: 'Patinet' } },
      errors: [{ pointer: '/resourceType', messageId: 'resourceType', data: { value: '"Patinet"', suggestion: ' Did you mean `Patient`?' } }],
    },
    { name: 'nothing to tell a kind by', input: { payload: { hello: 1 } }, errors: [{ pointer: '', messageId: 'undetectable' }] },
  ],
  unreachable: {
    searchForm: "a payload does not tell it came from a form body: cdx-lint's form reader says it instead of undetectable (its form tests)",
  },
});
