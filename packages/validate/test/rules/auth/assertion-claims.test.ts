import { assertionClaimsRule } from '../../../src/rules/auth/assertion-claims.js';
import { example, patched, payloadTester } from '../../support/payload-tester.js';

const KIND = 'auth/ClientAssertionClaims' as const;
const claims = example('auth-clientassertionclaims');
const iat = Number(claims.iat);

payloadTester.run(assertionClaimsRule, {
  valid: [
    { name: 'the example: sub = iss, a 300 s lifetime', input: { payload: claims, kind: KIND } },
    {
      name: 'a shorter lifetime',
      input: { payload: patched('auth-clientassertionclaims', [{ op: 'replace', path: '/exp', value: iat + 60 }]), kind: KIND },
    },
  ],
  invalid: [
    {
      name: 'sub naming another client',
      input: { payload: patched('auth-clientassertionclaims', [{ op: 'replace', path: '/sub', value: 'another-client' }]), kind: KIND },
      errors: [{ pointer: '/sub', messageId: 'subNotIss', data: { sub: '"another-client"', iss: JSON.stringify(claims.iss) } }],
    },
    {
      name: 'a lifetime over 300 s',
      input: { payload: patched('auth-clientassertionclaims', [{ op: 'replace', path: '/exp', value: iat + 301 }]), kind: KIND },
      errors: [{ pointer: '/exp', messageId: 'tooLong', data: { lifetime: '301', max: 300 } }],
    },
    {
      // exp - iat in floating point is 300.2999999523163: shown as the timing messages show seconds.
      name: 'a fractional lifetime just over 300 s',
      input: { payload: patched('auth-clientassertionclaims', [{ op: 'replace', path: '/exp', value: iat + 300.3 }]), kind: KIND },
      errors: [{ pointer: '/exp', messageId: 'tooLong', data: { lifetime: '300.3', max: 300 } }],
    },
    {
      name: 'exp not after iat',
      input: { payload: patched('auth-clientassertionclaims', [{ op: 'replace', path: '/exp', value: iat }]), kind: KIND },
      errors: [{ pointer: '/exp', messageId: 'notAfter' }],
    },
  ],
});
