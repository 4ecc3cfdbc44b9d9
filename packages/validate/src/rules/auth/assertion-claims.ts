import { quote } from '../../finding.js';
import { MAX_ASSERTION_LIFETIME_SEC } from '../../auth/service.js';
import { createRule } from '../create-rule.js';
import { PAYLOAD } from '../scopes.js';
import { shownSeconds } from './mismatch.js';

/**
 * The claims of a client assertion, checked as a payload (kind auth/ClientAssertionClaims, a fixture
 * or the object a client builds before signing), get what the JWT checker says of the same claims
 * that does not depend on the clock: "iss … sub: the client ID" (the same value), and "exp … at
 * most 5 minutes" after iat. Whether it has expired depends on when it is sent: only the JWT
 * checker, with a clock, says so.
 */
export const assertionClaimsRule = createRule({
  scope: PAYLOAD,
  meta: {
    id: 'assertion-claims',
    severity: 'error',
    description: 'Client assertion claims: sub is the same value as iss, and exp is at most 300 s after iat.',
    messages: {
      subNotIss: 'claim "sub" is {{sub}} but "iss" is {{iss}}: set both iss and sub to the client ID.',
      tooLong: 'claim "exp" is {{lifetime}} s after "iat"; the service allows at most {{max}} s: set exp to iat + {{max}} or less.',
      notAfter: 'claim "exp" is not after "iat" ({{lifetime}} s): set exp to iat plus the lifetime, at most {{max}} s.',
    },
  },
  appliesTo: (kind) => kind.id === 'auth/ClientAssertionClaims',
  check(context) {
    const claims = context.payload;
    if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) return;
    const { iss, sub, iat, exp } = claims as Record<string, unknown>;
    // An empty iss or sub is the schema's to report.
    if (typeof iss === 'string' && typeof sub === 'string' && iss !== '' && sub !== '' && iss !== sub) {
      context.report({ pointer: '/sub', messageId: 'subNotIss', data: { sub: quote(sub), iss: quote(iss) } });
    }
    if (typeof iat !== 'number' || typeof exp !== 'number' || !Number.isFinite(iat) || !Number.isFinite(exp)) return;
    const lifetime = exp - iat;
    const data = { lifetime: shownSeconds(lifetime), max: MAX_ASSERTION_LIFETIME_SEC };
    if (lifetime <= 0) context.report({ pointer: '/exp', messageId: 'notAfter', data });
    else if (lifetime > MAX_ASSERTION_LIFETIME_SEC) context.report({ pointer: '/exp', messageId: 'tooLong', data });
  },
});
