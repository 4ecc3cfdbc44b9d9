import { code, fieldPath } from '../../display.js';
import { quoteId } from '../../finding.js';
import { isCdsRequest } from '../../cdshooks/kinds.js';
import { asObject, objectsIn, listedReferences, relativeReference, urlTail } from '../../cdshooks/parts.js';
import { createRule } from '../create-rule.js';
import { PAYLOAD } from '../scopes.js';

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
    // Every name an order answers to, looked up once per selection: matching each selection against
    // every order was quadratic (16,000 of each took seconds).
    const names: string[] = [];
    const known = new Set<string>();
    const tails = new Set<string>();
    for (const { value: entry } of objectsIn(bundle, 'entry', '')) {
      const resource = asObject(entry.resource);
      if (typeof resource?.resourceType === 'string' && typeof resource.id === 'string') {
        const ref = `${resource.resourceType}/${resource.id}`;
        names.push(ref);
        known.add(ref);
      }
      if (typeof entry.fullUrl === 'string') {
        known.add(entry.fullUrl);
        const tail = urlTail(entry.fullUrl);
        if (tail) tails.add(tail);
      }
    }
    const listed = listedReferences(names);
    selections.forEach((selection, i) => {
      if (typeof selection !== 'string') return; // the schema reports it
      if (known.has(selection) || (relativeReference(selection) && tails.has(selection))) return;
      const pointer = `/context/selections/${i}`;
      const data = { field: code(fieldPath(pointer)), selection: quoteId(selection) };
      if (names.length === 0) context.report({ pointer, messageId: 'noOrders', data });
      else context.report({ pointer, messageId: 'notAnOrder', data: { ...data, orders: listed } });
    });
  },
});
