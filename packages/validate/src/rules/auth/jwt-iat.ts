import { quote } from '../../finding.js';
import { MAX_ASSERTION_LIFETIME_SEC as MAX } from '../../auth/service.js';
import { createRule } from '../create-rule.js';
import { ASSERTION } from '../scopes.js';
import { isoTime, numericDateProblem, shownSeconds } from './mismatch.js';

/**
 * Claim iat: a whole number of seconds, not in the future (beyond the clock tolerance, as for
 * exp), not after exp, at most five minutes before it.
 */
export const jwtIatRule = createRule({
  scope: ASSERTION,
  meta: {
    id: 'jwt-iat',
    after: ['jwt-exp'],
    severity: 'error',
    description: 'Claim iat is required, a whole number of seconds, not in the future, not after exp and at most 5 minutes before it.',
    messages: {
      missing: 'claim "iat" is missing; iat is the creation time, at most {{max}} s before exp.',
      notNumber: 'claim "iat" is {{value}}, not a number of seconds since the epoch; iat is the creation time, at most {{max}} s before exp.',
      milliseconds: 'claim "iat" is {{value}}, which looks like milliseconds: divide by 1000; iat is the creation time, at most {{max}} s before exp.',
      notWhole: 'claim "iat" is {{value}}: it must be a whole number of seconds since the epoch; iat is the creation time, at most {{max}} s before exp.',
      future: 'claim "iat" is {{time}}, {{seconds}} s in the future: iat is the creation time; set it to the current time (check the signer\'s clock).',
      afterExp: 'claim "iat" is after "exp" by {{seconds}} s: iat is the creation time and must come first.',
      tooLong: 'claim "iat" is {{seconds}} s before "exp"; the service allows at most {{max}} s: shorten the lifetime to {{max}} s or less.',
    },
  },
  check(context) {
    if (!context.decoded) return;
    const { iat, exp } = context.decoded.payload;
    const pointer = '/payload/iat';
    const problem = numericDateProblem(iat);
    if (problem) {
      context.report({ pointer, messageId: problem, data: { value: quote(iat), max: MAX } });
      return;
    }
    // A creation time cannot be ahead of the clock; beyond the tolerance, one of the clocks is wrong.
    const { nowSec, toleranceSec } = context.settings;
    if (typeof iat === 'number' && iat > nowSec + toleranceSec) {
      context.report({ pointer, messageId: 'future', data: { time: isoTime(iat), seconds: shownSeconds(iat - nowSec) } });
      return;
    }
    // Against exp only when exp itself is a usable time (jwt-exp reports it otherwise).
    if (typeof iat !== 'number' || numericDateProblem(exp) !== undefined) return;
    const exp_ = exp as number;
    if (iat > exp_) context.report({ pointer, messageId: 'afterExp', data: { seconds: shownSeconds(iat - exp_) } });
    else if (exp_ - iat > MAX) context.report({ pointer, messageId: 'tooLong', data: { seconds: shownSeconds(exp_ - iat), max: MAX } });
  },
});
