/**
 * The references whose target type the spec states (Goal.subject "to a Patient", the Claim
 * $attach DocumentReference subject "a Patient, Practitioner, Group or Device", …; generated from
 * the profiles' `cdxTargets` with R4's own targets beside them) and that refer to another type. The
 * type is read from the reference itself (`Organization/1`, `https://…/fhir/Organization/1`), from
 * the bundle entry a `urn:uuid:` resolves to, or from the contained resource a `#id` names.
 * `Reference.type` is the profiles' overlay's to check (service-profile).
 */
import { fieldPath } from '../display.js';
import { childPointer } from '../finding.js';
import { REFERENCE_TARGETS, type ReferenceTargets } from '../generated/reference-targets.js';
import { asObject, bundleEntries, referenceForm, referencedType, resolveReference, type EntryView, type Json } from './bundle.js';
import { articleOf, aType, typeName } from './type-names.js';

export interface WrongTarget {
  /** The `reference` member. */
  readonly pointer: string;
  /** The member as a field path: `subject`, `entry[0].resource.subject`. */
  readonly field: string;
  readonly resourceType: string;
  readonly member: string;
  readonly reference: string;
  /** The type it refers to. */
  readonly found: string;
  /** Where the type was read: the reference's URL, or the entry (`entry[3]`) or contained resource it resolves to. */
  readonly via: string;
  readonly targets: ReferenceTargets;
}

function containedType(resource: Json, reference: string): string | undefined {
  const contained = resource.contained;
  if (!Array.isArray(contained)) return undefined;
  const id = reference.slice(1);
  const found = contained.map(asObject).find((c) => c?.id === id);
  return typeof found?.resourceType === 'string' ? found.resourceType : undefined;
}

/** The type a reference refers to, and where that was read; undefined when nothing tells. */
function targetOf(reference: string, resource: Json, entries: readonly EntryView[]): { type: string; via: string } | undefined {
  switch (referenceForm(reference)) {
    case 'relative':
    case 'absolute': {
      const type = referencedType(reference);
      return type ? { type, via: 'its URL' } : undefined;
    }
    case 'urn': {
      const entry = resolveReference(reference, entries);
      return entry?.resourceType ? { type: entry.resourceType, via: `the entry it resolves to, \`entry[${entry.index}]\`` } : undefined;
    }
    case 'contained': {
      const type = containedType(resource, reference);
      return type ? { type, via: 'the contained resource it names' } : undefined;
    }
    default:
      return undefined;
  }
}

function check(resource: Json, at: string, members: Readonly<Record<string, ReferenceTargets>>, entries: readonly EntryView[], out: WrongTarget[]): void {
  const resourceType = String(resource.resourceType);
  for (const [member, targets] of Object.entries(members)) {
    const reference = asObject(resource[member])?.reference;
    if (typeof reference !== 'string') continue;
    const target = targetOf(reference, resource, entries);
    if (!target || targets.service.includes(target.type)) continue;
    const pointer = childPointer(childPointer(at, member), 'reference');
    out.push({ pointer, field: fieldPath(childPointer(at, member)), resourceType, member, reference, found: target.type, via: target.via, targets });
  }
}

const computeByKind = new Map<string, (payload: unknown) => readonly WrongTarget[]>();

/**
 * The wrong targets of a payload of this kind (one function per kind, so that context.shared()
 * computes it once for the two rules that report them).
 */
export function wrongTargetsOf(kindId: string): ((payload: unknown) => readonly WrongTarget[]) | undefined {
  const byType = REFERENCE_TARGETS[kindId];
  if (!byType) return undefined;
  let compute = computeByKind.get(kindId);
  if (!compute) {
    compute = (payload) => {
      const root = asObject(payload);
      if (!root) return [];
      const out: WrongTarget[] = [];
      const own = typeof root.resourceType === 'string' ? byType[root.resourceType] : undefined;
      if (own) check(root, '', own, [], out);
      else if (root.resourceType === 'Bundle') {
        const entries = bundleEntries(payload);
        for (const entry of entries) {
          const members = entry.resourceType ? byType[entry.resourceType] : undefined;
          if (members && entry.resource) check(entry.resource, `${entry.pointer}/resource`, members, entries, out);
        }
      }
      return out;
    };
    computeByKind.set(kindId, compute);
  }
  return compute;
}

/**
 * "a Patient", "a Patient, Practitioner, Group or Device"; a type that is no R4 type name (one read
 * from a payload's entry or contained resource) quoted: `a resource of type "x\ny"`.
 */
export function typeList(types: readonly string[]): string {
  if (types.length <= 1) return aType(types[0] ?? '');
  return `${articleOf(types[0]!)} ${types.slice(0, -1).map(typeName).join(', ')} or ${typeName(types.at(-1)!)}`;
}
