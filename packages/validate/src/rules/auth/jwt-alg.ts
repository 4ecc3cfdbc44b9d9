import { quote } from '../../finding.js';
import { ALLOWED_ALGS, isAllowedAlg } from '../../auth/service.js';
import { createRule } from '../create-rule.js';
import { ASSERTION } from '../scopes.js';

const ALG_LIST = ALLOWED_ALGS.join(', ');

/** Header alg: RS384, RS512, ES384 or ES512; never none, never a shared-secret MAC. */
export const jwtAlgRule = createRule({
  scope: ASSERTION,
  meta: {
    id: 'jwt-alg',
    after: ['jwt-malformed'],
    severity: 'error',
    description: 'Header alg must be RS384, RS512, ES384 or ES512 (no HMAC such as HS256, never none).',
    messages: {
      missing: 'header "alg" is missing: set it to one of {{allowed}}.',
      none: 'header "alg" is {{alg}}: unsigned JWTs are refused; sign with {{allowed}}.',
      hmac: 'header "alg" is {{alg}}, a shared-secret MAC: the service verifies with your public key, so sign with a private key using {{allowed}}.',
      notAllowed: 'header "alg" is {{alg}}: the service accepts only {{allowed}}.',
    },
  },
  check(context) {
    if (!context.decoded) return;
    const { alg } = context.decoded.header;
    if (isAllowedAlg(alg)) return;
    const pointer = '/header/alg';
    const data = { alg: quote(alg), allowed: ALG_LIST };
    if (alg === undefined) context.report({ pointer, messageId: 'missing', data });
    else if (typeof alg === 'string' && alg.toLowerCase() === 'none') context.report({ pointer, messageId: 'none', data });
    else if (typeof alg === 'string' && /^HS\d+$/i.test(alg)) context.report({ pointer, messageId: 'hmac', data });
    else context.report({ pointer, messageId: 'notAllowed', data });
  },
});
