/**
 * Every Reference in a FHIR resource, found with R4's own table of where references stand
 * (generated/r4-references.ts), with what a reference there may refer to and what it does refer
 * to: the type in its URL, the bundle entry a `urn:uuid:`/`urn:oid:`/absolute URL resolves to, or
 * the contained resource a `#id` names. One walk of the resource; a bundle's fullUrls and a
 * resource's contained ids are indexed once, so the cost is linear in the payload.
 */
import { childPointer } from '../finding.js';
import { MAX_DEPTH } from '../depth.js';
import { R4_REFERENCES, type R4ReferencePath } from '../generated/r4-references.js';
import { parseReference, type ParsedReference } from './reference-syntax.js';

type Json = Record<string, unknown>;
type Table = Readonly<Record<string, R4ReferencePath>>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** One Reference found, with what its element allows and what it resolves to. */
export interface ReferenceSite {
  /** Pointer of the Reference object (computed when asked, during the visit only: most references are fine). */
  readonly pointer: () => string;
  /** The element, as R4 names it (`Observation.subject`, `Identifier.assigner`). */
  readonly element: () => string;
  /** The types R4 allows there; empty: any. */
  readonly targets: readonly string[];
  readonly reference: string | undefined;
  readonly parsed: ParsedReference | undefined;
  /** `Reference.type`, when a string. */
  readonly type: string | undefined;
  /** The type it refers to and where that was read, when anything tells. */
  readonly found: { readonly type: string; readonly via: 'url' | 'entry' | 'contained'; readonly entry?: number } | undefined;
  /** A `#id` that names no contained resource (ref-1). */
  readonly missingContained: boolean;
  /** In a bundle, a `urn:` reference that matches no fullUrl (bundle-reference's to report). */
  readonly danglingInBundle: boolean;
  /** Inside a bundle's entry. */
  readonly inBundle: boolean;
}

interface Scope {
  /** The contained resources of the resource `#id` is read against: id → type. */
  readonly contained: ReadonlyMap<string, string>;
  /** The nearest bundle's entries: fullUrl → index and type. */
  readonly bundle: ReadonlyMap<string, { index: number; type: string | undefined }> | undefined;
}

function containedIds(resource: Json): ReadonlyMap<string, string> {
  const contained = resource.contained;
  if (!Array.isArray(contained) || contained.length === 0) return NO_CONTAINED;
  const out = new Map<string, string>();
  for (const c of contained) if (isObject(c) && typeof c.id === 'string') out.set(c.id, typeof c.resourceType === 'string' ? c.resourceType : '');
  return out;
}

function bundleIndex(bundle: Json): Map<string, { index: number; type: string | undefined }> {
  const out = new Map<string, { index: number; type: string | undefined }>();
  const entry = bundle.entry;
  if (!Array.isArray(entry)) return out;
  entry.forEach((e, index) => {
    if (!isObject(e) || typeof e.fullUrl !== 'string' || out.has(e.fullUrl)) return;
    const resource = e.resource;
    out.set(e.fullUrl, { index, type: isObject(resource) && typeof resource.resourceType === 'string' ? resource.resourceType : undefined });
  });
  return out;
}

function resolve(parsed: ParsedReference, reference: string, scope: Scope): ReferenceSite['found'] {
  switch (parsed.form) {
    case 'relative':
    case 'conditional':
      return { type: parsed.type, via: 'url' };
    case 'contained': {
      const type = scope.contained.get(parsed.id);
      return type ? { type, via: 'contained' } : undefined;
    }
    case 'absolute':
    case 'uuid':
    case 'oid': {
      const entry = scope.bundle?.get(reference) ?? (parsed.form === 'absolute' ? scope.bundle?.get(reference.replace(/\/_history\/[^/]*$/, '')) : undefined);
      if (entry?.type) return { type: entry.type, via: 'entry', entry: entry.index };
      return parsed.form === 'absolute' && parsed.type ? { type: parsed.type, via: 'url' } : undefined;
    }
    default:
      return undefined;
  }
}

const NO_CONTAINED: ReadonlyMap<string, string> = new Map();

/**
 * Calls `visit` for every Reference in `root` (a resource, or a document's resource at `at`), and
 * returns how many `reference` strings it met. `paths: 'table'` walks only where R4's table puts
 * references (and the extensions met on the way), not the data types that hold none: enough when
 * the count equals the references the strict twin gathered, since then none is elsewhere.
 */
export function walkReferences(root: Json, at: readonly (string | number)[], visit: (site: ReferenceSite) => void, paths: 'all' | 'table' = 'all'): number {
  const all = paths === 'all';
  let count = 0;
  const path: (string | number)[] = [...at];
  const pointer = () => path.reduce<string>((p, key) => childPointer(p, key), '');

  const site = (value: Json, typeName: string, key: string, targets: readonly string[], scope: Scope): void => {
    const reference = typeof value.reference === 'string' ? value.reference : undefined;
    if (reference !== undefined) count++;
    const parsed = reference === undefined ? undefined : parseReference(reference);
    const found = parsed && reference !== undefined ? resolve(parsed, reference, scope) : undefined;
    const missingContained = parsed?.form === 'contained' && parsed.id !== '' && !scope.contained.has(parsed.id);
    const danglingInBundle =
      scope.bundle !== undefined &&
      (parsed?.form === 'uuid' || parsed?.form === 'oid' || parsed?.form === 'badUuid' || parsed?.form === 'badOid') &&
      !scope.bundle.has(reference!);
    visit({
      pointer,
      element: () => `${typeName}.${key}`,
      targets,
      reference,
      parsed,
      type: typeof value.type === 'string' ? value.type : undefined,
      found,
      missingContained,
      danglingInBundle,
      inBundle: scope.bundle !== undefined,
    });
  };

  /**
   * The members of an object of type `typeName` at element path `prefix` (table undefined: no
   * reference can be below, but an extension can). No closure or key string is made per member
   * unless the table is read: a valid resource costs one pass and few allocations.
   */
  const members = (value: Json, typeName: string, table: Table | undefined, prefix: string, scope: Scope): void => {
    if (path.length > MAX_DEPTH) return;
    for (const name in value) {
      if (!Object.hasOwn(value, name)) continue;
      const child = value[name];
      if (typeof child !== 'object' || child === null) continue;
      let entry: R4ReferencePath | undefined;
      let key = '';
      if (name === 'extension' || name === 'modifierExtension') entry = 'Extension';
      else if (table !== undefined) {
        key = prefix === '' ? name : `${prefix}.${name}`;
        entry = table[key];
      }
      path.push(name);
      if (Array.isArray(child)) {
        for (let i = 0; i < child.length; i++) {
          const item: unknown = child[i];
          if (!isObject(item)) continue;
          path.push(i);
          step(item, name, entry, typeName, table, key, scope);
          path.pop();
        }
      } else step(child as Json, name, entry, typeName, table, key, scope);
      path.pop();
    }
  };

  /** One object under member `name`, by what the table says of it (`entry`). */
  const step = (item: Json, name: string, entry: R4ReferencePath | undefined, typeName: string, table: Table | undefined, key: string, scope: Scope): void => {
    if (entry === undefined) {
      if (all) members(item, typeName, undefined, '', scope);
    } else if (entry === 0) members(item, typeName, table, key, scope);
    else if (typeof entry !== 'string') {
      site(item, typeName, key, entry, scope);
      members(item, 'Reference', R4_REFERENCES.Reference, '', scope);
    } else if (entry === 'Resource') resource(item, name === 'contained' ? scope : undefined, scope.bundle);
    else if (entry.startsWith('#')) members(item, typeName, table, entry.slice(1), scope);
    else members(item, entry, R4_REFERENCES[entry], '', scope);
  };

  /** A resource: its own contained ids (a contained one reads its container's), its own bundle index. */
  const resource = (value: Json, container: Scope | undefined, bundle: Scope['bundle']): void => {
    const type = typeof value.resourceType === 'string' ? value.resourceType : undefined;
    const scope: Scope = {
      contained: container?.contained ?? containedIds(value),
      bundle: type === 'Bundle' ? bundleIndex(value) : bundle,
    };
    const table = type === undefined ? undefined : R4_REFERENCES[type];
    members(value, type ?? '', table, '', scope);
  };

  resource(root, undefined, undefined);
  return count;
}
