import { asObject, bundleEntries } from '../../fhir/bundle.js';
import { isMessageKind } from '../../fhir/kinds.js';
import type { Rule } from '../rule.js';

/**
 * FHIR messaging: the first entry of a message bundle is its MessageHeader. The service reads the
 * event, the sender and the focus from it, and detects the bundle's kind by it.
 */
export const bundleMessageHeaderRule: Rule = {
  id: 'bundle-message-header',
  defaultSeverity: 'error',
  description: "A message bundle's first entry must be its MessageHeader.",
  needsWholePayload: true,
  appliesTo: isMessageKind,
  check(context) {
    const list = asObject(context.payload)?.entry;
    if (!Array.isArray(list) || list.length === 0) return; // the schema reports a missing or empty entry
    const entries = context.shared(bundleEntries);
    const first = entries[0]?.index === 0 ? entries[0] : undefined;
    if (first?.resourceType === 'MessageHeader') return;
    const elsewhere = entries.find((e) => e.resourceType === 'MessageHeader');
    const what = first?.resourceType ? `a ${first.resourceType}` : 'not a resource';
    context.report({
      pointer: first?.resourceType ? '/entry/0/resource/resourceType' : '/entry/0',
      message: elsewhere
        ? `A message bundle starts with its MessageHeader, but \`entry[0]\` is ${what}; the MessageHeader is \`entry[${elsewhere.index}]\`: move it to the front.`
        : `A message bundle starts with its MessageHeader, but \`entry[0]\` is ${what} and the bundle has no MessageHeader.`,
    });
  },
};
