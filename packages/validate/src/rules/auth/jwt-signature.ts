import { quote, quoteId } from '../../finding.js';
import { createRule } from '../create-rule.js';
import { ASSERTION } from '../scopes.js';

/**
 * The signature verifies with the public key for the header's kid (auth/check-signature.ts runs
 * jose's compactVerify against the given key, local JWK set or resolver; nothing is fetched).
 * Only the signature is judged here; claims are checked by their own rules, so every problem is
 * reported.
 */
export const jwtSignatureRule = createRule({
  scope: ASSERTION,
  meta: {
    id: 'jwt-signature',
    after: ['jwt-iat'],
    severity: 'error',
    description: 'The signature must verify with the public key named by kid.',
    messages: {
      mismatch:
        'the signature does not verify with the public key for kid {{kid}}: sign with the private key whose public key is registered under that kid (any change to the header or payload after signing also breaks it).',
      noKey: 'no key in the JWK set matches kid {{kid}} and alg {{alg}}: set kid to the id of a registered key, or register the public key.',
      severalKeys: 'several keys in the JWK set match kid {{kid}}: give every key in the set a unique kid.',
      unusableKey: 'the key for kid {{kid}} cannot verify alg {{alg}}: {{reason}}. Use the public key of the pair that signed the JWT.',
    },
  },
  async check(context) {
    if (!context.decoded) return;
    const verification = await context.verification();
    // Not a signature finding: jwt-malformed reports a JWS jose cannot process at all.
    if (!verification || verification.ok || verification.code === 'ERR_JWS_INVALID') return;
    const { kid, alg } = context.decoded.header;
    const data = { kid: quoteId(kid), alg: quote(alg), reason: verification.reason };
    switch (verification.code) {
      case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED':
        context.report({ pointer: '', messageId: 'mismatch', data });
        break;
      case 'ERR_JWKS_NO_MATCHING_KEY':
        context.report({ pointer: '', messageId: 'noKey', data });
        break;
      case 'ERR_JWKS_MULTIPLE_MATCHING_KEYS':
        context.report({ pointer: '', messageId: 'severalKeys', data });
        break;
      default:
        context.report({ pointer: '', messageId: 'unusableKey', data });
    }
  },
});
