import { quote } from '../../finding.js';
import { ASSERTION_TYP } from '../../auth/service.js';
import { createRule } from '../create-rule.js';
import { ASSERTION } from '../scopes.js';

/** Header typ is JWT. */
export const jwtTypRule = createRule({
  scope: ASSERTION,
  meta: {
    id: 'jwt-typ',
    after: ['jwt-kid'],
    severity: 'error',
    description: 'Header typ is required and must be JWT.',
    messages: {
      missing: 'header "typ" is missing: set it to "JWT".',
      wrong: 'header "typ" is {{typ}}: set it to "JWT".',
    },
  },
  check(context) {
    if (!context.decoded) return;
    const { typ } = context.decoded.header;
    if (typ === ASSERTION_TYP) return;
    context.report({ pointer: '/header/typ', ...(typ === undefined ? { messageId: 'missing' } : { messageId: 'wrong', data: { typ: quote(typ) } }) });
  },
});
