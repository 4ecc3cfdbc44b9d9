import { quote } from '../../finding.js';
import { createRule } from '../create-rule.js';
import { ASSERTION } from '../scopes.js';

/**
 * No JWS extension. The service runs none: RFC 7515 makes a recipient refuse a token whose crit
 * lists one it does not process, and jose's jwtVerify refuses an unencoded payload (RFC 7797
 * b64: false) even though its compactVerify accepts one. Checked whether or not the signature is
 * (auth/check.ts then does not verify the token: auth/service.ts `declaresExtension`).
 */
export const jwtCritRule = createRule({
  scope: ASSERTION,
  meta: {
    id: 'jwt-crit',
    after: ['jwt-typ'],
    severity: 'error',
    description: 'Header crit and b64 are refused: the service processes no JWS extension (RFC 7515 crit, RFC 7797 unencoded payload).',
    messages: {
      crit: 'header "crit" is {{crit}}: the service processes no JWS extension and refuses a token that declares one; remove crit.',
      b64: 'header "b64" is {{b64}}: a JWT\'s payload must be base64url-encoded JSON (RFC 7797 unencoded payloads are refused); remove b64.',
    },
  },
  check(context) {
    if (!context.decoded) return;
    const { crit, b64 } = context.decoded.header;
    if (crit !== undefined) context.report({ pointer: '/header/crit', messageId: 'crit', data: { crit: quote(crit) } });
    if (b64 !== undefined && b64 !== true) context.report({ pointer: '/header/b64', messageId: 'b64', data: { b64: quote(b64) } });
  },
});
