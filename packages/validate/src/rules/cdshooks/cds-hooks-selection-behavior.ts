import { code, fieldPath } from '../../display.js';
import { isCdsResponse, isStandardCds } from '../../cdshooks/kinds.js';
import { cardsOf } from '../../cdshooks/parts.js';
import type { MemberIssue } from '../../members.js';
import { createRule } from '../create-rule.js';
import { PAYLOAD } from '../scopes.js';

/** The one member of the card that is a certain slip for selectionBehavior (`selectionBehaviour`), if any. */
function misspelt(issues: readonly MemberIssue[], card: string): MemberIssue | undefined {
  const slips = issues.filter(
    (i) =>
      i.pointer.slice(0, i.pointer.lastIndexOf('/')) === card && i.candidates.length === 1 && i.candidates[0] === 'selectionBehavior' && i.present.length === 0,
  );
  return slips.length === 1 ? slips[0] : undefined;
}

/**
 * "If suggestions are present, `selectionBehavior` MUST also be provided" (specification, "Card
 * Attributes"): whatever their number, one suggestion included. The service's listing spelling
 * `selectionsBehavior` counts (spelling-drift reports the spelling); null does not: the listing
 * allows null members in general, but "required if suggestions present" asks for a value. A near miss of the name (`selectionBehaviour`) is the reason it is missing: one
 * error, with the rename.
 */
export const cdsHooksSelectionBehaviorRule = createRule({
  scope: PAYLOAD,
  meta: {
    id: 'cds-hooks-selection-behavior',
    severity: 'error',
    description: 'A card with suggestions says how many may be selected (`selectionBehavior`).',
    messages: {
      missing: '{{field}} is required when `suggestions` is present (even one): write "at-most-one" (the user may choose none or one) or "any".',
      isNull:
        '{{field}} is null, but a card with `suggestions` must say how many may be selected: write "at-most-one" (the user may choose none or one) or "any".',
      misspelt:
        '{{field}} looks like a misspelling of `selectionBehavior`, which is required when `suggestions` is present (even one). Write `selectionBehavior`.',
    },
    // The slip is why selectionBehavior is missing: spelling-drift's rename warning is the same cause.
    supersedes: [{ by: ['misspelt'], rule: 'spelling-drift', at: 'same' }],
  },
  appliesTo: isCdsResponse,
  check(context) {
    for (const card of cardsOf(context.payload)) {
      const { value } = card;
      if (!Object.hasOwn(value, 'suggestions')) continue;
      const given = ['selectionBehavior', 'selectionsBehavior'].find((name) => Object.hasOwn(value, name));
      if (given !== undefined) {
        // The listing allows null in general; here the requirement is a value. (Bare, the schema says so.)
        if (value[given] === null && !isStandardCds(context.kind)) {
          const pointer = `${card.pointer}/${given}`;
          context.report({ pointer, messageId: 'isNull', data: { field: code(fieldPath(pointer)) } });
        }
        continue;
      }
      const slip = misspelt(context.members().issues, card.pointer);
      if (slip) {
        const fix = { kind: 'rename-member' as const, pointer: slip.pointer, from: slip.name, to: 'selectionBehavior' };
        context.report({ pointer: slip.pointer, messageId: 'misspelt', data: { field: code(fieldPath(slip.pointer)) }, fix });
        continue;
      }
      const pointer = `${card.pointer}/selectionBehavior`;
      context.report({ pointer, messageId: 'missing', data: { field: code(fieldPath(pointer)) } });
    }
  },
});
