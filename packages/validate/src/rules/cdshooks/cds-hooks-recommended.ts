import { code, fieldPath } from '../../display.js';
import { quote } from '../../finding.js';
import { isCdsResponse } from '../../cdshooks/kinds.js';
import { cardsOf, objectsIn, selectionBehaviorOf } from '../../cdshooks/parts.js';
import { createRule } from '../create-rule.js';
import { PAYLOAD } from '../scopes.js';

/**
 * `isRecommended` marks the suggestion a service recommends; "Multiple suggestions MAY be recommended,
 * if `card.selectionBehavior` is `any`" (specification, "Suggestion"). With another selection
 * behaviour, a second recommended suggestion recommends what the user may not choose together.
 */
export const cdsHooksRecommendedRule = createRule({
  scope: PAYLOAD,
  meta: {
    id: 'cds-hooks-recommended',
    severity: 'error',
    description: 'Several suggestions of a card are recommended only when its selectionBehavior is "any".',
    messages: {
      several:
        '{{field}} is true, but {{first}} is already recommended and the card\'s selection behaviour is {{behavior}}: several suggestions may be recommended only with "any". Recommend one, or make it "any".',
    },
  },
  appliesTo: isCdsResponse,
  check(context) {
    for (const card of cardsOf(context.payload)) {
      const behavior = selectionBehaviorOf(card.value);
      // Missing: cds-hooks-selection-behavior reports it; not a string: the schema.
      if (typeof behavior !== 'string' || behavior === 'any') continue;
      const recommended = objectsIn(card.value, 'suggestions', card.pointer).filter((s) => s.value.isRecommended === true);
      for (const extra of recommended.slice(1)) {
        const pointer = `${extra.pointer}/isRecommended`;
        context.report({
          pointer,
          messageId: 'several',
          data: { field: code(fieldPath(pointer)), first: code(fieldPath(recommended[0]!.pointer)), behavior: quote(behavior) },
        });
      }
    }
  },
});
