import { code, fieldPath } from '../../display.js';
import { childPointer, quoteId } from '../../finding.js';
import { bundleEntries } from '../../fhir/bundle.js';
import { bundleIndex, type BundleIndex } from '../../fhir/bundle-index.js';
import { isMessageKind } from '../../fhir/kinds.js';
import { resourceSlots } from '../../fhir/resource-slots.js';
import { aType } from '../../fhir/type-names.js';
import { R4_RESOURCE_TYPES } from '../../generated/r4-references.js';
import { createRule } from '../create-rule.js';
import { PAYLOAD } from '../scopes.js';
import { isObject } from '../../json.js';

type Json = Record<string, unknown>;
const str = (value: unknown) => (typeof value === 'string' ? value : undefined);

const MESSAGES = {
  total: '{{field}} is only for a search result or a history (bdl-1); this bundle is a {{type}}: remove it.',
  search: '{{field}} is only for the entries of a search result (bdl-2); this bundle is a {{type}}: remove it.',
  requestMissing: '{{field}} needs a `request` in a {{type}} bundle (bdl-3): say what the server is to do with it (`method` and `url`).',
  requestNotAllowed: '{{field}} is only for batch, transaction and history bundles (bdl-3); this bundle is a {{type}}: remove it.',
  responseMissing: '{{field}} needs a `response` in a {{type}} bundle (bdl-4).',
  responseNotAllowed: '{{field}} is only for batch-response, transaction-response and history bundles (bdl-4); this bundle is a {{type}}: remove it.',
  noResource: '{{field}} has no `resource`, and no `request` or `response` (bdl-5): add the resource.',
  duplicateFullUrl:
    '{{field}} is {{fullUrl}}, the fullUrl of `entry[{{first}}]` too (bdl-7): each entry of a bundle has its own fullUrl (entries of one resource differ in `meta.versionId`).',
  versionedFullUrl: '{{field}} is {{fullUrl}}, a version-specific URL (bdl-8): write it without `/_history/…`.',
  documentIdentifier: 'A document bundle needs an `identifier` with a `system` and a `value` (bdl-9).',
  documentDate: 'A document bundle needs a `timestamp` (bdl-10).',
  documentComposition: 'A document bundle starts with its Composition (bdl-11), but {{field}} is {{first}}.',
  messageHeader: 'A message bundle starts with its MessageHeader (bdl-12), but {{field}} is {{first}}.',
  fullUrlType: '{{field}} is {{fullUrl}}, a URL of a {{urlType}}, but its resource is {{actual}}: make the fullUrl and the resource agree.',
  fullUrlId: '{{field}} is {{fullUrl}}, which ends in id {{urlId}}, but its resource has id {{actualId}}: make the fullUrl and `resource.id` agree.',
} as const;

const BUNDLE_TYPES = new Set(['document', 'message', 'transaction', 'transaction-response', 'batch', 'batch-response', 'history', 'searchset', 'collection']);
const SEARCH_OR_HISTORY = new Set(['searchset', 'history']);
const WITH_REQUEST = new Set(['batch', 'transaction', 'history']);
const WITH_RESPONSE = new Set(['batch-response', 'transaction-response', 'history']);
const ID = /^[A-Za-z0-9\-.]{1,64}$/;

/** The type and id a RESTful fullUrl ends in (`https://x/fhir/Patient/1`), if it does. */
function restful(fullUrl: string): { type: string; id: string } | undefined {
  if (!/^https?:\/\//.test(fullUrl)) return undefined;
  const segments = fullUrl.split('/');
  const type = segments[segments.length - 2];
  const id = segments[segments.length - 1];
  return type !== undefined && id !== undefined && R4_RESOURCE_TYPES.has(type) && ID.test(id) ? { type, id } : undefined;
}

/** A resource's `meta.versionId`, when a string. */
const versionOf = (resource: Json | undefined) => {
  const meta = resource && isObject(resource.meta) ? resource.meta : undefined;
  return str(meta?.versionId);
};

/**
 * R4's Bundle invariants bdl-1 to bdl-12 (R4 has no bdl-6), checked natively in one pass over the
 * entries (fullUrls looked up in the bundle's shared index: linear), and the agreement of a RESTful fullUrl with its
 * resource's type and id (R4 Bundle, "fullUrl … SHALL end with the Resource.id"). Each finding names
 * its invariant key in its message and in `data.key`.
 */
export const fhirBundleRule = createRule({
  scope: PAYLOAD,
  meta: {
    id: 'fhir-bundle',
    severity: 'error',
    description: "A FHIR Bundle must meet R4's bundle invariants (bdl-1 to bdl-12) and each fullUrl must agree with its resource.",
    messages: MESSAGES,
    needsWholePayload: true,
  },
  appliesTo: (kind) => kind.family === 'fhir' || kind.resources === true,
  check(context) {
    const { payload, kind } = context;
    type MessageId = keyof typeof MESSAGES;
    const bundle = (value: Json, at: string, index: BundleIndex) => {
      const type = str(value.type);
      const report = (pointer: string, messageId: MessageId, key: string, data: Record<string, string | number> = {}) => {
        context.report({ pointer, messageId, data: { key, field: code(fieldPath(pointer)), type: type ?? '', ...data } });
      };
      // A type outside R4's value set is the schema's finding; the invariants read a known type.
      if (type === undefined || !BUNDLE_TYPES.has(type)) return;
      if (value.total !== undefined && !SEARCH_OR_HISTORY.has(type)) report(childPointer(at, 'total'), 'total', 'bdl-1');
      const entries: unknown[] = Array.isArray(value.entry) ? value.entry : [];
      // The versionIds met per repeated fullUrl (bdl-7), made only once a fullUrl repeats; the first
      // entry of each fullUrl is the shared index's, so a valid bundle's pass allocates nothing per entry.
      let repeats: Map<string, Set<string | undefined>> | undefined;
      const needsRequest = WITH_REQUEST.has(type);
      const needsResponse = WITH_RESPONSE.has(type);
      // Pointers are made only for a finding: a valid bundle's pass makes no string per entry.
      const here = (index: number, member?: string) => {
        const pointer = childPointer(childPointer(at, 'entry'), index);
        return member === undefined ? pointer : childPointer(pointer, member);
      };
      for (let i = 0; i < entries.length; i++) {
        const entry = entries[i];
        if (!isObject(entry)) continue;
        if (entry.search !== undefined && type !== 'searchset') report(here(i, 'search'), 'search', 'bdl-2');
        if (entry.request === undefined && needsRequest) report(here(i), 'requestMissing', 'bdl-3');
        if (entry.request !== undefined && !needsRequest) report(here(i, 'request'), 'requestNotAllowed', 'bdl-3');
        if (entry.response === undefined && needsResponse) report(here(i), 'responseMissing', 'bdl-4');
        if (entry.response !== undefined && !needsResponse) report(here(i, 'response'), 'responseNotAllowed', 'bdl-4');
        const resource = isObject(entry.resource) ? entry.resource : undefined;
        if (!resource && entry.request === undefined && entry.response === undefined) report(here(i), 'noResource', 'bdl-5');
        const fullUrl = str(entry.fullUrl);
        if (fullUrl === undefined) continue;
        if (fullUrl.includes('/_history/')) report(here(i, 'fullUrl'), 'versionedFullUrl', 'bdl-8', { fullUrl: quoteId(fullUrl) });
        const before = index.byFullUrl(fullUrl);
        if (before !== undefined && before.index !== i && type !== 'history') {
          repeats ??= new Map();
          let versions = repeats.get(fullUrl);
          if (!versions) repeats.set(fullUrl, (versions = new Set([versionOf(before.resource)])));
          const version = versionOf(resource);
          if (version === undefined || versions.has(version))
            report(here(i, 'fullUrl'), 'duplicateFullUrl', 'bdl-7', { fullUrl: quoteId(fullUrl), first: before.index });
          versions.add(version);
        }
        const actual = str(resource?.resourceType);
        // Only an http(s) fullUrl names a type and an id.
        if (actual === undefined || fullUrl.charCodeAt(0) !== 104) continue;
        const rest = restful(fullUrl);
        if (!rest) continue;
        if (rest.type !== actual)
          report(here(i, 'fullUrl'), 'fullUrlType', 'fullUrl', { fullUrl: quoteId(fullUrl), urlType: rest.type, actual: aType(actual) });
        else if (typeof resource?.id === 'string' && resource.id !== rest.id)
          report(here(i, 'fullUrl'), 'fullUrlId', 'fullUrl', { fullUrl: quoteId(fullUrl), urlId: quoteId(rest.id), actualId: quoteId(resource.id) });
      }
      const first = isObject(entries[0]) && isObject(entries[0].resource) ? entries[0].resource : undefined;
      const firstAt = childPointer(childPointer(childPointer(at, 'entry'), 0), 'resource');
      const firstType = str(first?.resourceType);
      if (type === 'document') {
        const identifier = isObject(value.identifier) ? value.identifier : undefined;
        if (identifier?.system === undefined || identifier.value === undefined) report(at, 'documentIdentifier', 'bdl-9');
        if (value.timestamp === undefined) report(at, 'documentDate', 'bdl-10');
        if (firstType !== 'Composition' && entries.length > 0)
          report(firstAt, 'documentComposition', 'bdl-11', { first: firstType ? aType(firstType) : 'not a resource' });
      }
      // A message kind's own bundle is bundle-message-header's (one finding).
      if (type === 'message' && firstType !== 'MessageHeader' && entries.length > 0 && !(at === '' && isMessageKind(kind)))
        report(firstAt, 'messageHeader', 'bdl-12', { first: firstType ? aType(firstType) : 'not a resource' });
    };
    if (kind.family === 'fhir') {
      // The payload's own entries and their index are shared with the other bundle rules.
      if (isObject(payload) && payload.resourceType === 'Bundle') bundle(payload, '', bundleIndex(context.shared(bundleEntries)));
      return;
    }
    for (const slot of resourceSlots(payload, context.shape))
      if (slot.resource.resourceType === 'Bundle')
        bundle(
          slot.resource,
          slot.path.reduce<string>((p, k) => childPointer(p, k), ''),
          bundleIndex(bundleEntries(slot.resource)),
        );
  },
});
