import { code, fieldPath } from '../../display.js';
import { isCdsResponse } from '../../cdshooks/kinds.js';
import { cardsOf } from '../../cdshooks/parts.js';
import type { Rule } from '../rule.js';

/**
 * "If suggestions are present, `selectionBehavior` MUST also be provided" (specification, "Card
 * Attributes"): whatever their number, one suggestion included. The service's listing spelling
 * `selectionsBehavior` counts (spelling-drift reports the spelling), and so does null, which the
 * listing allows.
 */
export const cdsHooksSelectionBehaviorRule: Rule = {
  id: 'cds-hooks-selection-behavior',
  defaultSeverity: 'error',
  description: 'A card with suggestions says how many may be selected (`selectionBehavior`).',
  appliesTo: isCdsResponse,
  check(context) {
    for (const card of cardsOf(context.payload)) {
      const { value } = card;
      if (!Object.hasOwn(value, 'suggestions') || Object.hasOwn(value, 'selectionBehavior') || Object.hasOwn(value, 'selectionsBehavior')) continue;
      const pointer = `${card.pointer}/selectionBehavior`;
      context.report({
        pointer,
        message: `${code(fieldPath(pointer))} is required when \`suggestions\` is present (even one): write "at-most-one" (the user may choose none or one) or "any".`,
      });
    }
  },
};
