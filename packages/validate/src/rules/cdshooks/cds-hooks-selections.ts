import { code, fieldPath } from '../../display.js';
import { quoteId } from '../../finding.js';
import { isCdsRequest } from '../../cdshooks/kinds.js';
import { asObject, objectsIn, relativeReference } from '../../cdshooks/parts.js';
import { createRule } from '../create-rule.js';
import { PAYLOAD } from '../scopes.js';

/** How many orders a message lists before it says how many more there are. */
const SHOWN = 3;

/**
 * order-select: "The `selections` field references FHIR resources in the `draftOrders` Bundle"
 * (hook library, order-select). Each selection, `Type/id`, must be the type and id of an entry's
 * resource (or an entry's fullUrl, or the end of one).
 */
export const cdsHooksSelectionsRule = createRule({
  scope: PAYLOAD,
  meta: {
    id: 'cds-hooks-selections',
    severity: 'error',
    description: 'Every `context.selections` entry names an order of `context.draftOrders` (Type/id).',
    needsWholePayload: true,
    messages: {
      noOrders:
        '{{field}} is {{selection}}, which names no order of `context.draftOrders` (it has no entry with a resource type and id); a selection is the Type/id of one of its entries.',
      notAnOrder:
        '{{field}} is {{selection}}, which names no order of `context.draftOrders` (its orders are {{orders}}); a selection is the Type/id of one of its entries.',
    },
  },
  appliesTo: isCdsRequest,
  check(context) {
    const ctx = asObject(asObject(context.payload)?.context);
    const selections = ctx?.selections;
    const bundle = asObject(ctx?.draftOrders);
    if (!Array.isArray(selections) || !bundle) return;
    const orders = objectsIn(bundle, 'entry', '').map(({ value: entry }) => {
      const resource = asObject(entry.resource);
      const ref = typeof resource?.resourceType === 'string' && typeof resource.id === 'string' ? `${resource.resourceType}/${resource.id}` : undefined;
      return { ref, fullUrl: typeof entry.fullUrl === 'string' ? entry.fullUrl : undefined };
    });
    const names = orders.flatMap((o) => (o.ref ? [o.ref] : []));
    const listed = `${names.slice(0, SHOWN).join(', ')}${names.length > SHOWN ? ` and ${names.length - SHOWN} more` : ''}`;
    selections.forEach((selection, i) => {
      if (typeof selection !== 'string') return; // the schema reports it
      const ref = relativeReference(selection);
      const found = orders.some((o) => o.ref === selection || o.fullUrl === selection || (ref && o.fullUrl?.endsWith(`/${selection}`)));
      if (found) return;
      const pointer = `/context/selections/${i}`;
      const data = { field: code(fieldPath(pointer)), selection: quoteId(selection) };
      if (names.length === 0) context.report({ pointer, messageId: 'noOrders', data });
      else context.report({ pointer, messageId: 'notAnOrder', data: { ...data, orders: listed } });
    });
  },
});
