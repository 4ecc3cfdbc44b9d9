/**
 * Whether every Reference the strict fast path gathered is certainly fine by fhir-reference's
 * rules, decided from the gathered (object, element) pairs alone: no walk of the payload, no
 * pointer. Anything it cannot decide as the walk would (a `#id`, whose contained resources are the
 * walk's; a versioned absolute URL; a form the rule reports) answers no, and the rule walks.
 */
import { R4_REFERENCES } from '../generated/r4-references.js';
import { bundleIndex } from './bundle-index.js';
import type { EntryView } from './entry-view.js';
import { parseReferenceOnce } from './reference-syntax.js';

const R4_PROFILE = 'http://hl7.org/fhir/StructureDefinition/';

/** `Reference.type` as a resource type name (`Patient`, or R4's URL for it); undefined for another URL. */
export const referenceTypeName = (type: string): string | undefined =>
  type.startsWith(R4_PROFILE) ? type.slice(R4_PROFILE.length) : /^[A-Z][A-Za-z]*$/.test(type) ? type : undefined;

/**
 * Whether a Reference's target agrees with its element and its `type`: the type it resolves to
 * (`found`, when anything tells) is one R4 allows there, and a `type` naming a resource type is that
 * same type, or, when nothing resolves, one R4 allows there. Empty `targets`: any type.
 */
export function targetAgrees(targets: readonly string[], found: string | undefined, type: string | undefined): boolean {
  if (found !== undefined && targets.length > 0 && !targets.includes(found)) return false;
  if (type === undefined) return true;
  const named = referenceTypeName(type);
  if (named === undefined || named === found) return true;
  return found === undefined && (targets.length === 0 || targets.includes(named));
}

const NO_TARGETS: readonly string[] = [];
const targetsByElement = new Map<string, readonly string[] | null>();

/** What R4 allows at an element (`Observation.subject`): empty, any type; null, an element the table lacks. */
function targetsOf(element: string): readonly string[] | null {
  let targets = targetsByElement.get(element);
  if (targets === undefined) {
    const dot = element.indexOf('.');
    const paths = dot < 0 ? undefined : R4_REFERENCES[element.slice(0, dot)];
    const entry = paths && Object.hasOwn(paths, element.slice(dot + 1)) ? paths[element.slice(dot + 1)] : undefined;
    targets = Array.isArray(entry) ? (entry.length === 0 ? NO_TARGETS : entry) : null;
    targetsByElement.set(element, targets);
  }
  return targets;
}

/**
 * True when every site is fine: its reference well formed and resolving (in `entries`, the root
 * bundle's, or by its URL) to a type its element allows, and its `type` agreeing. `references`
 * is how many `reference` strings the fast path met: fewer sites holding one means some Reference
 * stood where no site was gathered, and the answer is no.
 */
export function allSitesFine(sites: readonly unknown[], references: number, entries: readonly EntryView[] | undefined): boolean {
  const index = entries === undefined ? undefined : bundleIndex(entries);
  let met = 0;
  for (let i = 0; i < sites.length; i += 2) {
    const value = sites[i] as Record<string, unknown>;
    const targets = targetsOf(sites[i + 1] as string);
    if (targets === null) return false;
    const reference = value.reference;
    let found: string | undefined;
    if (typeof reference === 'string') {
      met++;
      const form = parseReferenceOnce(reference);
      switch (form.form) {
        case 'relative':
        case 'conditional':
          found = form.type;
          break;
        case 'uuid':
        case 'oid':
          found = index?.byFullUrl(reference)?.resourceType;
          break;
        case 'absolute':
          if (reference.includes('/_history/')) return false;
          found = index?.byFullUrl(reference)?.resourceType ?? form.type;
          break;
        default:
          return false;
      }
    } else if (reference !== undefined) return false;
    const type = value.type;
    if ((type !== undefined && typeof type !== 'string') || !targetAgrees(targets, found, type)) return false;
  }
  return met === references;
}
