import { quote } from '../../finding.js';
import { MAX_ASSERTION_LIFETIME_SEC as MAX } from '../../auth/service.js';
import { createRule } from '../create-rule.js';
import { ASSERTION } from '../scopes.js';
import { isoTime, numericDateProblem, shownSeconds } from './mismatch.js';

/** Claim exp: a whole number of seconds, not past, at most five minutes ahead (with the clock tolerance). */
export const jwtExpRule = createRule({
  scope: ASSERTION,
  meta: {
    id: 'jwt-exp',
    after: ['jwt-aud'],
    severity: 'error',
    description: 'Claim exp is required, a whole number of seconds, not in the past and at most 5 minutes in the future.',
    messages: {
      missing: 'claim "exp" is missing; exp must be at most {{max}} s after iat and after now.',
      notNumber: 'claim "exp" is {{value}}, not a number of seconds since the epoch; exp must be at most {{max}} s after iat and after now.',
      milliseconds: 'claim "exp" is {{value}}, which looks like milliseconds: divide by 1000; exp must be at most {{max}} s after iat and after now.',
      notWhole: 'claim "exp" is {{value}}: it must be a whole number of seconds since the epoch; exp must be at most {{max}} s after iat and after now.',
      expired: 'the JWT expired at {{time}} ({{ago}} s ago): build a fresh assertion for each token request.',
      tooFar: 'claim "exp" is {{ahead}} s in the future; the service allows at most {{max}} s: set exp to iat + {{max}} or less.',
    },
  },
  check(context) {
    if (!context.decoded) return;
    const { exp } = context.decoded.payload;
    const pointer = '/payload/exp';
    const problem = numericDateProblem(exp);
    if (problem) {
      context.report({ pointer, messageId: problem, data: { value: quote(exp), max: MAX } });
      return;
    }
    const { nowSec, toleranceSec } = context.settings;
    const ahead = (exp as number) - nowSec;
    if (ahead <= -toleranceSec) context.report({ pointer, messageId: 'expired', data: { time: isoTime(exp as number), ago: shownSeconds(-ahead) } });
    else if (ahead > MAX + toleranceSec) context.report({ pointer, messageId: 'tooFar', data: { ahead: shownSeconds(ahead), max: MAX } });
  },
});
