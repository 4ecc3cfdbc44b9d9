import { CLIENT_ASSERTION_TYPE } from '../../../src/auth/index.js';
import { tokenFormRule } from '../../../src/rules/auth/token-form.js';
import { signToken } from '../../auth/helpers.js';
import { assertionTester, type TestKeys } from '../../support/assertion-tester.js';

const form = (fields: (assertion: string) => Record<string, string | string[]>) => ({
  form: async (k: TestKeys) => fields(await signToken(k.es384)),
});

assertionTester.run(tokenFormRule, {
  valid: [
    {
      name: 'the three fields, once each',
      input: form((a) => ({ grant_type: 'client_credentials', client_assertion_type: CLIENT_ASSERTION_TYPE, client_assertion: a })),
    },
    {
      name: 'the same, urlencoded',
      input: {
        form: async (k) =>
          new URLSearchParams({
            grant_type: 'client_credentials',
            client_assertion_type: CLIENT_ASSERTION_TYPE,
            client_assertion: await signToken(k.es384),
          }).toString(),
      },
    },
  ],
  invalid: [
    {
      name: 'null (a JavaScript caller)',
      input: { form: () => null as unknown as string },
      errors: [{ pointer: '/form', messageId: 'notForm', data: { what: 'null' } }],
    },
    { name: 'a number', input: { form: () => 42 as unknown as string }, errors: [{ pointer: '/form', messageId: 'notForm', data: { what: 'number' } }] },
    {
      name: 'another grant_type',
      input: form((a) => ({ grant_type: 'password', client_assertion_type: CLIENT_ASSERTION_TYPE, client_assertion: a })),
      errors: [{ pointer: '/form/grant_type', messageId: 'wrong', data: { field: 'grant_type', value: '"password"', expected: '"client_credentials"' } }],
    },
    {
      name: 'no assertion, and the assertion type twice',
      input: form(() => ({ grant_type: 'client_credentials', client_assertion_type: [CLIENT_ASSERTION_TYPE, CLIENT_ASSERTION_TYPE] })),
      errors: [
        {
          pointer: '/form/client_assertion_type',
          messageId: 'repeated',
          data: { field: 'client_assertion_type', count: 2, expected: JSON.stringify(CLIENT_ASSERTION_TYPE) },
        },
        { pointer: '/form/client_assertion', messageId: 'missing', data: { field: 'client_assertion', expected: 'the signed JWT' } },
      ],
    },
  ],
});
