import { quote } from '../../finding.js';
import { asObject, bundleEntries } from '../../fhir/bundle.js';
import { isMessageKind } from '../../fhir/kinds.js';
import { aType } from '../../fhir/type-names.js';
import { createRule } from '../create-rule.js';
import { PAYLOAD } from '../scopes.js';

/**
 * FHIR messaging: the first entry of a message bundle is its MessageHeader. The service reads the
 * event, the sender and the focus from it, and detects the bundle's kind by it. A bundle that carries
 * a MessageHeader is a message whatever its `type` says, and is told that its type is wrong.
 */
export const bundleMessageHeaderRule = createRule({
  scope: PAYLOAD,
  meta: {
    id: 'bundle-message-header',
    severity: 'error',
    description: "A message bundle's first entry must be its MessageHeader.",
    messages: {
      elsewhere: 'A message bundle starts with its MessageHeader, but `entry[0]` is {{first}}; the MessageHeader is `entry[{{index}}]`: move it to the front.',
      missing: 'A message bundle starts with its MessageHeader, but `entry[0]` is {{first}} and the bundle has no MessageHeader.',
      notMessageType: 'The bundle carries a MessageHeader, so it is a message bundle: `type` must be "message", not {{type}}.',
    },
    needsWholePayload: true,
    // Said in the profile's words too ("`type` must be "message""): this message says why.
    supersedes: [{ by: ['notMessageType'], rule: 'service-profile', messages: ['const'], at: 'same' }],
  },
  appliesTo: isMessageKind,
  check(context) {
    const root = asObject(context.payload);
    const type = root?.type;
    const entries = context.shared(bundleEntries);
    // Detected as a message by its MessageHeader (detect.ts), whatever its type says.
    if (typeof type === 'string' && type !== 'message' && entries.some((e) => e.resourceType === 'MessageHeader')) {
      context.report({ pointer: '/type', messageId: 'notMessageType', data: { type: quote(type) } });
    }
    const list = root?.entry;
    if (!Array.isArray(list) || list.length === 0) return; // the schema reports a missing or empty entry
    const first = entries[0]?.index === 0 ? entries[0] : undefined;
    if (first?.resourceType === 'MessageHeader') return;
    const elsewhere = entries.find((e) => e.resourceType === 'MessageHeader');
    const firstType = first?.resourceType;
    const what = firstType ? aType(firstType) : 'not a resource';
    const pointer = firstType ? '/entry/0/resource/resourceType' : '/entry/0';
    if (elsewhere) context.report({ pointer, messageId: 'elsewhere', data: { first: what, index: elsewhere.index } });
    else context.report({ pointer, messageId: 'missing', data: { first: what } });
  },
});
