import { code, fieldPath } from '../../display.js';
import { isCdsResponse } from '../../cdshooks/kinds.js';
import { cardsOf } from '../../cdshooks/parts.js';
import { createRule } from '../create-rule.js';
import { PAYLOAD } from '../scopes.js';

/**
 * "If suggestions are present, `selectionBehavior` MUST also be provided" (specification, "Card
 * Attributes"): whatever their number, one suggestion included. The service's listing spelling
 * `selectionsBehavior` counts (spelling-drift reports the spelling), and so does null, which the
 * listing allows.
 */
export const cdsHooksSelectionBehaviorRule = createRule({
  scope: PAYLOAD,
  meta: {
    id: 'cds-hooks-selection-behavior',
    severity: 'error',
    description: 'A card with suggestions says how many may be selected (`selectionBehavior`).',
    messages: {
      missing: '{{field}} is required when `suggestions` is present (even one): write "at-most-one" (the user may choose none or one) or "any".',
    },
  },
  appliesTo: isCdsResponse,
  check(context) {
    for (const card of cardsOf(context.payload)) {
      const { value } = card;
      if (!Object.hasOwn(value, 'suggestions') || Object.hasOwn(value, 'selectionBehavior') || Object.hasOwn(value, 'selectionsBehavior')) continue;
      const pointer = `${card.pointer}/selectionBehavior`;
      context.report({ pointer, messageId: 'missing', data: { field: code(fieldPath(pointer)) } });
    }
  },
});
