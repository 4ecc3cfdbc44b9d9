import { MemoryReplayStore } from '../../../src/auth/index.js';
import { jwtJtiRule } from '../../../src/rules/auth/jwt-jti.js';
import { CLIENT_ID, goodClaims, now, signToken } from '../../auth/helpers.js';
import { assertionTester } from '../../support/assertion-tester.js';

/** A replay store that has already seen `jti` from the client the tokens below are from. */
function storeThatSaw(jti: string): MemoryReplayStore {
  const store = new MemoryReplayStore({ now });
  void store.checkAndRemember(jti, now() + 300_000, CLIENT_ID);
  return store;
}

assertionTester.run(jwtJtiRule, {
  valid: [
    { name: 'a jti, no replay store', input: { token: (k) => signToken(k.es384) } },
    { name: 'a fresh jti, with a replay store', input: { token: (k) => signToken(k.es384), options: () => ({ replayStore: new MemoryReplayStore({ now }) }) } },
    {
      name: 'a seen jti on a token rejected for another reason (not remembered, not reported)',
      input: { token: (k) => signToken(k.es384, goodClaims({ jti: 'seen', sub: 'x' })), options: () => ({ replayStore: storeThatSaw('seen') }) },
    },
    {
      name: 'a seen jti on a token not verified (skipSignature): the store is not used',
      input: {
        token: (k) => signToken(k.es384, goodClaims({ jti: 'seen' })),
        options: () => ({ jwks: undefined, skipSignature: true, replayStore: storeThatSaw('seen') }),
      },
    },
    { name: 'a jti of 255 characters', input: { token: (k) => signToken(k.es384, goodClaims({ jti: 'j'.repeat(255) })) } },
  ],
  invalid: [
    {
      name: 'missing',
      input: { token: (k) => signToken(k.es384, goodClaims({ jti: undefined })) },
      errors: [{ pointer: '/payload/jti', messageId: 'missing' }],
    },
    {
      name: 'a number',
      input: { token: (k) => signToken(k.es384, goodClaims({ jti: 7 })) },
      errors: [{ pointer: '/payload/jti', messageId: 'invalid', data: { jti: '7' } }],
    },
    {
      name: 'a jti of 256 characters',
      input: { token: (k) => signToken(k.es384, goodClaims({ jti: 'j'.repeat(256) })) },
      errors: [{ pointer: '/payload/jti', messageId: 'tooLong', data: { length: 256, max: 255 } }],
    },
    {
      name: 'reused within its lifetime',
      input: { token: (k) => signToken(k.es384, goodClaims({ jti: 'seen' })), options: () => ({ replayStore: storeThatSaw('seen') }) },
      errors: [{ pointer: '/payload/jti', messageId: 'reused', data: { jti: '"seen"' } }],
    },
  ],
});
