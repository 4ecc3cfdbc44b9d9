import { jwtJkuRule } from '../../../src/rules/auth/jwt-jku.js';
import { goodClaims, JKU, signToken } from '../../auth/helpers.js';
import { assertionTester } from '../../support/assertion-tester.js';

assertionTester.run(jwtJkuRule, {
  valid: [
    { name: 'no jku', input: { token: (k) => signToken(k.es384) } },
    { name: 'the saved JWKS URL', input: { token: (k) => signToken(k.es384, goodClaims(), { jku: JKU }), options: () => ({ jku: JKU }) } },
  ],
  invalid: [
    {
      name: 'a jku when none is saved',
      input: { token: (k) => signToken(k.es384, goodClaims(), { jku: JKU }) },
      errors: [{ pointer: '/header/jku', messageId: 'notSaved', data: { jku: JSON.stringify(JKU) } }],
    },
    {
      name: 'another jku than the saved one',
      input: { token: (k) => signToken(k.es384, goodClaims(), { jku: 'https://evil.example/jwks.json' }), options: () => ({ jku: JKU }) },
      errors: [
        { pointer: '/header/jku', messageId: 'mismatch', data: { mismatch: `"https://evil.example/jwks.json" but must be the saved JWKS URL "${JKU}"` } },
      ],
    },
  ],
});
