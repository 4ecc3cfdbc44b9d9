/**
 * Reading FHIR bundles for the bundle rules: entries, the MessageHeader, and reference resolution
 * under FHIR's bundle rules (R4 Bundle, "Resolving references in Bundles"), as the service
 * applies them:
 *
 * - `urn:uuid:…` / `urn:oid:…` → the entry whose fullUrl is equal;
 * - an absolute URL → the entry whose fullUrl is equal (a `/_history/n` suffix is ignored);
 * - a relative `Type/id` → the entry whose fullUrl ends in `/Type/id`, or whose resource has that
 *   type and id;
 * - `#id` points into `contained` and never resolves to an entry.
 *
 * Nothing here copies a string value: large inline attachments are only ever measured.
 */
import { childPointer } from '../finding.js';
import { MAX_DEPTH } from '../depth.js';
import { bundleIndex } from './bundle-index.js';
import type { EntryView, Json } from './entry-view.js';

export type { EntryView, Json } from './entry-view.js';

export function asObject(value: unknown): Json | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
}

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * Reads its members when asked: a valid bundle's rules read every entry's fullUrl but the type
 * and id of only a few, and each resource has its own shape, so each read is a slow lookup.
 */
class Entry implements EntryView {
  constructor(
    readonly index: number,
    private readonly item: Json,
  ) {}

  get fullUrl(): string | undefined {
    return str(this.item.fullUrl);
  }

  get resource(): Json | undefined {
    return asObject(this.item.resource);
  }

  get resourceType(): string | undefined {
    return str(this.resource?.resourceType);
  }

  get id(): string | undefined {
    return str(this.resource?.id);
  }

  /** Built when a rule reports: most validations never need it. */
  get pointer(): string {
    return `/entry/${this.index}`;
  }
}

/** The entries of a bundle (empty when `entry` is not an array); non-object entries are skipped. */
export function bundleEntries(payload: unknown): EntryView[] {
  const entry = asObject(payload)?.entry;
  if (!Array.isArray(entry)) return [];
  const out: EntryView[] = [];
  for (let index = 0; index < entry.length; index++) {
    const item = asObject(entry[index]);
    if (item) out.push(new Entry(index, item));
  }
  return out;
}

/** The message's MessageHeader: the first entry's resource when it is one, else the first found. */
export function messageHeader(entries: readonly EntryView[]): EntryView | undefined {
  const first = entries[0];
  if (first?.index === 0 && first.resourceType === 'MessageHeader') return first;
  return entries.find((e) => e.resourceType === 'MessageHeader');
}

export type ReferenceForm = 'urn' | 'absolute' | 'relative' | 'contained' | 'other';

const RELATIVE = /^([A-Z][A-Za-z]+)\/([A-Za-z0-9\-.]{1,64})(?:\/_history\/[A-Za-z0-9\-.]{1,64})?$/;
const ABSOLUTE = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;
const TYPE_NAME = /^[A-Z][A-Za-z]+$/;
const ID = /^[A-Za-z0-9\-.]{1,64}$/;

export function referenceForm(reference: string): ReferenceForm {
  if (/^urn:(?:uuid|oid):/i.test(reference)) return 'urn';
  if (reference.startsWith('#')) return 'contained';
  if (ABSOLUTE.test(reference)) return 'absolute';
  if (RELATIVE.test(reference)) return 'relative';
  return 'other';
}

/**
 * The type and id a reference names by its form (`Patient/1`, `https://x/fhir/Patient/1`, either with
 * `/_history/<version>`), if any.
 */
export function referencedResource(reference: string): { type: string; id: string } | undefined {
  // The last two segments (before a `/_history/<version>`): split, not an unanchored search,
  // which backtracks at every slash of a long URL.
  const segments = reference.split('/');
  if (segments.length >= 3 && segments[segments.length - 2] === '_history') segments.length -= 2;
  const type = segments[segments.length - 2];
  const id = segments[segments.length - 1];
  return type !== undefined && TYPE_NAME.test(type) && id !== undefined && ID.test(id) ? { type, id } : undefined;
}

/** The type a reference names by its form (`Patient/1`, `https://x/fhir/Patient/1`), if any. */
export function referencedType(reference: string): string | undefined {
  return referencedResource(reference)?.type;
}

/** The entry a reference resolves to inside the bundle, or undefined (a lookup in the list's {@link bundleIndex}). */
export function resolveReference(reference: string, entries: readonly EntryView[]): EntryView | undefined {
  const index = bundleIndex(entries);
  switch (referenceForm(reference)) {
    case 'urn':
      return index.byFullUrl(reference);
    case 'absolute': {
      const bare = reference.replace(/\/_history\/[^/]*$/, '');
      const exact = index.byFullUrl(reference);
      const unversioned = bare === reference ? undefined : index.byFullUrl(bare);
      return exact && unversioned ? (exact.index <= unversioned.index ? exact : unversioned) : (exact ?? unversioned);
    }
    case 'relative': {
      const [, type, id] = RELATIVE.exec(reference)!;
      return index.byTypeAndId(type!, id!);
    }
    default:
      return undefined;
  }
}

/** A `reference` member found in a bundle: its pointer and value. */
export interface FoundReference {
  readonly pointer: string;
  readonly value: string;
  /** Index of the entry it was found in. */
  readonly entry: number;
}

/** What {@link findReferences} found, within its bounds. */
export interface References {
  /** The references listed, in document order. */
  readonly found: FoundReference[];
  /** How many more were accepted but not listed (past `limit` or the pointer budget). */
  readonly more: number;
  /** Pointer of the first reference not listed. */
  readonly morePointer: string | undefined;
  /** Pointer of the first container `maxDepth` levels down (as nesting-depth places it); nothing inside was looked at. */
  readonly tooDeep: string | undefined;
}

/** Bounds of a reference walk: how deep it goes, how many it lists, how many pointer characters. */
export interface ReferenceBounds {
  /** Levels below the payload's root (default 512, nesting-depth's limit). */
  maxDepth?: number;
  /** References listed (default: all). */
  limit?: number;
  /** Characters of pointers listed, in all (default: no bound). */
  pointerBudget?: number;
  /** A member of one entry's resource not walked (MessageHeader.focus, which bundle-focus checks). */
  exclude?: { entry: number; member: string };
}

/**
 * Every string `reference` member inside the entries' resources that `accept`s (Reference elements
 * at any depth, contained resources included), in document order, within `bounds`. Pointers are
 * built only for the references listed: a bundle has far more members than references, and a
 * pointer is as long as its depth, so listing one reference at each of 4,000 levels built 32
 * million characters of pointers. Recursive, but never deeper than `maxDepth`.
 */
export function findReferences(entries: readonly EntryView[], accept: (value: string) => boolean, bounds: ReferenceBounds = {}): References {
  const { maxDepth = MAX_DEPTH, limit = Infinity, pointerBudget = Infinity, exclude } = bounds;
  const found: FoundReference[] = [];
  let more = 0;
  let morePointer: string | undefined;
  let tooDeep: string | undefined;
  let budget = pointerBudget;
  const path: (string | number)[] = [];
  let pathChars = 0;
  let current: EntryView;
  /** `/entry/<i>/resource` and the path; `/entry/<i>/resource` is three levels below the root. */
  const pointerOf = (last?: string) => {
    let pointer = `${current.pointer}/resource`;
    for (const token of path) pointer = childPointer(pointer, token);
    return last === undefined ? pointer : childPointer(pointer, last);
  };
  const enter = (key: string | number, child: object): void => {
    if (path.length + 4 >= maxDepth) {
      path.push(key);
      tooDeep ??= pointerOf();
      path.pop();
      return;
    }
    const chars = typeof key === 'number' ? 8 : key.length + 1;
    path.push(key);
    pathChars += chars;
    visit(child);
    pathChars -= chars;
    path.pop();
  };
  const visit = (value: object): void => {
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const child: unknown = value[i];
        if (typeof child === 'object' && child !== null) enter(i, child);
      }
      return;
    }
    // JSON.parse output has no inherited enumerable members; for-in is the fastest walk.
    for (const key in value) {
      const child = (value as Json)[key];
      if (typeof child === 'string') {
        if (key === 'reference' && accept(child)) {
          const cost = pathChars + 40;
          if (found.length < limit && cost <= budget) {
            budget -= cost;
            found.push({ pointer: pointerOf(key), value: child, entry: current.index });
          } else {
            if (more === 0) morePointer = pointerOf(key);
            more++;
          }
        }
      } else if (typeof child === 'object' && child !== null) {
        if (path.length === 0 && current.index === exclude?.entry && key === exclude.member) continue;
        enter(key, child);
      }
    }
  };
  for (const entry of entries) {
    if (!entry.resource) continue;
    current = entry;
    visit(entry.resource);
  }
  return { found, more, morePointer, tooDeep };
}
