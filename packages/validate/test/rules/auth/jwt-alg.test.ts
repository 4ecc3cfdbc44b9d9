import { generateKeyPair, generateSecret, SignJWT } from 'jose';
import { jwtAlgRule } from '../../../src/rules/auth/jwt-alg.js';
import { b64json, goodClaims, signToken } from '../../auth/helpers.js';
import { assertionTester } from '../../support/assertion-tester.js';

const ALLOWED = 'RS384, RS512, ES384, ES512';

assertionTester.run(jwtAlgRule, {
  valid: [
    { name: 'ES384', input: { token: (k) => signToken(k.es384) } },
    { name: 'RS384', input: { token: (k) => signToken(k.rs384) } },
  ],
  invalid: [
    {
      name: 'alg missing',
      input: { token: (k) => `${b64json({ typ: 'JWT', kid: k.es384.kid })}.${b64json(goodClaims())}.c2ln` },
      errors: [{ pointer: '/header/alg', messageId: 'missing', data: { allowed: ALLOWED } }],
    },
    {
      name: 'alg none, unsigned',
      input: { token: (k) => `${b64json({ alg: 'none', typ: 'JWT', kid: k.es384.kid })}.${b64json(goodClaims())}.` },
      errors: [{ pointer: '/header/alg', messageId: 'none', data: { alg: '"none"', allowed: ALLOWED } }],
    },
    {
      name: 'HS256, a shared-secret MAC (and no signature finding on top)',
      input: {
        token: async (k) => new SignJWT(goodClaims()).setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: k.es384.kid }).sign(await generateSecret('HS256')),
      },
      errors: [{ pointer: '/header/alg', messageId: 'hmac', data: { alg: '"HS256"', allowed: ALLOWED } }],
    },
    {
      name: 'RS256, a real signature outside the set',
      input: {
        token: async (k) =>
          signToken({ ...k.rs384, privateKey: (await generateKeyPair('RS256', { modulusLength: 2048 })).privateKey }, goodClaims(), { alg: 'RS256' }),
      },
      errors: [{ pointer: '/header/alg', messageId: 'notAllowed', data: { alg: '"RS256"', allowed: ALLOWED } }],
    },
  ],
});
