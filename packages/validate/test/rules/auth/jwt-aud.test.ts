import { jwtAudRule } from '../../../src/rules/auth/jwt-aud.js';
import { BASE_URL, goodClaims, signToken, TOKEN_URL } from '../../auth/helpers.js';
import { assertionTester } from '../../support/assertion-tester.js';

const expected = JSON.stringify(TOKEN_URL);

assertionTester.run(jwtAudRule, {
  valid: [
    { name: 'the token URL', input: { token: (k) => signToken(k.es384) } },
    {
      name: 'the token URL, checked against tokenUrl instead of baseUrl',
      input: { token: (k) => signToken(k.es384), options: () => ({ baseUrl: undefined, tokenUrl: TOKEN_URL }) },
    },
  ],
  invalid: [
    {
      name: 'aud missing',
      input: { token: (k) => signToken(k.es384, goodClaims({ aud: undefined })) },
      errors: [{ pointer: '/payload/aud', messageId: 'missing', data: { expected } }],
    },
    {
      name: 'an array',
      input: { token: (k) => signToken(k.es384, goodClaims({ aud: [TOKEN_URL] })) },
      errors: [{ pointer: '/payload/aud', messageId: 'array', data: { expected } }],
    },
    {
      name: 'a trailing slash',
      input: { token: (k) => signToken(k.es384, goodClaims({ aud: `${TOKEN_URL}/` })) },
      errors: [{ pointer: '/payload/aud', messageId: 'trailingSlash', data: { expected } }],
    },
    {
      name: 'another endpoint',
      input: { token: (k) => signToken(k.es384, goodClaims({ aud: `${BASE_URL}/auth/authenticate` })) },
      errors: [
        {
          pointer: '/payload/aud',
          messageId: 'mismatch',
          message:
            /^claim "aud" is "https:\/\/api\.cdx\.example\/auth\/authenticate" but must be "https:\/\/api\.cdx\.example\/v2\/auth\/token": the service's token endpoint, its base address followed by \/v2\/auth\/token, exactly\.$/,
        },
      ],
    },
    {
      name: 'a long value that is no URL: shown by its two ends, with where it first differs',
      input: { token: (k) => signToken(k.es384, goodClaims({ aud: TOKEN_URL.replace('https://', 'https:').padEnd(300, 'x') })) },
      errors: [
        {
          pointer: '/payload/aud',
          messageId: 'mismatch',
          message: /^claim "aud" is "https:api\.cdx\.example.*…x+" \(300 characters\) but must be ".*" \(first difference at character 7\)/,
        },
      ],
    },
  ],
});
