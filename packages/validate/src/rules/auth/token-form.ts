import { quote } from '../../finding.js';
import { CLIENT_ASSERTION_TYPE, GRANT_TYPE } from '../../auth/service.js';
import { createRule } from '../create-rule.js';
import { TOKEN_FORM } from '../scopes.js';

/** The form fields of POST /v2/auth/token and the value each must have (the assertion: any). */
const FIELDS = { grant_type: GRANT_TYPE, client_assertion_type: CLIENT_ASSERTION_TYPE, client_assertion: undefined } as const;

/**
 * The token request form (pointers /form/<field>): each of grant_type, client_assertion_type and
 * client_assertion present exactly once, with the fixed values.
 */
export const tokenFormRule = createRule({
  scope: TOKEN_FORM,
  meta: {
    id: 'token-form',
    severity: 'error',
    description: 'The token request form needs grant_type=client_credentials, the jwt-bearer client_assertion_type and a client_assertion, each once.',
    messages: {
      notForm: 'the token request body is {{what}}: send a form with grant_type, client_assertion_type and client_assertion.',
      missing: 'form field {{field}} is missing: send {{field}}={{expected}}.',
      repeated: 'form field {{field}} appears {{count}} times: send it once ({{expected}}).',
      wrong: 'form field {{field}} is {{value}}: it must be {{expected}}.',
    },
  },
  check(context) {
    if (context.notForm !== undefined) {
      context.report({ pointer: '/form', messageId: 'notForm', data: { what: context.notForm } });
      return;
    }
    for (const [field, want] of Object.entries(FIELDS)) {
      const pointer = `/form/${field}`;
      const list = context.fields.get(field) ?? [];
      const expected = want === undefined ? 'the signed JWT' : JSON.stringify(want);
      if (list.length === 0 || (list.length === 1 && list[0] === '')) context.report({ pointer, messageId: 'missing', data: { field, expected } });
      else if (list.length > 1) context.report({ pointer, messageId: 'repeated', data: { field, count: list.length, expected } });
      else if (want !== undefined && list[0] !== want) context.report({ pointer, messageId: 'wrong', data: { field, value: quote(list[0]), expected } });
    }
  },
});
