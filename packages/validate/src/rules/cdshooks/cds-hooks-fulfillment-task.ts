import { code, fieldPath } from '../../display.js';
import { quoteId } from '../../finding.js';
import { asObject, objectsIn, listedReferences, type Json } from '../../cdshooks/parts.js';
import { referencedResource } from '../../fhir/bundle.js';
import { createRule } from '../create-rule.js';
import { PAYLOAD } from '../scopes.js';

/**
 * The local reference (`ServiceRequest/123`) a reference names: itself, or the `Type/id` an absolute
 * URL ends with, without a version (`…/ServiceRequest/123/_history/2`). Undefined for any other form.
 */
function localReference(reference: string): string | undefined {
  const named = referencedResource(reference);
  return named && `${named.type}/${named.id}`;
}

/** The `reference` strings of a task's focus and basedOn, with their pointers. */
function taskReferences(task: Json, pointer: string): { reference: string; pointer: string }[] {
  const out: { reference: string; pointer: string }[] = [];
  const focus = asObject(task.focus)?.reference;
  if (typeof focus === 'string') out.push({ reference: focus, pointer: `${pointer}/focus/reference` });
  for (const { value, pointer: at } of objectsIn(task, 'basedOn', pointer)) {
    if (typeof value.reference === 'string') out.push({ reference: value.reference, pointer: `${at}/reference` });
  }
  return out;
}

/**
 * order-dispatch: "If Tasks are provided, each will be for a separate order and SHALL reference one
 * of the dispatched-orders" (hook library). A fulfillment Task references the order it fulfils by its
 * `focus` (as the hook's example does) or its `basedOn`; one that names none of `dispatchedOrders`
 * describes the fulfilment of an order the service was not told about.
 */
export const cdsHooksFulfillmentTaskRule = createRule({
  scope: PAYLOAD,
  meta: {
    id: 'cds-hooks-fulfillment-task',
    severity: 'error',
    description: 'Each order-dispatch fulfillment Task references one of `context.dispatchedOrders` (focus or basedOn).',
    messages: {
      otherOrder: '{{field}} is {{reference}}, which is none of `context.dispatchedOrders` ({{orders}}): a fulfillment task references the order it fulfils.',
      noOrder: '{{field}} references none of `context.dispatchedOrders` ({{orders}}): write the order it fulfils in its `focus`.',
    },
  },
  appliesTo: (kind) => kind.id === 'cds-hooks/order-dispatch',
  check(context) {
    const ctx = asObject(asObject(context.payload)?.context);
    const dispatched = ctx?.dispatchedOrders;
    if (!Array.isArray(dispatched) || !Array.isArray(ctx?.fulfillmentTasks)) return;
    const names = dispatched.filter((d): d is string => typeof d === 'string');
    const orders = new Set(names.flatMap((d) => localReference(d) ?? []));
    const listed = listedReferences(names);
    for (const { value: task, pointer } of objectsIn(ctx, 'fulfillmentTasks', '/context')) {
      if (task.resourceType !== 'Task') continue; // another resource is the schema's to report
      const references = taskReferences(task, pointer);
      if (references.some(({ reference }) => orders.has(localReference(reference) ?? reference))) continue;
      const [first] = references;
      if (first) {
        context.report({
          pointer: first.pointer,
          messageId: 'otherOrder',
          data: { field: code(fieldPath(first.pointer)), reference: quoteId(first.reference), orders: listed },
        });
      } else {
        context.report({ pointer: `${pointer}/focus`, messageId: 'noOrder', data: { field: code(fieldPath(pointer)), orders: listed } });
      }
    }
  },
});
