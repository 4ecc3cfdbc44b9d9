import { quote } from '../../finding.js';
import { bundleEntries, messageHeader, referenceForm, resolveReference, type EntryView } from '../../fhir/bundle.js';
import { isMessageKind, messageEvent } from '../../fhir/kinds.js';
import type { Rule } from '../rule.js';

function unresolved(reference: string): string {
  const shown = quote(reference);
  switch (referenceForm(reference)) {
    case 'urn':
      return `The focus ${shown} matches no entry's fullUrl; give the focal resource's entry that fullUrl.`;
    case 'absolute':
      return `The focus ${shown} matches no entry's fullUrl; an absolute reference resolves only to an entry with exactly that fullUrl.`;
    case 'relative':
      return `The focus ${shown} resolves to no entry: none has a fullUrl ending in /${reference.replace(/\/_history\/[^/]*$/, '')} or is that resource type with that id.`;
    case 'contained':
      return `The focus ${shown} points into a contained resource; it must reference an entry of the bundle.`;
    default:
      return `The focus ${shown} is not a reference a bundle can resolve (urn:uuid:…, Type/id or an absolute URL).`;
  }
}

const where = (entry: EntryView) => `\`entry[${entry.index}]\``;

/**
 * Every MessageHeader.focus must resolve to an entry of the bundle (FHIR's bundle reference
 * rules), and for operations the focal resource has the type the operation is about.
 * urn:uuid focus references are checked here, not by bundle-reference.
 */
export const bundleFocusRule: Rule = {
  id: 'bundle-focus',
  defaultSeverity: 'error',
  description: 'Every MessageHeader.focus resolves to an entry of the bundle, and the focal resource has the type the event requires.',
  needsWholePayload: true,
  appliesTo: isMessageKind,
  check(context) {
    const entries = context.shared(bundleEntries);
    const header = messageHeader(entries);
    const focus = header?.resource?.focus;
    if (!header || !Array.isArray(focus)) return; // bundle-message-header and the schema report these
    const event = messageEvent(context.kind, header.resource);
    const wrong: { pointer: string; target: EntryView }[] = [];
    let focal = false;
    focus.forEach((item, i) => {
      const reference = (item as { reference?: unknown } | null)?.reference;
      if (typeof reference !== 'string') return; // the schema requires focus[].reference
      const pointer = `${header.pointer}/resource/focus/${i}/reference`;
      const target = resolveReference(reference, entries);
      if (!target) context.report({ pointer, message: unresolved(reference) });
      else if (event?.focus && target.resourceType === event.focus) focal = true;
      else if (event?.focus) wrong.push({ pointer, target });
    });
    if (!event?.focus || focal) return;
    for (const { pointer, target } of wrong) {
      context.report({
        pointer,
        message: `The focus of a ${event.name} message must be the ${event.focus}; this one resolves to ${target.resourceType ? `the ${target.resourceType}` : 'an entry without a resource'} at ${where(target)}.`,
      });
    }
  },
};
