import { memberPointer, quote } from '../finding.js';
import { envelopedBody } from '../cdshooks/envelope.js';
import { createRule } from './create-rule.js';
import { PAYLOAD } from './scopes.js';

/**
 * An event the spec names without showing its payload (PatientView, Discovery, Booked,
 * PatientQuery, DocumentGet, ProviderQueryResponse): its kind checks the Meta envelope, and this
 * says that nothing else was checked. A warning, not an error: the message is the spec's own event.
 */
export const unpublishedPayloadRule = createRule({
  scope: PAYLOAD,
  meta: {
    id: 'unpublished-payload',
    severity: 'warning',
    description: 'The spec names this event but publishes no payload for it: only the Meta envelope was checked.',
    messages: {
      unpublished:
        "{{model}} / {{event}} is an event the spec names without publishing its payload: only the Meta envelope was checked, not the body. Send it as the destination's interface describes; {{quoted}} is not misspelt.",
    },
  },
  appliesTo: (kind) => kind.unpublished === true,
  check(context) {
    // A PatientView body that is a hook request is checked in full as that request (validate.ts).
    if (envelopedBody(context.kind, context.payload)) return;
    const slash = context.kind.id.indexOf('/');
    const [model, event] = [context.kind.id.slice(0, slash), context.kind.id.slice(slash + 1)];
    // With an explicit kind, Meta may be missing or not an object: the schema reports that.
    context.report({
      pointer: memberPointer(context.payload, ['Meta', 'EventType']) ?? '',
      messageId: 'unpublished',
      data: { model, event, quoted: quote(event) },
    });
  },
});
