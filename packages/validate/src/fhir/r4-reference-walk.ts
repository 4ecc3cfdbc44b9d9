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
import { parseReferenceOnce, type ParsedReference } from './reference-syntax.js';
import { isObject } from '../json.js';

type Json = Record<string, unknown>;
type Table = Readonly<Record<string, R4ReferencePath>>;

/** One Reference found, with what its element allows and what it resolves to. */
export interface ReferenceSite {
  /** Pointer of the Reference object (computed when asked, during the visit only: most references are fine). */
  readonly pointer: () => string;
  /** The element, as R4 names it (`Observation.subject`, `Identifier.assigner`). */
  readonly element: () => string;
  /** The Reference object itself. */
  readonly value: Json;
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
  readonly bundle: ReadonlyMap<string, BundleEntry> | undefined;
}

function containedIds(resource: Json): ReadonlyMap<string, string> {
  const contained = resource.contained;
  if (!Array.isArray(contained) || contained.length === 0) return NO_CONTAINED;
  const out = new Map<string, string>();
  for (const c of contained) if (isObject(c) && typeof c.id === 'string') out.set(c.id, typeof c.resourceType === 'string' ? c.resourceType : '');
  return out;
}

/** An entry as references resolve to it: what a reference to it finds, made once per entry. */
interface BundleEntry {
  readonly index: number;
  readonly found: ReferenceSite['found'];
}

function bundleIndex(bundle: Json): Map<string, BundleEntry> {
  const out = new Map<string, BundleEntry>();
  const entry = bundle.entry;
  if (!Array.isArray(entry)) return out;
  entry.forEach((e, index) => {
    if (!isObject(e) || typeof e.fullUrl !== 'string' || out.has(e.fullUrl)) return;
    const resource = e.resource;
    const type = isObject(resource) && typeof resource.resourceType === 'string' ? resource.resourceType : undefined;
    out.set(e.fullUrl, { index, found: type ? { type, via: 'entry', entry: index } : undefined });
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
      if (entry?.found) return entry.found;
      return parsed.form === 'absolute' && parsed.type ? { type: parsed.type, via: 'url' } : undefined;
    }
    default:
      return undefined;
  }
}

const NO_CONTAINED: ReadonlyMap<string, string> = new Map();

/**
 * What the walk does with a member, worked out once per place in R4's table: a Reference (its
 * element and targets), a backbone element or a `#path` (the table's members under that path), a
 * data type that holds references, or a resource slot.
 */
type Step =
  | { readonly kind: 'reference'; readonly typeName: string; readonly key: string; readonly targets: readonly string[] }
  | { readonly kind: 'members'; readonly typeName: string; readonly key: string; readonly table: Table; plan?: Plan }
  | { readonly kind: 'type'; readonly typeName: string }
  | { readonly kind: 'resource' };

/** A type's members at one path of its table (`''`: its own), member name → step. */
type Plan = ReadonlyMap<string, Step>;

const EMPTY: Plan = new Map();
const RESOURCE: Step = { kind: 'resource' };
const EXTENSION: Step = { kind: 'type', typeName: 'Extension' };
const plans = new WeakMap<Table, Map<string, Plan>>();

/**
 * The members of R4's table for `typeName` under `prefix`: read once, then looked up by member
 * name (no `prefix.name` string is built per member met, and no table is searched by it).
 */
function planOf(typeName: string, table: Table | undefined, prefix: string): Plan {
  if (table === undefined) return EMPTY;
  let byPrefix = plans.get(table);
  if (!byPrefix) plans.set(table, (byPrefix = new Map<string, Plan>()));
  let plan = byPrefix.get(prefix);
  if (plan) return plan;
  const out = new Map<string, Step>();
  const head = prefix === '' ? '' : `${prefix}.`;
  for (const key of Object.keys(table)) {
    if (!key.startsWith(head) || key.slice(head.length).includes('.')) continue;
    const entry = table[key]!;
    const name = key.slice(head.length);
    if (entry === 0) out.set(name, { kind: 'members', typeName, key, table });
    else if (typeof entry !== 'string') out.set(name, { kind: 'reference', typeName, key, targets: entry });
    else if (entry === 'Resource') out.set(name, RESOURCE);
    else if (entry.startsWith('#')) out.set(name, { kind: 'members', typeName, key: entry.slice(1), table });
    else out.set(name, { kind: 'type', typeName: entry });
  }
  byPrefix.set(prefix, (plan = out));
  return plan;
}

const byType = new Map<string, Plan>();

/** The plan of a data type's or a resource's own members (R4's names only are kept). */
function typePlan(typeName: string): Plan {
  let plan = byType.get(typeName);
  if (plan === undefined) {
    plan = Object.hasOwn(R4_REFERENCES, typeName) ? planOf(typeName, R4_REFERENCES[typeName], '') : EMPTY;
    if (plan !== EMPTY) byType.set(typeName, plan);
  }
  return plan;
}

const NO_VALUE: Json = {};

/** One Reference as the visit sees it: a single object, refilled per site (read it during the visit only). */
class Site implements ReferenceSite {
  targets: readonly string[] = [];
  reference: string | undefined = undefined;
  parsed: ParsedReference | undefined = undefined;
  type: string | undefined = undefined;
  found: ReferenceSite['found'] = undefined;
  missingContained = false;
  danglingInBundle = false;
  inBundle = false;
  typeName = '';
  key = '';
  value: Json = NO_VALUE;
  constructor(readonly pointer: () => string) {}
  readonly element = (): string => `${this.typeName}.${this.key}`;
}

/** How many walks were made: what a payload decided from its gathered sites alone spares (its tests read it). */
export const referenceWalks = { count: 0 };

/**
 * Calls `visit` for every Reference in `root` (a resource, or a document's resource at `at`), and
 * returns how many `reference` strings it met. `paths: 'table'` walks only where R4's table puts
 * references (and the extensions met on the way), not the data types that hold none: enough when
 * the count equals the references the strict twin gathered, since then none is elsewhere. The site
 * handed to `visit` is valid during that call only.
 */
export function walkReferences(root: Json, at: readonly (string | number)[], visit: (site: ReferenceSite) => void, paths: 'all' | 'table' = 'all'): number {
  referenceWalks.count++;
  const all = paths === 'all';
  let count = 0;
  const path: (string | number)[] = [...at];
  const current = new Site(() => path.reduce<string>((p, key) => childPointer(p, key), ''));

  const site = (value: Json, step: Extract<Step, { kind: 'reference' }>, scope: Scope): void => {
    const reference = typeof value.reference === 'string' ? value.reference : undefined;
    let parsed: ParsedReference | undefined;
    if (reference !== undefined) {
      count++;
      parsed = parseReferenceOnce(reference);
    }
    const form = parsed?.form;
    current.typeName = step.typeName;
    current.key = step.key;
    current.value = value;
    current.targets = step.targets;
    current.reference = reference;
    current.parsed = parsed;
    current.type = typeof value.type === 'string' ? value.type : undefined;
    current.found = parsed && reference !== undefined ? resolve(parsed, reference, scope) : undefined;
    current.missingContained = form === 'contained' && (parsed as { id: string }).id !== '' && !scope.contained.has((parsed as { id: string }).id);
    current.danglingInBundle =
      scope.bundle !== undefined && (form === 'uuid' || form === 'oid' || form === 'badUuid' || form === 'badOid') && !scope.bundle.has(reference!);
    current.inBundle = scope.bundle !== undefined;
    visit(current);
  };

  /**
   * The members of an object by its plan (empty: no reference can be below, but an extension can).
   * No closure or key string is made per member: a valid resource costs one pass and few allocations.
   */
  const members = (value: Json, plan: Plan, scope: Scope): void => {
    if (path.length > MAX_DEPTH) return;
    for (const name in value) {
      if (!Object.hasOwn(value, name)) continue;
      const child = value[name];
      if (typeof child !== 'object' || child === null) continue;
      const step = name === 'extension' || name === 'modifierExtension' ? EXTENSION : plan.get(name);
      if (step === undefined && !all) continue;
      path.push(name);
      if (Array.isArray(child)) {
        for (let i = 0; i < child.length; i++) {
          const item: unknown = child[i];
          if (!isObject(item)) continue;
          path.push(i);
          take(item, name, step, scope);
          path.pop();
        }
      } else take(child as Json, name, step, scope);
      path.pop();
    }
  };

  /** One object under member `name`, by its step (undefined: a member the table does not name). */
  const take = (item: Json, name: string, step: Step | undefined, scope: Scope): void => {
    if (step === undefined) members(item, EMPTY, scope);
    else if (step.kind === 'members') members(item, (step.plan ??= planOf(step.typeName, step.table, step.key)), scope);
    else if (step.kind === 'reference') {
      site(item, step, scope);
      // Below a Reference, only its identifier (and extensions) can hold one: most have neither.
      if (all || item.identifier !== undefined || item.extension !== undefined || item.modifierExtension !== undefined)
        members(item, typePlan('Reference'), scope);
    } else if (step.kind === 'resource') resource(item, name === 'contained' ? scope : undefined, scope.bundle);
    else members(item, typePlan(step.typeName), scope);
  };

  /** A resource: its own contained ids (a contained one reads its container's), its own bundle index. */
  const resource = (value: Json, container: Scope | undefined, bundle: Scope['bundle']): void => {
    const type = typeof value.resourceType === 'string' ? value.resourceType : undefined;
    const scope: Scope = {
      contained: container?.contained ?? containedIds(value),
      bundle: type === 'Bundle' ? bundleIndex(value) : bundle,
    };
    members(value, type === undefined ? EMPTY : typePlan(type), scope);
  };

  resource(root, undefined, undefined);
  return count;
}
