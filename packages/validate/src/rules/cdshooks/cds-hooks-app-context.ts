import { code, fieldPath } from '../../display.js';
import { quote } from '../../finding.js';
import { isCdsResponse } from '../../cdshooks/kinds.js';
import { cardsOf, objectsIn } from '../../cdshooks/parts.js';
import { createRule } from '../create-rule.js';
import { PAYLOAD } from '../scopes.js';

/**
 * "The `appContext` field should only be valued if the link type is `smart` and is not valid for
 * `absolute` links" (specification, "Link"): it is handed to a SMART app at launch, and an absolute
 * link launches none. On an absolute link an error; on the service listing's other link types
 * (action, related, documentation) a warning.
 */
export const cdsHooksAppContextRule = createRule({
  scope: PAYLOAD,
  meta: {
    id: 'cds-hooks-app-context',
    severity: 'error',
    description: 'A link carries `appContext` only when its type is "smart".',
    messages: {
      notSmart:
        '{{field}} is for the SMART app a "smart" link launches; this link\'s type is {{type}}. Remove it, or make the link a SMART launch (type "smart").',
    },
  },
  appliesTo: isCdsResponse,
  check(context) {
    for (const card of cardsOf(context.payload)) {
      for (const link of objectsIn(card.value, 'links', card.pointer)) {
        const { type } = link.value;
        if (!Object.hasOwn(link.value, 'appContext') || typeof type !== 'string' || type === 'smart') continue;
        const pointer = `${link.pointer}/appContext`;
        context.report({
          pointer,
          ...(type === 'absolute' ? {} : { severity: 'warning' as const }),
          messageId: 'notSmart',
          data: { field: code(fieldPath(pointer)), type: quote(type) },
        });
      }
    }
  },
});
