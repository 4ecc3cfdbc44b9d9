import { jwtKidRule } from '../../../src/rules/auth/jwt-kid.js';
import { goodClaims, signToken } from '../../auth/helpers.js';
import { assertionTester } from '../../support/assertion-tester.js';

assertionTester.run(jwtKidRule, {
  valid: [{ name: 'a kid', input: { token: (k) => signToken(k.es384) } }],
  invalid: [
    {
      name: 'kid missing (verified with the key itself)',
      input: { token: (k) => signToken(k.es384, goodClaims(), { kid: undefined }), options: (k) => ({ jwks: undefined, key: k.es384.publicKey }) },
      errors: [{ pointer: '/header/kid', messageId: 'missing' }],
    },
    {
      name: 'an empty kid',
      input: { token: (k) => signToken(k.es384, goodClaims(), { kid: '' }), options: (k) => ({ jwks: undefined, key: k.es384.publicKey }) },
      errors: [{ pointer: '/header/kid', messageId: 'invalid', data: { kid: '""' } }],
    },
  ],
});
