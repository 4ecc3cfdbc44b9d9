import { jwtMalformedRule } from '../../../src/rules/auth/jwt-malformed.js';
import { b64json, goodClaims, signToken } from '../../auth/helpers.js';
import { assertionTester } from '../../support/assertion-tester.js';

const header = b64json({ alg: 'ES384', typ: 'JWT', kid: 'kid-es384' });
const payload = b64json(goodClaims());

assertionTester.run(jwtMalformedRule, {
  valid: [
    { name: 'a compact JWS', input: { token: (k) => signToken(k.es384) } },
    {
      name: 'an empty signature is alg none’s, which jwt-alg explains',
      input: { token: () => `${b64json({ alg: 'none', typ: 'JWT', kid: 'k' })}.${payload}.` },
    },
  ],
  invalid: [
    { name: 'not a string (a JavaScript caller)', input: { token: () => 42 }, errors: [{ pointer: '', messageId: 'notString', data: { type: 'number' } }] },
    { name: 'empty', input: { token: () => '' }, errors: [{ pointer: '', messageId: 'empty' }] },
    { name: 'with a trailing newline', input: { token: (k) => signToken(k.es384).then((t) => `${t}\n`) }, errors: [{ pointer: '', messageId: 'whitespace' }] },
    { name: 'five parts: an encrypted JWE', input: { token: () => 'a.b.c.d.e' }, errors: [{ pointer: '', messageId: 'jwe' }] },
    { name: 'two parts', input: { token: () => `${header}.${payload}` }, errors: [{ pointer: '', messageId: 'parts', data: { count: '2 parts' } }] },
    { name: 'one part', input: { token: () => header }, errors: [{ pointer: '', messageId: 'parts', data: { count: '1 part' } }] },
    {
      name: 'padding in a part',
      input: { token: () => `${header}=.${payload}.c2ln` },
      errors: [{ pointer: '', messageId: 'notBase64url', data: { part: 'header' } }],
    },
    { name: 'no header', input: { token: () => `.${payload}.c2ln` }, errors: [{ pointer: '', messageId: 'emptyHeader' }] },
    { name: 'no payload', input: { token: () => `${header}..c2ln` }, errors: [{ pointer: '', messageId: 'emptyPayload' }] },
    {
      name: 'a header that is not JSON',
      input: { token: () => `${Buffer.from('not json').toString('base64url')}.${payload}.c2ln` },
      errors: [{ pointer: '', messageId: 'header' }],
    },
    {
      name: 'a payload that is not JSON',
      input: { token: () => `${header}.${Buffer.from('not json').toString('base64url')}.c2ln` },
      errors: [{ pointer: '', messageId: 'payload' }],
    },
    {
      // (A b64 or crit header jose would also refuse is jwt-crit's, and is not verified at all.)
      name: 'a JWS jose cannot process (a one-character signature is not base64url of any bytes)',
      input: { token: () => `${header}.${payload}.A` },
      errors: [{ pointer: '', messageId: 'unprocessable', message: /^the JWS cannot be processed: / }],
    },
  ],
});
