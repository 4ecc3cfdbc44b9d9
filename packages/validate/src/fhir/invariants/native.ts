// The invariants every FHIR payload meets most, checked in one walk of the payload without FHIRPath:
// ele-1 (an element has a value or children), ext-1 (an extension has a value or extensions, not
// both), and a contained resource's dom-2 (no nested contained), dom-3 (referred to), dom-4 (no
// meta.versionId or meta.lastUpdated) and dom-5 (no security labels). Linear in the payload's size:
// each member is visited once, and dom-3's `#id` references are gathered in one more pass over
// resources that contain others only.
import { pointerToken } from '../../finding.js';
import { isObject } from '../../json.js';

/** A finding of the walk: the invariant's key and the JSON Pointer of the element that breaks it. */
export type NativeReport = (key: string, pointer: string) => void;

type Json = Readonly<Record<string, unknown>>;

/** R4's resources that are not DomainResources: they have no `contained` (nor dom-*). */
export const NOT_DOMAIN: ReadonlySet<string> = new Set(['Bundle', 'Binary', 'Parameters']);

/** Segments of the pointer to where the walk is; the string is built only for a finding. */
export class Path {
  readonly #segments: (string | number)[] = [];
  push(segment: string | number): void {
    this.#segments.push(segment);
  }
  pop(): void {
    this.#segments.pop();
  }
  pointer(...more: (string | number)[]): string {
    let out = '';
    for (const s of this.#segments) out += `/${typeof s === 'number' ? s : pointerToken(s)}`;
    for (const s of more) out += `/${typeof s === 'number' ? s : pointerToken(s)}`;
    return out;
  }
}

/** Whether an element object has nothing but an `id`: no value, no children (ele-1). */
export function isEmptyElement(element: Json): boolean {
  for (const key in element) if (key !== 'id') return false;
  return true;
}

/** Whether an extension has `extension` or a `value[x]` (its value, or only its `_value[x]` extensions), and which. */
export function extensionParts(extension: Json): { extensions: boolean; value: boolean } {
  let value = false;
  for (const key in extension) {
    const name = key.charCodeAt(0) === 95 ? key.slice(1) : key;
    if (name.startsWith('value') && name.length > 5 && extension[key] !== undefined) value = true;
  }
  return { extensions: extension.extension !== undefined, value };
}

/** Every string in `value` that starts with `#` (a local reference, canonical or uri), into `into`. */
function localReferences(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') {
    if (value.charCodeAt(0) === 35) into.add(value);
  } else if (Array.isArray(value)) for (const item of value) localReferences(item, into);
  else if (isObject(value)) for (const key in value) localReferences(value[key], into);
}

/** dom-2…dom-5 on the contained resources of one DomainResource. */
export function checkContained(resource: Json, contained: readonly unknown[], path: Path, report: NativeReport): void {
  // dom-3: `#id` anywhere in the resource (its contained resources included), or a contained
  // resource that refers to its container (`#`).
  const references = new Set<string>();
  localReferences(resource, references);
  contained.forEach((item, i) => {
    if (!isObject(item)) return;
    if (item.contained !== undefined) report('dom-2', path.pointer('contained', i, 'contained'));
    const meta = item.meta;
    if (isObject(meta)) {
      if (meta.versionId !== undefined) report('dom-4', path.pointer('contained', i, 'meta', 'versionId'));
      if (meta.lastUpdated !== undefined) report('dom-4', path.pointer('contained', i, 'meta', 'lastUpdated'));
      if (meta.security !== undefined) report('dom-5', path.pointer('contained', i, 'meta', 'security'));
    }
    if (typeof item.id === 'string' && !references.has(`#${item.id}`) && !references.has('#')) report('dom-3', path.pointer('contained', i));
  });
}

/** Walks one resource (the payload, a contained one, a bundle entry's…) and what it holds. */
export function walkResource(resource: Json, path: Path, report: NativeReport, isContained = false): void {
  const type = resource.resourceType;
  const contained = resource.contained;
  // A contained resource's own contained ones are dom-2's one finding (and not walked twice for dom-3).
  if (!isContained && typeof type === 'string' && !NOT_DOMAIN.has(type) && Array.isArray(contained) && contained.length > 0) {
    checkContained(resource, contained, path, report);
  }
  walkMembers(resource, path, report);
}

function walkMembers(element: Json, path: Path, report: NativeReport): void {
  for (const key in element) {
    const value = element[key];
    if (typeof value === 'object' && value !== null) walkMember(element, key, value, path, report);
  }
}

/** One member of an element whose value is an object or a list (`path` is the element's). */
export function walkMember(element: Json, key: string, value: object, path: Path, report: NativeReport): void {
  path.push(key);
  const isExtension = key === 'extension' || key === 'modifierExtension';
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (!isObject(item)) continue;
      path.push(i);
      walkValue(item, key, isExtension, element, i, path, report);
      path.pop();
    }
  } else walkValue(value as Json, key, isExtension, element, undefined, path, report);
  path.pop();
}

export function walkValue(value: Json, key: string, isExtension: boolean, parent: Json, index: number | undefined, path: Path, report: NativeReport): void {
  if (typeof value.resourceType === 'string') {
    walkResource(value, path, report, key === 'contained');
    return;
  }
  if (isEmptyElement(value)) {
    // A primitive's `_name` holds its id and extensions: its value stands beside it.
    if (!(key.startsWith('_') && hasPrimitiveValue(parent[key.slice(1)], index))) report('ele-1', path.pointer());
    return;
  }
  if (isExtension) {
    const { extensions, value: hasValue } = extensionParts(value);
    if (extensions === hasValue) report('ext-1', path.pointer());
  }
  walkMembers(value, path, report);
}

/** Whether the primitive beside a `_name` (at `index` when it is a list) has a value. */
function hasPrimitiveValue(primitive: unknown, index: number | undefined): boolean {
  const value = index === undefined ? primitive : Array.isArray(primitive) ? (primitive[index] as unknown) : undefined;
  return value !== undefined && value !== null;
}

/** Checks the native invariants of a FHIR payload (a resource, at the root). */
export function checkNativeInvariants(payload: unknown, report: NativeReport): void {
  if (isObject(payload)) walkResource(payload, new Path(), report);
}
