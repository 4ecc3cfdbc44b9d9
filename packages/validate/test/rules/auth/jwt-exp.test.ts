import { jwtExpRule } from '../../../src/rules/auth/jwt-exp.js';
import { goodClaims, NOW_MS, NOW_SEC, signToken } from '../../auth/helpers.js';
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
      // The clock is 250 ms past NOW_SEC: the exact time is shown, never a rounded one.
      errors: [{ pointer: '/payload/exp', messageId: 'expired', data: { time: new Date((NOW_SEC - 100) * 1000).toISOString(), ago: '100.25' } }],
    },
    {
      name: 'six minutes ahead',
      input: exp(NOW_SEC + 360, NOW_SEC + 60),
      errors: [{ pointer: '/payload/exp', messageId: 'tooFar', data: { ahead: '359.75', max: 300 } }],
    },
    {
      // Rounded, 300.3 s would read "300 s in the future; the service allows at most 300 s".
      name: 'just over five minutes ahead: the number shown is over the limit too',
      input: { ...exp(NOW_SEC + 301, NOW_SEC + 1), options: () => ({ now: () => (NOW_SEC + 0.7) * 1000 }) },
      errors: [
        {
          pointer: '/payload/exp',
          messageId: 'tooFar',
          message: 'claim "exp" is 300.3 s in the future; the service allows at most 300 s: set exp to iat + 300 or less.',
        },
      ],
    },
    {
      name: 'expired a fraction of a second ago',
      input: { ...exp(NOW_SEC, NOW_SEC - 200), options: () => ({ now: () => NOW_MS }) },
      errors: [{ pointer: '/payload/exp', messageId: 'expired', data: { time: new Date(NOW_SEC * 1000).toISOString(), ago: '0.25' } }],
    },
  ],
});
