import { quoteId } from '../../finding.js';
import { createRule } from '../create-rule.js';
import { ASSERTION } from '../scopes.js';

/** Header kid names the key pair that signed the JWT. */
export const jwtKidRule = createRule({
  scope: ASSERTION,
  meta: {
    id: 'jwt-kid',
    after: ['jwt-alg'],
    severity: 'error',
    description: 'Header kid is required: it names the key pair that signed the JWT.',
    messages: {
      missing: 'header "kid" is missing: set it to the identifier of the key pair that signed the JWT.',
      invalid: 'header "kid" is {{kid}}: set it to the identifier of the key pair that signed the JWT.',
    },
  },
  check(context) {
    if (!context.decoded) return;
    const { kid } = context.decoded.header;
    if (typeof kid === 'string' && kid !== '') return;
    context.report({ pointer: '/header/kid', ...(kid === undefined ? { messageId: 'missing' } : { messageId: 'invalid', data: { kid: quoteId(kid) } }) });
  },
});
