import { jwtTypRule } from '../../../src/rules/auth/jwt-typ.js';
import { goodClaims, signToken } from '../../auth/helpers.js';
import { assertionTester } from '../../support/assertion-tester.js';

assertionTester.run(jwtTypRule, {
  valid: [{ name: 'typ JWT', input: { token: (k) => signToken(k.es384) } }],
  invalid: [
    {
      name: 'typ missing',
      input: { token: (k) => signToken(k.es384, goodClaims(), { typ: undefined }) },
      errors: [{ pointer: '/header/typ', messageId: 'missing' }],
    },
    {
      name: 'another typ',
      input: { token: (k) => signToken(k.es384, goodClaims(), { typ: 'at+jwt' }) },
      errors: [{ pointer: '/header/typ', messageId: 'wrong', data: { typ: '"at+jwt"' } }],
    },
  ],
});
