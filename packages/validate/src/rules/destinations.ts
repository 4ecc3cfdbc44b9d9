import { childPointer, memberPointer } from '../finding.js';
import type { Rule, RuleContext } from './rule.js';

function destinationsOf(payload: unknown): unknown[] | undefined {
  // With an explicit kind, the payload can be anything, null included: the schema reports that.
  if (typeof payload !== 'object' || payload === null) return undefined;
  const meta = (payload as { Meta?: unknown }).Meta;
  if (typeof meta !== 'object' || meta === null) return undefined;
  const destinations = (meta as { Destinations?: unknown }).Destinations;
  return Array.isArray(destinations) ? destinations : undefined;
}

/**
 * The spec's request minimum: "Meta.Destinations[].ID (array of objects carrying the endpoint
 * ID)". A destination that is not an object is the schema's to report.
 */
function reportMissingIds(destinations: readonly unknown[], context: RuleContext): void {
  destinations.forEach((destination, i) => {
    if (typeof destination !== 'object' || destination === null || Array.isArray(destination)) return;
    const id = (destination as { ID?: unknown }).ID;
    if (id !== undefined && id !== null) return; // a wrong type or format is the schema's
    context.report({
      pointer: childPointer(childPointer('/Meta/Destinations', i), 'ID'),
      message: `\`Meta.Destinations[${i}].ID\` is ${id === null ? 'null' : 'missing'}; every destination of a request carries the endpoint ID (the destination's UUID in the dashboard).`,
    });
  });
}

/**
 * The spec: a request needs at least one destination, each carrying its endpoint ID; a
 * synchronous query (AvailableSlots, DocumentQuery) supports exactly one.
 */
export const destinationsRule: Rule = {
  id: 'destinations',
  defaultSeverity: 'error',
  description: 'A request names each destination by its ID; a synchronous query needs exactly one Meta.Destinations entry, other requests at least one.',
  appliesTo: (kind) => kind.family === 'datamodel',
  check(context) {
    const destinations = destinationsOf(context.payload);
    const count = destinations?.length;
    if (destinations) reportMissingIds(destinations, context);
    // Decided before any pointer is built: this runs on every valid message.
    if (context.kind.query ? count === 1 : count !== 0) return;
    const pointer = memberPointer(context.payload, ['Meta', 'Destinations']);
    if (pointer === undefined) return;
    if (context.kind.query) {
      const got = count === undefined ? 'none' : String(count);
      context.report({
        pointer,
        message: `\`Meta.Destinations\` must have exactly one entry for ${context.kind.title}, a synchronous query; got ${got}. Send one query per destination.`,
      });
    } else {
      context.report({ pointer, message: '`Meta.Destinations` is empty; a request needs at least one destination (or omit it on messages from the service).' });
    }
  },
};
