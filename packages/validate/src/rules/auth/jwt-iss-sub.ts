import { createRule } from '../create-rule.js';
import { ASSERTION } from '../scopes.js';
import { mismatch } from './mismatch.js';

/** Claims iss and sub are both the client ID of the OAuth API key. */
export const jwtIssSubRule = createRule({
  scope: ASSERTION,
  meta: {
    id: 'jwt-iss-sub',
    after: ['jwt-jku'],
    severity: 'error',
    description: 'Claims iss and sub are both required and both equal the client ID of the OAuth API key.',
    messages: {
      missing: 'claim "{{claim}}" is missing: set both iss and sub to the client ID of the OAuth API key.',
      mismatch: 'claim "{{claim}}" is {{mismatch}}: set both iss and sub to the client ID.',
      subNotIss: 'claim "sub" is {{mismatch}} (sub must be the same value as iss): set both iss and sub to the client ID.',
    },
  },
  check(context) {
    if (!context.decoded) return;
    const { payload } = context.decoded;
    const { clientId } = context.settings;
    for (const claim of ['iss', 'sub'] as const) {
      const value = payload[claim];
      const pointer = `/payload/${claim}`;
      if (value === undefined) context.report({ pointer, messageId: 'missing', data: { claim } });
      else if (value !== clientId) {
        const data = { claim, mismatch: mismatch(value, clientId, 'the client ID') };
        context.report({ pointer, messageId: claim === 'sub' && payload.iss === clientId ? 'subNotIss' : 'mismatch', data });
      }
    }
  },
});
