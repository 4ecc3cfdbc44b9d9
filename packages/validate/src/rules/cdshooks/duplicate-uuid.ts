import { code, fieldPath } from '../../display.js';
import { quote } from '../../finding.js';
import { isCdsResponse } from '../../cdshooks/kinds.js';
import { cardsOf, objectsIn } from '../../cdshooks/parts.js';
import type { Rule, RuleContext } from '../rule.js';

/** Reports each repeated uuid at its later place, naming the first. */
function unique(context: RuleContext, items: { uuid: unknown; pointer: string }[], what: string): void {
  const first = new Map<string, string>();
  for (const { uuid, pointer } of items) {
    if (typeof uuid !== 'string') continue;
    const earlier = first.get(uuid);
    if (earlier === undefined) {
      first.set(uuid, pointer);
      continue;
    }
    const at = `${pointer}/uuid`;
    context.report({
      pointer: at,
      message: `${code(fieldPath(at))} is ${quote(uuid)}, the uuid of ${code(fieldPath(earlier))} too; feedback names ${what} by its uuid, so give each its own.`,
    });
  }
}

/**
 * A card's and a suggestion's `uuid` are each a "Unique identifier" that the client's feedback quotes
 * (specification, "Card Attributes", "Suggestion", "Feedback"): two cards, or two suggestions of one
 * response, with the same uuid cannot be told apart.
 */
export const cdsHooksDuplicateUuidRule: Rule = {
  id: 'cds-hooks-duplicate-uuid',
  defaultSeverity: 'error',
  description: 'Cards, and suggestions, of one response each have their own uuid.',
  needsWholePayload: true,
  appliesTo: isCdsResponse,
  check(context) {
    const cards = cardsOf(context.payload);
    unique(context, cards.map((c) => ({ uuid: c.value.uuid, pointer: c.pointer })), 'a card');
    const suggestions = cards.flatMap((c) => objectsIn(c.value, 'suggestions', c.pointer));
    unique(context, suggestions.map((s) => ({ uuid: s.value.uuid, pointer: s.pointer })), 'an accepted suggestion');
  },
};
