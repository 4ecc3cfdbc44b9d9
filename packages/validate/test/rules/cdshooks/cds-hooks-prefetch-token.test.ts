import { cdsHooksPrefetchTokenRule } from '../../../src/rules/cdshooks/cds-hooks-prefetch-token.js';
import { example, patched, payloadTester } from '../../support/payload-tester.js';

const ORDER_SIGN_TOKENS = 'context.userId, context.patientId, context.encounterId';
const template = (service: number, key: string, value: string) =>
  patched('cds-hooks-discovery', [{ op: 'replace', path: `/services/${service}/prefetch/${key}`, value }]);

payloadTester.run(cdsHooksPrefetchTokenRule, {
  valid: [
    { name: "templates using their hooks' prefetch tokens", input: { payload: example('cds-hooks-discovery') } },
    { name: 'a user identifier token', input: { payload: template(0, 'patient', 'Practitioner/{{userPractitionerId}}') } },
    {
      name: "an organization's own hook: its context fields are its own",
      input: {
        payload: patched('cds-hooks-discovery', [
          { op: 'replace', path: '/services/0/hook', value: 'org.example.my-hook' },
          { op: 'replace', path: '/services/0/prefetch/patient', value: 'Patient/{{context.whatever}}' },
        ]),
      },
    },
  ],
  invalid: [
    {
      name: 'a context field without its `context.` prefix',
      input: { payload: template(0, 'patient', 'Patient/{{patientId}}') },
      errors: [
        {
          pointer: '/services/0/prefetch/patient',
          messageId: 'notAPath',
          data: {
            token: '{{patientId}}',
            field: '`services[0].prefetch.patient`',
            userTokens: 'userPractitionerId, userPractitionerRoleId, userPatientId, userRelatedPersonId',
            meant: ' Did you mean {{context.patientId}}?',
          },
        },
      ],
    },
    {
      name: 'a token reaching into a context field',
      input: { payload: template(1, 'patient', 'Patient/{{context.draftOrders.id}}') },
      errors: [
        {
          pointer: '/services/1/prefetch/patient',
          messageId: 'nested',
          data: { token: '{{context.draftOrders.id}}', field: '`services[1].prefetch.patient`', contextField: '`context.draftOrders`' },
        },
      ],
    },
    {
      name: 'a context field the hook does not let templates use',
      input: { payload: template(1, 'medications', 'MedicationRequest?_id={{context.draftOrders}}') },
      errors: [
        {
          pointer: '/services/1/prefetch/medications',
          messageId: 'notAToken',
          data: {
            token: '{{context.draftOrders}}',
            field: '`services[1].prefetch.medications`',
            contextField: '`context.draftOrders`',
            hook: 'order-sign',
            tokens: ORDER_SIGN_TOKENS,
          },
        },
      ],
    },
    {
      name: 'a field the hook does not have, with a guess',
      input: { payload: template(1, 'patient', 'Patient/{{context.patient}}') },
      errors: [
        {
          pointer: '/services/1/prefetch/patient',
          messageId: 'notAField',
          data: {
            token: '{{context.patient}}',
            field: '`services[1].prefetch.patient`',
            contextField: '`context.patient`',
            hook: 'order-sign',
            tokens: ORDER_SIGN_TOKENS,
            meant: ' Did you mean {{context.patientId}}?',
          },
        },
      ],
    },
    {
      // A message shows user text cut and escaped: the field name as the token is (and no guess for it).
      name: 'a long field name with a control character: shown cut and escaped',
      input: { payload: template(1, 'patient', `Patient/{{context.\u0007${'z'.repeat(3000)}}}`) },
      errors: [
        {
          pointer: '/services/1/prefetch/patient',
          messageId: 'notAField',
          data: {
            token: `{{context.\\u0007${'z'.repeat(51)}…${'z'.repeat(59)}}} (3009 characters)`,
            field: '`services[1].prefetch.patient`',
            contextField: `\`context.\\u0007${'z'.repeat(59)}…${'z'.repeat(59)}\``,
            hook: 'order-sign',
            tokens: ORDER_SIGN_TOKENS,
            meant: '',
          },
        },
      ],
    },
    {
      name: 'a token never closed',
      input: { payload: template(0, 'patient', 'Patient/{{context.patientId') },
      errors: [{ pointer: '/services/0/prefetch/patient', messageId: 'unclosed', data: { field: '`services[0].prefetch.patient`', open: '{{', close: '}}' } }],
    },
  ],
});
