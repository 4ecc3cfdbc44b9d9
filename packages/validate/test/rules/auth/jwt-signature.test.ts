import { jwtSignatureRule } from '../../../src/rules/auth/jwt-signature.js';
import { goodClaims, signToken } from '../../auth/helpers.js';
import { assertionTester } from '../../support/assertion-tester.js';

assertionTester.run(jwtSignatureRule, {
  valid: [
    { name: 'signed by the key for its kid', input: { token: (k) => signToken(k.es384) } },
    {
      name: 'a bad signature, explained without a key (skipSignature)',
      input: { token: (k) => signToken(k.impostor), options: () => ({ jwks: undefined, skipSignature: true }) },
    },
  ],
  invalid: [
    {
      name: 'signed by another key under the same kid',
      input: { token: (k) => signToken(k.impostor) },
      errors: [{ pointer: '', messageId: 'mismatch', data: { kid: '"kid-es384"' } }],
    },
    {
      name: 'a payload changed after signing',
      input: {
        token: async (k) =>
          (await signToken(k.es384))
            .split('.')
            .map((part, i) => (i === 1 ? Buffer.from(JSON.stringify(goodClaims({ sub: 'x', iss: 'x' }))).toString('base64url') : part))
            .join('.'),
      },
      errors: [{ pointer: '', messageId: 'mismatch' }],
    },
    {
      name: 'a kid no key in the set has',
      input: { token: (k) => signToken(k.es384, goodClaims(), { kid: 'unknown' }) },
      errors: [{ pointer: '', messageId: 'noKey', data: { kid: '"unknown"', alg: '"ES384"' } }],
    },
    {
      name: 'two keys in the set under one kid',
      input: { token: (k) => signToken(k.es384), options: (k) => ({ jwks: { keys: [k.es384.publicJwk, k.impostor.publicJwk] } }) },
      errors: [{ pointer: '', messageId: 'severalKeys', data: { kid: '"kid-es384"' } }],
    },
    {
      name: 'an RSA key for an EC token',
      input: { token: (k) => signToken(k.es384), options: (k) => ({ jwks: undefined, key: k.rs384.publicKey }) },
      errors: [
        {
          pointer: '',
          messageId: 'unusableKey',
          message: /^the key for kid "kid-es384" cannot verify alg "ES384": .*\. Use the public key of the pair that signed the JWT\.$/,
        },
      ],
    },
  ],
});
