import { code, fieldPath } from '../../display.js';
import { quoteId } from '../../finding.js';
import { bundleEntries, findReferences, messageHeader, type EntryView } from '../../fhir/bundle.js';
import { nearestIndex } from '../../nearest.js';
import { isBundleKind } from '../../fhir/kinds.js';
import { createRule } from '../create-rule.js';
import { PAYLOAD } from '../scopes.js';

const URN_UUID = /^urn:uuid:/i;
const isUrnUuid = (value: string) => value.startsWith('urn:uuid:') || URN_UUID.test(value);

/** Whether any of the references dangles; a value equal to the one before it is not looked up again. */
function anyDangling(references: readonly string[], dangling: (value: string) => boolean): boolean {
  // In document order, a resource names the same entry several times in a row (subject, encounter, …).
  let previous: string | undefined;
  for (const value of references) {
    if (value !== previous && dangling(value)) return true;
    previous = value;
  }
  return false;
}

/** Dangling references that get a nearest fullUrl; past them the message says only what is wrong. */
const MAX_SUGGESTED = 100;

/** ` Did you mean <fullUrl>, the fullUrl of `entry[i]` (a Patient)?`, or nothing when no fullUrl is a likely slip. */
function nearestFullUrl(reference: string, entries: readonly EntryView[], fullUrls: readonly (string | undefined)[]): string {
  const i = nearestIndex(reference, fullUrls);
  if (i === undefined) return '';
  const entry = entries[i]!;
  const type = entry.resourceType === undefined ? '' : ` (${/^[AEIOU]/.test(entry.resourceType) ? 'an' : 'a'} ${entry.resourceType})`;
  return ` Did you mean ${quoteId(entry.fullUrl)}, the fullUrl of ${code(fieldPath(entry.pointer))}${type}?`;
}

/**
 * A `urn:uuid:` reference has no meaning outside its bundle: it must equal the fullUrl of one of
 * the bundle's entries. Checked for every Reference.reference in every entry (contained resources
 * included), except MessageHeader.focus, which bundle-focus checks. When the strict twin accepted
 * the bundle it has already met every reference (context.twinReferences), so the walk that
 * places findings runs only if one of them dangles. A fullUrl one slip away (slipThreshold) is
 * suggested.
 */
export const bundleReferenceRule = createRule({
  scope: PAYLOAD,
  meta: {
    id: 'bundle-reference',
    severity: 'error',
    description: 'Every urn:uuid: reference in a bundle matches the fullUrl of one of its entries.',
    messages: {
      dangling:
        "The reference {{reference}} matches no entry's fullUrl; a urn:uuid reference must name an entry of the same bundle (add that entry, or fix the reference).{{nearest}}",
    },
    needsWholePayload: true,
  },
  appliesTo: isBundleKind,
  check(context) {
    const entries = context.shared(bundleEntries);
    if (entries.length === 0) return;
    const fullUrls = new Set<string>();
    for (const entry of entries) if (entry.fullUrl !== undefined) fullUrls.add(entry.fullUrl);
    // Most references equal a fullUrl: the set answers first, the urn:uuid test only for the rest.
    const dangling = (value: string) => !fullUrls.has(value) && isUrnUuid(value);
    // The twin met every reference while accepting the bundle: the walk is needed only to place a dangling one.
    if (context.twinReferences && !anyDangling(context.twinReferences, dangling)) return;
    const header = messageHeader(entries);
    const focus = header ? `${header.pointer}/resource/focus/` : undefined;
    const urls = entries.map((e) => e.fullUrl);
    let suggested = 0;
    for (const found of findReferences(entries, dangling)) {
      if (focus !== undefined && found.pointer.startsWith(focus)) continue;
      const nearest = suggested++ < MAX_SUGGESTED ? nearestFullUrl(found.value, entries, urls) : '';
      context.report({ pointer: found.pointer, messageId: 'dangling', data: { reference: quoteId(found.value), nearest } });
    }
  },
});
