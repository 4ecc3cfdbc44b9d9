import { MAX_JTI_LENGTH } from '../../auth/service.js';
import { quoteId } from '../../finding.js';
import { createRule } from '../create-rule.js';
import { ASSERTION } from '../scopes.js';

/**
 * Claim jti is a nonce never reused within the JWT's lifetime. With a replay store, the jti of an
 * assertion the service would otherwise accept is remembered for the whole window in which the
 * token could be accepted; a rejected token cannot burn jtis, nor can an unverified one
 * (skipSignature: anyone could otherwise use up a legitimate jti). A jti is at most MAX_JTI_LENGTH
 * characters, which bounds what the store keeps per entry. Runs after every other assertion rule
 * (`meta.after`), since it remembers only when none of them reported.
 */
export const jwtJtiRule = createRule({
  scope: ASSERTION,
  meta: {
    id: 'jwt-jti',
    // It remembers a jti only when no other rule reported (`reported()`).
    after: ['*'],
    severity: 'error',
    description: 'Claim jti is required, at most 255 characters, and must not be reused within the lifetime of the JWT.',
    messages: {
      missing: 'claim "jti" is missing: set a nonce unique per JWT, e.g. crypto.randomUUID().',
      invalid: 'claim "jti" is {{jti}}: set a nonce unique per JWT, e.g. crypto.randomUUID().',
      tooLong: 'claim "jti" is {{length}} characters long; at most {{max}} are accepted: use a short nonce, e.g. crypto.randomUUID().',
      reused:
        'claim "jti" {{jti}} was already used by an assertion that is still within its lifetime: use a fresh jti (e.g. crypto.randomUUID()) for every assertion.',
    },
  },
  async check(context) {
    if (!context.decoded) return;
    const { jti, exp, iss } = context.decoded.payload;
    const pointer = '/payload/jti';
    if (typeof jti !== 'string' || jti === '') {
      context.report({ pointer, ...(jti === undefined ? { messageId: 'missing' } : { messageId: 'invalid', data: { jti: quoteId(jti) } }) });
      return;
    }
    if (jti.length > MAX_JTI_LENGTH) {
      context.report({ pointer, messageId: 'tooLong', data: { length: jti.length, max: MAX_JTI_LENGTH } });
      return;
    }
    const { replayStore, source, toleranceSec } = context.settings;
    if (!replayStore || !source || context.reported() > 0 || typeof exp !== 'number') return;
    // Keyed by issuer too: a jti is unique only per issuer (RFC 7519 §4.1.7).
    const first = await replayStore.checkAndRemember(jti, (exp + toleranceSec) * 1000, typeof iss === 'string' ? iss : '');
    if (!first) context.report({ pointer, messageId: 'reused', data: { jti: quoteId(jti) } });
  },
});
