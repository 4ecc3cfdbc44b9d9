import { createRule } from '../create-rule.js';
import { ASSERTION } from '../scopes.js';

const MESSAGES = {
  notString: 'the assertion must be a string (a compact JWT), not {{type}}.',
  empty: 'the assertion is empty: pass the signed compact JWT.',
  whitespace: 'the assertion has leading or trailing whitespace: send the compact JWT alone.',
  jwe: 'the assertion has five parts (an encrypted JWE): the service needs a signed JWS with three.',
  parts: 'the assertion has {{count}}: a compact JWT is header.payload.signature, three base64url parts separated by dots.',
  notBase64url: 'the {{part}} part is not base64url (only A-Z, a-z, 0-9, - and _, no padding): encode each part with base64url.',
  emptyHeader: 'the header part is empty: a compact JWT starts with the base64url JSON header.',
  emptyPayload: 'the payload part is empty: the claims iss, sub, aud, iat, exp and jti are required.',
  header: 'the header part does not decode to a JSON object: it must be base64url of UTF-8 JSON such as {"alg":"ES384","typ":"JWT","kid":"key-1"}.',
  payload: 'the payload part does not decode to a JSON object: it must be base64url of the UTF-8 JSON claims.',
  unprocessable: 'the JWS cannot be processed: {{reason}}.',
} as const;

/** The message ids auth/decode.ts may name. */
export type MalformedMessageId = keyof typeof MESSAGES;

/**
 * The assertion is a compact JWS: three base64url parts whose first two decode to JSON objects
 * (auth/decode.ts says which message applies). An empty signature is not malformed: it is what
 * alg none produces, and jwt-alg explains that better.
 */
export const jwtMalformedRule = createRule({
  scope: ASSERTION,
  meta: {
    id: 'jwt-malformed',
    severity: 'error',
    description: 'The assertion is not a compact JWS: three base64url parts whose first two decode to JSON objects.',
    messages: MESSAGES,
  },
  async check(context) {
    if (context.problem) {
      context.report({
        pointer: '',
        messageId: context.problem.messageId as MalformedMessageId,
        ...(context.problem.data ? { data: context.problem.data } : {}),
      });
      return;
    }
    const verification = await context.verification();
    if (verification && !verification.ok && verification.code === 'ERR_JWS_INVALID') {
      context.report({ pointer: '', messageId: 'unprocessable', data: { reason: verification.reason } });
    }
  },
});
