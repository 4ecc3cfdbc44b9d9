import { memberPointer } from '../finding.js';
import { createRule } from './create-rule.js';
import { PAYLOAD } from './scopes.js';

function destinationCount(payload: unknown): number | undefined {
  // With an explicit kind, the payload can be anything, null included: the schema reports that.
  if (typeof payload !== 'object' || payload === null) return undefined;
  const meta = (payload as { Meta?: unknown }).Meta;
  if (typeof meta !== 'object' || meta === null) return undefined;
  const destinations = (meta as { Destinations?: unknown }).Destinations;
  return Array.isArray(destinations) ? destinations.length : undefined;
}

/**
 * The spec: a request needs at least one destination; a synchronous query (AvailableSlots,
 * DocumentQuery) supports exactly one.
 */
export const destinationsRule = createRule({
  scope: PAYLOAD,
  meta: {
    id: 'destinations',
    severity: 'error',
    description: 'A synchronous query needs exactly one Meta.Destinations entry; other requests at least one.',
    messages: {
      notOne: '`Meta.Destinations` must have exactly one entry for {{kind}}, a synchronous query; got {{count}}. Send one query per destination.',
      empty: '`Meta.Destinations` is empty; a request needs at least one destination (or omit it on messages from the service).',
    },
  },
  appliesTo: (kind) => kind.family === 'datamodel',
  check(context) {
    const count = destinationCount(context.payload);
    // Decided before any pointer is built: this runs on every valid message.
    if (context.kind.query ? count === 1 : count !== 0) return;
    const pointer = memberPointer(context.payload, ['Meta', 'Destinations']);
    if (pointer === undefined) return;
    if (context.kind.query) {
      context.report({ pointer, messageId: 'notOne', data: { kind: context.kind.title, count: count === undefined ? 'none' : count } });
    } else {
      context.report({ pointer, messageId: 'empty' });
    }
  },
});
