import { jwtIatRule } from '../../../src/rules/auth/jwt-iat.js';
import { goodClaims, NOW_SEC, signToken } from '../../auth/helpers.js';
import { assertionTester } from '../../support/assertion-tester.js';

const iat = (value: unknown, exp: unknown = NOW_SEC + 300) => ({
  token: (k: { es384: Parameters<typeof signToken>[0] }) => signToken(k.es384, goodClaims({ iat: value, exp })),
});

assertionTester.run(jwtIatRule, {
  valid: [
    { name: 'now, five minutes before exp', input: iat(NOW_SEC) },
    { name: 'not judged against an exp that is not a time (jwt-exp reports that)', input: iat(NOW_SEC, 'later') },
    { name: 'ahead of now by no more than clockToleranceSec', input: { ...iat(NOW_SEC + 30, NOW_SEC + 300), options: () => ({ clockToleranceSec: 30 }) } },
  ],
  invalid: [
    { name: 'missing', input: iat(undefined), errors: [{ pointer: '/payload/iat', messageId: 'missing', data: { max: 300 } }] },
    { name: 'a string', input: iat('now'), errors: [{ pointer: '/payload/iat', messageId: 'notNumber', data: { value: '"now"', max: 300 } }] },
    { name: 'in milliseconds', input: iat(NOW_SEC * 1000), errors: [{ pointer: '/payload/iat', messageId: 'milliseconds' }] },
    { name: 'negative', input: iat(-5), errors: [{ pointer: '/payload/iat', messageId: 'notWhole', data: { value: '-5', max: 300 } }] },
    { name: 'after exp', input: iat(NOW_SEC - 10, NOW_SEC - 11), errors: [{ pointer: '/payload/iat', messageId: 'afterExp', data: { seconds: '1' } }] },
    {
      name: "in the future (the signer's clock is ahead)",
      input: iat(NOW_SEC + 60, NOW_SEC + 300),
      errors: [{ pointer: '/payload/iat', messageId: 'future', data: { time: new Date((NOW_SEC + 60) * 1000).toISOString(), seconds: '59.75' } }],
    },
    {
      // Rounded, 0.3 s would read "0 s in the future".
      name: 'a fraction of a second in the future: the number shown is not 0',
      input: { ...iat(NOW_SEC + 1, NOW_SEC + 300), options: () => ({ now: () => (NOW_SEC + 0.7) * 1000 }) },
      errors: [
        {
          pointer: '/payload/iat',
          messageId: 'future',
          message: `claim "iat" is ${new Date((NOW_SEC + 1) * 1000).toISOString()}, 0.3 s in the future: iat is the creation time; set it to the current time (check the signer's clock).`,
        },
      ],
    },
    {
      name: 'six minutes before exp',
      input: iat(NOW_SEC - 120, NOW_SEC + 240),
      errors: [{ pointer: '/payload/iat', messageId: 'tooLong', data: { seconds: '360', max: 300 } }],
    },
  ],
});
