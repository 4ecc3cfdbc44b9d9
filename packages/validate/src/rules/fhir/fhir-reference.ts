import { code, fieldPath } from '../../display.js';
import { childPointer, quoteId } from '../../finding.js';
import { bundleEntries } from '../../fhir/bundle.js';
import { walkReferences, type ReferenceSite } from '../../fhir/r4-reference-walk.js';
import { allSitesFine, referenceTypeName, targetAgrees } from '../../fhir/reference-sites.js';
import { typeList, wrongTargetsOf } from '../../fhir/reference-targets.js';
import { resourceSlots } from '../../fhir/resource-slots.js';
import { createRule } from '../create-rule.js';
import { PAYLOAD } from '../scopes.js';

const MESSAGES = {
  malformed:
    '{{field}} is {{value}}, which is not a reference a FHIR server can follow: write `Type/id` (`Patient/123`), an absolute URL, `urn:uuid:` with a UUID, `urn:oid:` with an OID, or `#id` of a contained resource.',
  unknownType: '{{field}} is {{value}}: {{type}} is not an R4 resource type. Write `Type/id` with an R4 type name.',
  unknownTypeCase: '{{field}} is {{value}}: {{type}} is not an R4 resource type; did you mean {{near}} (type names are case-sensitive)?',
  badId: '{{field}} is {{value}}: {{id}} is not a FHIR id (1 to 64 letters, digits, `-` and `.`).',
  badUuid: '{{field}} is {{value}}, not a `urn:uuid:` FHIR accepts: write `urn:uuid:` and a UUID, 8-4-4-4-12 hexadecimal digits.',
  badOid: '{{field}} is {{value}}, not a `urn:oid:` FHIR accepts: write `urn:oid:` and an OID, numbers separated by dots, starting with 0, 1 or 2.',
  noContained:
    '{{field}} is {{value}}, but the resource contains no resource with id {{id}} (ref-1): add it to `contained`, or refer to the resource another way.',
  wrongTarget: '{{field}} refers to {{found}} (read from {{via}}); R4 allows {{allowed}} at `{{element}}`.',
  typeDisagrees: '{{field}} is {{type}}, but the reference refers to {{found}} (read from {{via}}): make `type` and `reference` agree.',
  typeNotAllowed: '{{field}} is {{type}}; R4 allows {{allowed}} at `{{element}}`.',
} as const;

const via = (found: NonNullable<ReferenceSite['found']>) =>
  found.via === 'url' ? 'its URL' : found.via === 'contained' ? 'the contained resource it names' : `the entry it resolves to, \`entry[${found.entry}]\``;

/**
 * Every Reference in every FHIR resource (payloads, entries, contained resources, resources in CDS
 * Hooks documents), checked by R4's rules: the reference's syntax, ref-1 (`#id` names a contained
 * resource), the target type R4's targetProfile allows at that element (read from the URL, the
 * entry or the contained resource it resolves to), and `Reference.type` against both.
 */
export const fhirReferenceRule = createRule({
  scope: PAYLOAD,
  meta: {
    id: 'fhir-reference',
    severity: 'error',
    description: 'A FHIR Reference must be well formed, resolve where it must, and refer to a type R4 allows at that element.',
    messages: MESSAGES,
    needsWholePayload: true,
  },
  appliesTo: (kind) => kind.family === 'fhir' || kind.resources === true,
  check(context) {
    const { payload, kind } = context;
    // A payload the fast path accepted, whose every Reference it gathered is fine: nothing to walk.
    const sites = context.twinSites;
    if (sites !== undefined && context.twinReferences !== undefined && kind.family === 'fhir') {
      const root = payload as Record<string, unknown>;
      const entries = root.resourceType === 'Bundle' ? context.shared(bundleEntries) : undefined;
      if (allSitesFine(sites, context.twinReferences.length, entries)) return;
    }
    // What reference-target already says (a service profile's member refers to a type R4 does not allow there).
    const service = wrongTargetsOf(kind.id);
    const reported = new Set(service ? context.shared(service).flatMap((w) => (w.targets.r4.includes(w.found) ? [] : [w.pointer])) : []);
    type Report = Parameters<typeof context.report>[0];
    /** The one problem of a Reference, if any: its syntax first, then ref-1, its target, its `type`. */
    const problem = (site: ReferenceSite): Report | undefined => {
      const parsed = site.parsed;
      // Decided before any pointer or text is made: a reference that is fine costs no string.
      const fine =
        parsed?.form !== 'malformed' &&
        parsed?.form !== 'unknownType' &&
        parsed?.form !== 'badId' &&
        !((parsed?.form === 'badUuid' || parsed?.form === 'badOid') && !site.danglingInBundle) &&
        !site.missingContained &&
        targetAgrees(site.targets, site.found?.type, site.type);
      if (fine) return undefined;
      // A message's focus is bundle-focus's: it resolves it among the entries and checks its type.
      const element = site.element();
      if (site.inBundle && element === 'MessageHeader.focus') return undefined;
      const at = childPointer(site.pointer(), 'reference');
      const field = code(fieldPath(at));
      const value = quoteId(site.reference);
      switch (parsed?.form) {
        case 'malformed':
          return { pointer: at, messageId: 'malformed', data: { field, value } };
        case 'unknownType':
          return parsed.near === undefined
            ? { pointer: at, messageId: 'unknownType', data: { field, value, type: quoteId(parsed.type) } }
            : { pointer: at, messageId: 'unknownTypeCase', data: { field, value, type: quoteId(parsed.type), near: code(parsed.near) } };
        case 'badId':
          return { pointer: at, messageId: 'badId', data: { field, value, id: quoteId(parsed.id) } };
        case 'badUuid':
        case 'badOid':
          // In a bundle, one that matches no fullUrl is bundle-reference's (one finding).
          return site.danglingInBundle ? undefined : { pointer: at, messageId: parsed.form, data: { field, value } };
        case 'contained':
          if (site.missingContained) return { pointer: at, messageId: 'noContained', data: { field, value, id: quoteId(parsed.id) } };
          break;
        default:
      }
      const allowed = site.targets.length > 0 ? typeList(site.targets) : undefined;
      const found = site.found;
      if (found && allowed && !site.targets.includes(found.type))
        return reported.has(at)
          ? undefined
          : { pointer: at, messageId: 'wrongTarget', data: { field, found: typeList([found.type]), via: via(found), allowed, element } };
      const type = site.type === undefined ? undefined : referenceTypeName(site.type);
      if (type === undefined) return undefined;
      const typeAt = childPointer(site.pointer(), 'type');
      const typeField = code(fieldPath(typeAt));
      if (found && found.type !== type)
        return {
          pointer: typeAt,
          messageId: 'typeDisagrees',
          data: { field: typeField, type: quoteId(site.type), found: typeList([found.type]), via: via(found) },
        };
      if (allowed && !site.targets.includes(type))
        return { pointer: typeAt, messageId: 'typeNotAllowed', data: { field: typeField, type: quoteId(site.type), allowed, element } };
      return undefined;
    };
    const check = (site: ReferenceSite) => {
      const report = problem(site);
      if (report) context.report(report);
    };
    if (kind.family === 'fhir') {
      if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return;
      const root = payload as Record<string, unknown>;
      // When the strict twin met every reference, a walk of R4's reference paths alone that meets as
      // many has seen them all; otherwise (or if it reported) the whole resource is walked.
      const gathered = context.twinReferences;
      if (gathered) {
        const pending: Report[] = [];
        const count = walkReferences(
          root,
          [],
          (site) => {
            const report = problem(site);
            if (report) pending.push(report);
          },
          'table',
        );
        if (count === gathered.length) {
          for (const report of pending) context.report(report);
          return;
        }
      }
      walkReferences(root, [], check);
      return;
    }
    for (const slot of resourceSlots(payload, context.shape)) walkReferences(slot.resource, slot.path, check);
  },
});
