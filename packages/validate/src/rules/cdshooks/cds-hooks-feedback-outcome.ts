import { code, fieldPath } from '../../display.js';
import { CDS_DOCUMENTS } from '../../cdshooks/kinds.js';
import { asObject, objectsIn } from '../../cdshooks/parts.js';
import { createRule } from '../create-rule.js';
import { PAYLOAD } from '../scopes.js';

/**
 * What each outcome of a feedback entry carries (specification, "Feedback"): `acceptedSuggestions`
 * is "Required for `accepted` outcomes" (an error without them), and an `overrideReason` explains an
 * `overridden` card ("an entire card is either ignored or overridden" while its suggestions are
 * accepted). Accepted suggestions on an overridden card, or an override reason on an accepted one,
 * say two things at once, but the field table leaves both optional there ("CONDITIONAL indicates
 * that a particular item is either REQUIRED or OPTIONAL"; overrideReason OPTIONAL): valid CDS
 * Hooks, so a warning.
 */
export const cdsHooksFeedbackOutcomeRule = createRule({
  scope: PAYLOAD,
  meta: {
    id: 'cds-hooks-feedback-outcome',
    severity: 'error',
    description: 'An accepted card lists its accepted suggestions; accepted suggestions and an override reason do not go together.',
    messages: {
      acceptedWithout:
        '{{field}} is required when `outcome` is "accepted": list the uuid of each suggestion the user accepted (`{ "id": "<suggestion uuid>" }`).',
      acceptedWithReason: '{{field}} explains an overridden card, but this outcome is "accepted": remove it, or make the outcome "overridden".',
      overriddenWithAccepted:
        '{{field}} lists accepted suggestions, but this card\'s outcome is "overridden": an overridden card has none. Remove them, or make the outcome "accepted".',
    },
  },
  appliesTo: (kind) => kind.id === CDS_DOCUMENTS.feedback,
  check(context) {
    for (const { value, pointer } of objectsIn(asObject(context.payload), 'feedback', '')) {
      const accepted = `${pointer}/acceptedSuggestions`;
      const reason = `${pointer}/overrideReason`;
      if (value.outcome === 'accepted') {
        if (!Object.hasOwn(value, 'acceptedSuggestions'))
          context.report({ pointer: accepted, messageId: 'acceptedWithout', data: { field: code(fieldPath(accepted)) } });
        if (Object.hasOwn(value, 'overrideReason'))
          context.report({ pointer: reason, severity: 'warning', messageId: 'acceptedWithReason', data: { field: code(fieldPath(reason)) } });
      } else if (value.outcome === 'overridden' && Object.hasOwn(value, 'acceptedSuggestions')) {
        context.report({ pointer: accepted, severity: 'warning', messageId: 'overriddenWithAccepted', data: { field: code(fieldPath(accepted)) } });
      }
    }
  },
});
