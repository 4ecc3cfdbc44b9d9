import { memberPointer, quote } from '../finding.js';
import type { Rule } from './rule.js';

/**
 * An event the spec names without showing its payload (PatientView, Discovery, Booked,
 * PatientQuery, DocumentGet, ProviderQueryResponse): its kind checks the Meta envelope, and this
 * says that nothing else was checked. A warning, not an error: the message is the spec's own event.
 */
export const unpublishedPayloadRule: Rule = {
  id: 'unpublished-payload',
  defaultSeverity: 'warning',
  description: 'The spec names this event but publishes no payload for it: only the Meta envelope was checked.',
  appliesTo: (kind) => kind.unpublished === true,
  check(context) {
    const [model, event] = [context.kind.id.slice(0, context.kind.id.indexOf('/')), context.kind.id.slice(context.kind.id.indexOf('/') + 1)];
    context.report({
      // With an explicit kind, Meta may be missing or not an object: the schema reports that.
      pointer: memberPointer(context.payload, ['Meta', 'EventType']) ?? '',
      message: `${model} / ${event} is an event the spec names without publishing its payload: only the Meta envelope was checked, not the body. Send it as the destination's interface describes; ${quote(event)} is not misspelt.`,
    });
  },
};
