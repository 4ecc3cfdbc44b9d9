import { jwtExpRule } from '../../../src/rules/auth/jwt-exp.js';
import { goodClaims, NOW_SEC, signToken } from '../../auth/helpers.js';
import { assertionTester } from '../../support/assertion-tester.js';

const exp = (value: unknown, iat: unknown = NOW_SEC) => ({
  token: (k: { es384: Parameters<typeof signToken>[0] }) => signToken(k.es384, goodClaims({ exp: value, iat })),
});

assertionTester.run(jwtExpRule, {
  valid: [
    { name: 'five minutes ahead', input: exp(NOW_SEC + 300) },
    { name: 'slightly too far ahead, within the clock tolerance', input: { ...exp(NOW_SEC + 320, NOW_SEC + 20), options: () => ({ clockToleranceSec: 30 }) } },
    { name: 'just expired, within the clock tolerance', input: { ...exp(NOW_SEC - 10, NOW_SEC - 290), options: () => ({ clockToleranceSec: 30 }) } },
  ],
  invalid: [
    { name: 'missing', input: exp(undefined), errors: [{ pointer: '/payload/exp', messageId: 'missing', data: { max: 300 } }] },
    { name: 'a string', input: exp('soon'), errors: [{ pointer: '/payload/exp', messageId: 'notNumber', data: { value: '"soon"', max: 300 } }] },
    {
      name: 'in milliseconds',
      input: exp((NOW_SEC + 300) * 1000),
      errors: [{ pointer: '/payload/exp', messageId: 'milliseconds', data: { value: String((NOW_SEC + 300) * 1000), max: 300 } }],
    },
    { name: 'fractional', input: exp(NOW_SEC + 0.5), errors: [{ pointer: '/payload/exp', messageId: 'notWhole' }] },
    {
      name: 'expired',
      input: exp(NOW_SEC - 100, NOW_SEC - 400),
      errors: [{ pointer: '/payload/exp', messageId: 'expired', data: { time: new Date((NOW_SEC - 100) * 1000).toISOString(), ago: 100 } }],
    },
    {
      name: 'six minutes ahead',
      input: exp(NOW_SEC + 360, NOW_SEC + 60),
      errors: [{ pointer: '/payload/exp', messageId: 'tooFar', data: { ahead: 360, max: 300 } }],
    },
  ],
});
