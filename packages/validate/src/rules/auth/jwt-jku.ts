import { quoteId } from '../../finding.js';
import { createRule } from '../create-rule.js';
import { ASSERTION } from '../scopes.js';
import { mismatch } from './mismatch.js';

/** A header jku is never fetched: it must be the JWKS URL saved in the dashboard (option jku). */
export const jwtJkuRule = createRule({
  scope: ASSERTION,
  meta: {
    id: 'jwt-jku',
    after: ['jwt-crit'],
    severity: 'error',
    description: 'Header jku, when present, must equal the JWKS URL saved in the dashboard.',
    messages: {
      notSaved: 'header "jku" is {{jku}} but no JWKS URL is saved: remove jku, or save the URL in the dashboard (and pass it as the jku option).',
      mismatch: 'header "jku" is {{mismatch}}: use the saved URL exactly, or omit jku.',
    },
  },
  check(context) {
    if (!context.decoded) return;
    const { jku } = context.decoded.header;
    const saved = context.settings.jku;
    if (jku === undefined || jku === saved) return;
    if (saved === undefined) context.report({ pointer: '/header/jku', messageId: 'notSaved', data: { jku: quoteId(jku) } });
    else context.report({ pointer: '/header/jku', messageId: 'mismatch', data: { mismatch: mismatch(jku, saved, 'the saved JWKS URL') } });
  },
});
