import { jwtIssSubRule } from '../../../src/rules/auth/jwt-iss-sub.js';
import { CLIENT_ID, goodClaims, signToken } from '../../auth/helpers.js';
import { assertionTester } from '../../support/assertion-tester.js';

assertionTester.run(jwtIssSubRule, {
  valid: [{ name: 'both the client ID', input: { token: (k) => signToken(k.es384) } }],
  invalid: [
    {
      name: 'iss missing',
      input: { token: (k) => signToken(k.es384, goodClaims({ iss: undefined })) },
      errors: [{ pointer: '/payload/iss', messageId: 'missing', data: { claim: 'iss' } }],
    },
    {
      name: 'iss another client',
      input: { token: (k) => signToken(k.es384, goodClaims({ iss: 'someone-else', sub: 'someone-else' })) },
      errors: [
        { pointer: '/payload/iss', messageId: 'mismatch', data: { claim: 'iss', mismatch: `"someone-else" but must be the client ID "${CLIENT_ID}"` } },
        { pointer: '/payload/sub', messageId: 'mismatch', data: { claim: 'sub', mismatch: `"someone-else" but must be the client ID "${CLIENT_ID}"` } },
      ],
    },
    {
      name: 'sub other than iss',
      input: { token: (k) => signToken(k.es384, goodClaims({ sub: 'someone-else' })) },
      errors: [{ pointer: '/payload/sub', messageId: 'subNotIss', data: { mismatch: `"someone-else" but must be the client ID "${CLIENT_ID}"` } }],
    },
  ],
});
