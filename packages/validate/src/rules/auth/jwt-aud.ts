import { createRule } from '../create-rule.js';
import { ASSERTION } from '../scopes.js';
import { mismatch } from './mismatch.js';

/** Claim aud is exactly `{base_url}/v2/auth/token`. */
export const jwtAudRule = createRule({
  scope: ASSERTION,
  meta: {
    id: 'jwt-aud',
    after: ['jwt-iss-sub'],
    severity: 'error',
    description: 'Claim aud must be exactly {base_url}/v2/auth/token: one string, no trailing slash.',
    messages: {
      missing: 'claim "aud" is missing: set it to {{expected}} exactly.',
      array: 'claim "aud" is an array: the service needs the single string {{expected}}.',
      trailingSlash: 'claim "aud" has a trailing slash: remove it; the service requires {{expected}} exactly.',
      mismatch: 'claim "aud" is {{mismatch}}: the service\'s token endpoint, its base address followed by /v2/auth/token, exactly.',
    },
  },
  check(context) {
    if (!context.decoded) return;
    const { aud } = context.decoded.payload;
    const expected = context.settings.audience;
    if (aud === expected) return;
    const pointer = '/payload/aud';
    const data = { expected: JSON.stringify(expected) };
    if (aud === undefined) context.report({ pointer, messageId: 'missing', data });
    else if (Array.isArray(aud)) context.report({ pointer, messageId: 'array', data });
    else if (aud === `${expected}/`) context.report({ pointer, messageId: 'trailingSlash', data });
    else context.report({ pointer, messageId: 'mismatch', data: { mismatch: mismatch(aud, expected) } });
  },
});
