import { code, fieldPath } from '../../display.js';
import { quoteId } from '../../finding.js';
import { isCdsResponse } from '../../cdshooks/kinds.js';
import { cardsOf, objectsIn } from '../../cdshooks/parts.js';
import { createRule, type Report } from '../create-rule.js';
import { PAYLOAD } from '../scopes.js';

type Id = 'card' | 'suggestion';

/** Reports each repeated uuid at its later place, naming the first. */
function repeats(items: { uuid: unknown; pointer: string }[], messageId: Id): Report<Id>[] {
  const first = new Map<string, string>();
  const out: Report<Id>[] = [];
  for (const { uuid, pointer } of items) {
    if (typeof uuid !== 'string') continue;
    const earlier = first.get(uuid);
    if (earlier === undefined) {
      first.set(uuid, pointer);
      continue;
    }
    const at = `${pointer}/uuid`;
    out.push({ pointer: at, messageId, data: { field: code(fieldPath(at)), uuid: quoteId(uuid), first: code(fieldPath(earlier)) } });
  }
  return out;
}

/**
 * A card's and a suggestion's `uuid` are each a "Unique identifier" that the client's feedback quotes
 * (specification, "Card Attributes", "Suggestion", "Feedback"): two cards, or two suggestions of one
 * response, with the same uuid cannot be told apart.
 */
export const cdsHooksDuplicateUuidRule = createRule({
  scope: PAYLOAD,
  meta: {
    id: 'cds-hooks-duplicate-uuid',
    severity: 'error',
    description: 'Cards, and suggestions, of one response each have their own uuid.',
    messages: {
      card: '{{field}} is {{uuid}}, the uuid of {{first}} too; feedback names a card by its uuid, so give each its own.',
      suggestion: '{{field}} is {{uuid}}, the uuid of {{first}} too; feedback names an accepted suggestion by its uuid, so give each its own.',
    },
    needsWholePayload: true,
  },
  appliesTo: isCdsResponse,
  check(context) {
    const cards = cardsOf(context.payload);
    const suggestions = cards.flatMap((c) => objectsIn(c.value, 'suggestions', c.pointer));
    const reports = [
      ...repeats(
        cards.map((c) => ({ uuid: c.value.uuid, pointer: c.pointer })),
        'card',
      ),
      ...repeats(
        suggestions.map((s) => ({ uuid: s.value.uuid, pointer: s.pointer })),
        'suggestion',
      ),
    ];
    for (const report of reports) context.report(report);
  },
});
