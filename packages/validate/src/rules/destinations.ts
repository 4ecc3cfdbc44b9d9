import { childPointer, memberPointer } from '../finding.js';
import { createRule } from './create-rule.js';
import { PAYLOAD } from './scopes.js';

function destinationsOf(payload: unknown): unknown[] | undefined {
  // With an explicit kind, the payload can be anything, null included: the schema reports that.
  if (typeof payload !== 'object' || payload === null) return undefined;
  const meta = (payload as { Meta?: unknown }).Meta;
  if (typeof meta !== 'object' || meta === null) return undefined;
  const destinations = (meta as { Destinations?: unknown }).Destinations;
  return Array.isArray(destinations) ? destinations : undefined;
}

/**
 * The spec: a request needs at least one destination, each carrying its endpoint ID ("Meta.Destinations[].ID
 * (array of objects carrying the endpoint ID)"); a synchronous query (AvailableSlots, DocumentQuery)
 * supports exactly one. A destination that is not an object is the schema's to report.
 */
export const destinationsRule = createRule({
  scope: PAYLOAD,
  meta: {
    id: 'destinations',
    severity: 'error',
    description: 'A request names each destination by its ID; a synchronous query needs exactly one Meta.Destinations entry, other requests at least one.',
    messages: {
      missingId:
        "`Meta.Destinations[{{index}}].ID` is {{state}}; every destination of a request carries the endpoint ID (the destination's UUID in the dashboard).",
      notOne: '`Meta.Destinations` must have exactly one entry for {{kind}}, a synchronous query; got {{count}}. Send one query per destination.',
      empty: '`Meta.Destinations` is empty; a request needs at least one destination (or omit it on messages from the service).',
    },
  },
  appliesTo: (kind) => kind.family === 'datamodel',
  check(context) {
    const destinations = destinationsOf(context.payload);
    const count = destinations?.length;
    destinations?.forEach((destination, index) => {
      if (typeof destination !== 'object' || destination === null || Array.isArray(destination)) return;
      const id = (destination as { ID?: unknown }).ID;
      if (id !== undefined && id !== null) return; // a wrong type or format is the schema's
      context.report({
        pointer: childPointer(childPointer('/Meta/Destinations', index), 'ID'),
        messageId: 'missingId',
        data: { index, state: id === null ? 'null' : 'missing' },
      });
    });
    // Decided before any pointer is built: this runs on every valid message.
    if (context.kind.query ? count === 1 : count !== 0) return;
    const pointer = memberPointer(context.payload, ['Meta', 'Destinations']);
    if (pointer === undefined) return;
    if (context.kind.query) {
      context.report({ pointer, messageId: 'notOne', data: { kind: context.kind.title, count: count ?? 'none' } });
    } else {
      context.report({ pointer, messageId: 'empty' });
    }
  },
});
