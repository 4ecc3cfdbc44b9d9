import { FlattenedSign } from 'jose';
import { jwtCritRule } from '../../../src/rules/auth/jwt-crit.js';
import { b64json, goodClaims, signToken, type TestKey } from '../../auth/helpers.js';
import { assertionTester } from '../../support/assertion-tester.js';

const unverified = () => ({ jwks: undefined, skipSignature: true });

/**
 * An RFC 7797 token whose payload part is still base64url text, so its signing input is an
 * ordinary JWS's: jose's compactVerify accepts it, its jwtVerify (what a service runs) refuses it.
 */
async function unencoded(key: TestKey): Promise<string> {
  const payload = b64json(goodClaims());
  const header = { alg: key.alg, typ: 'JWT', kid: key.kid, b64: false, crit: ['b64'] };
  const jws = await new FlattenedSign(new TextEncoder().encode(payload)).setProtectedHeader(header).sign(key.privateKey);
  return `${jws.protected}.${payload}.${jws.signature}`;
}

/** jose will not sign with an extension it does not know: put together by hand, never verified. */
const byHand = (header: Record<string, unknown>) => `${b64json({ alg: 'ES384', typ: 'JWT', kid: 'kid-es384', ...header })}.${b64json(goodClaims())}.c2ln`;

assertionTester.run(jwtCritRule, {
  valid: [
    { name: 'no crit, no b64', input: { token: (k) => signToken(k.es384) } },
    { name: 'b64 true (an encoded payload, the default)', input: { token: () => byHand({ b64: true }), options: unverified } },
  ],
  invalid: [
    {
      name: 'an unencoded payload (b64 false, named in crit) whose signature verifies',
      input: { token: (k) => unencoded(k.es384) },
      errors: [
        { pointer: '/header/crit', messageId: 'crit', data: { crit: 'an array of 1' } },
        { pointer: '/header/b64', messageId: 'b64', data: { b64: 'false' } },
      ],
    },
    {
      name: 'an extension the service does not run, signature not verified (skipSignature)',
      input: { token: () => byHand({ crit: ['x-ext'], 'x-ext': 1 }), options: unverified },
      errors: [{ pointer: '/header/crit', messageId: 'crit', data: { crit: 'an array of 1' } }],
    },
    {
      name: 'b64 false without crit',
      input: { token: () => byHand({ b64: false }), options: unverified },
      errors: [{ pointer: '/header/b64', messageId: 'b64', data: { b64: 'false' } }],
    },
  ],
});
