import { quoteId } from '../../finding.js';
import { bundleEntries, messageHeader, referenceForm, resolveReference, type EntryView } from '../../fhir/bundle.js';
import { isMessageKind, messageEvent } from '../../fhir/kinds.js';
import { theType } from '../../fhir/type-names.js';
import { R4_RESOURCE_TYPES } from '../../generated/r4-references.js';
import { createRule } from '../create-rule.js';
import { PAYLOAD } from '../scopes.js';

/** The message of a focus that resolves to no entry, by the form of its reference. */
const UNRESOLVED = {
  urn: 'unresolvedUrn',
  absolute: 'unresolvedAbsolute',
  relative: 'unresolvedRelative',
  contained: 'contained',
  other: 'notAReference',
} as const;

const where = (entry: EntryView) => `\`entry[${entry.index}]\``;

/**
 * What the fullUrl of the entry a relative focus (`Type/id`) names would end in: `/ChargeItem/1` as
 * it is for an R4 type (short and plain: the form bounds the id to 64 letters, digits, `-` and `.`),
 * any other quoted and bounded like the reference itself.
 */
function fullUrlEnding(reference: string): string {
  const path = `/${reference.replace(/\/_history\/[^/]*$/, '')}`;
  return R4_RESOURCE_TYPES.has(path.slice(1, path.indexOf('/', 1))) ? path : quoteId(path);
}

/**
 * Every MessageHeader.focus must resolve to an entry of the bundle (FHIR's bundle reference
 * rules), and for operations the focal resource has the type the operation is about.
 * urn:uuid focus references are checked here, not by bundle-reference.
 */
export const bundleFocusRule = createRule({
  scope: PAYLOAD,
  meta: {
    id: 'bundle-focus',
    severity: 'error',
    description: 'Every MessageHeader.focus resolves to an entry of the bundle, and the focal resource has the type the event requires.',
    messages: {
      unresolvedUrn: "The focus {{reference}} matches no entry's fullUrl; give the focal resource's entry that fullUrl.",
      unresolvedAbsolute: "The focus {{reference}} matches no entry's fullUrl; an absolute reference resolves only to an entry with exactly that fullUrl.",
      unresolvedRelative: 'The focus {{reference}} resolves to no entry: none has a fullUrl ending in {{path}} or is that resource type with that id.',
      contained: 'The focus {{reference}} points into a contained resource; it must reference an entry of the bundle.',
      notAReference: 'The focus {{reference}} is not a reference a bundle can resolve (urn:uuid:…, Type/id or an absolute URL).',
      wrongType: 'The focus of this {{event}} message must be the {{focus}}; this one resolves to {{target}} at {{entry}}.',
    },
    needsWholePayload: true,
  },
  appliesTo: isMessageKind,
  check(context) {
    const entries = context.shared(bundleEntries);
    const header = messageHeader(entries);
    const focus = header?.resource?.focus;
    if (!header || !Array.isArray(focus)) return; // bundle-message-header and the schema report these
    const event = messageEvent(context.kind, header.resource);
    const wrong: { pointer: string; target: EntryView }[] = [];
    let focal = false as boolean; // set in the callback below
    focus.forEach((item, i) => {
      const reference = (item as { reference?: unknown } | null)?.reference;
      if (typeof reference !== 'string') return; // the schema requires focus[].reference
      const pointer = `${header.pointer}/resource/focus/${i}/reference`;
      const target = resolveReference(reference, entries);
      if (!target) {
        const form = referenceForm(reference);
        context.report({
          pointer,
          messageId: UNRESOLVED[form],
          data: { reference: quoteId(reference), path: form === 'relative' ? fullUrlEnding(reference) : '' },
        });
      } else if (event?.focus && target.resourceType === event.focus) focal = true;
      else if (event?.focus) wrong.push({ pointer, target });
    });
    if (!event?.focus || focal) return;
    for (const { pointer, target } of wrong) {
      const resolved = target.resourceType ? theType(target.resourceType) : 'an entry without a resource';
      context.report({ pointer, messageId: 'wrongType', data: { event: event.name, focus: event.focus, target: resolved, entry: where(target) } });
    }
  },
});
