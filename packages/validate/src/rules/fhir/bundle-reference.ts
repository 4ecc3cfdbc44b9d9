import { code, fieldPath } from '../../display.js';
import { quoteId } from '../../finding.js';
import { bundleEntries, findReferences, messageHeader, type EntryView } from '../../fhir/bundle.js';
import { bundleIndex } from '../../fhir/bundle-index.js';
import { nearestIndex } from '../../nearest.js';
import { isBundleKind } from '../../fhir/kinds.js';
import { aType } from '../../fhir/type-names.js';
import { createRule } from '../create-rule.js';
import { MAX_DEPTH } from '../../depth.js';
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
  const type = entry.resourceType === undefined ? '' : ` (${aType(entry.resourceType)})`;
  return ` Did you mean ${quoteId(entry.fullUrl)}, the fullUrl of ${code(fieldPath(entry.pointer))}${type}?`;
}

/**
 * A `urn:uuid:` reference has no meaning outside its bundle: it must equal the fullUrl of one of
 * the bundle's entries. Checked for every Reference.reference in every entry (contained resources
 * included), except MessageHeader.focus, which bundle-focus checks. When the strict twin accepted
 * the bundle it has already met every reference (context.twinReferences), so the walk that
 * places findings runs only if one of them dangles. The walk is bounded (fhir/bundle.ts
 * findReferences): no deeper than nesting-depth's limit, at most maxFindingsPerRule references and
 * about a million characters of pointers listed, the rest counted in one summary. A fullUrl one
 * slip away (slipThreshold) is suggested.
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
      more: "{{count}} more urn:uuid references (the first here) match no entry's fullUrl; they are not listed one by one.",
      tooDeep: 'This part of the bundle is nested deeper than {{depth}} levels, past any real resource; the references inside it were not checked.',
    },
    needsWholePayload: true,
  },
  appliesTo: isBundleKind,
  check(context) {
    const entries = context.shared(bundleEntries);
    if (entries.length === 0) return;
    const index = bundleIndex(entries);
    // Most references equal a fullUrl: the index answers first, the urn:uuid test only for the rest.
    const dangling = (value: string) => !index.hasFullUrl(value) && isUrnUuid(value);
    // The twin met every reference while accepting the bundle: the walk is needed only to place a dangling one.
    if (context.twinReferences && !anyDangling(context.twinReferences, dangling)) return;
    const header = messageHeader(entries);
    const { found, more, morePointer, tooDeep } = findReferences(entries, dangling, {
      limit: context.maxFindingsPerRule,
      pointerBudget: POINTER_BUDGET,
      // MessageHeader.focus is bundle-focus's.
      ...(header ? { exclude: { entry: header.index, member: 'focus' } } : {}),
    });
    const urls = entries.map((e) => e.fullUrl);
    found.forEach((reference, i) => {
      const nearest = i < MAX_SUGGESTED ? nearestFullUrl(reference.value, entries, urls) : '';
      context.report({ pointer: reference.pointer, messageId: 'dangling', data: { reference: quoteId(reference.value), nearest } });
    });
    if (more > 0) context.report({ pointer: morePointer!, messageId: 'more', data: { count: more }, omitted: more });
    if (tooDeep !== undefined) context.report({ pointer: tooDeep, messageId: 'tooDeep', data: { depth: MAX_DEPTH } });
  },
});

/**
 * Characters of pointers listed at most (about 1 MB): past it, dangling references are counted, not
 * listed. Each pointer is as long as its depth and its member names, so a few hundred deep ones
 * under long names would otherwise make a report quadratic in the file's size.
 */
const POINTER_BUDGET = 1_000_000;
