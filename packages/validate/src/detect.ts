import type { KindId } from '@cdx/types';
import { detectCdsHooks } from './cdshooks/detect.js';
import type { KindInfo } from './kind-info.js';
import { withoutTrailingSlashes } from './trim.js';
import { listKinds } from './registry.js';

type Json = Record<string, unknown>;

/** DataModel → EventType → kind; nested so detection needs no string building per payload. */
let dataModelIds: Map<string, Map<string, KindInfo>> | undefined;

function dataModelKinds(): Map<string, Map<string, KindInfo>> {
  if (!dataModelIds) {
    dataModelIds = new Map();
    for (const kind of listKinds()) {
      if (kind.family !== 'datamodel') continue;
      const slash = kind.id.indexOf('/');
      const model = kind.id.slice(0, slash);
      if (!dataModelIds.has(model)) dataModelIds.set(model, new Map());
      dataModelIds.get(model)!.set(kind.id.slice(slash + 1), kind);
    }
  }
  return dataModelIds;
}

function asObject(value: unknown): Json | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
}

/** The last path segment of a MessageHeader.eventUri: `…/EventDefinition/ChargeItemCreate` → `ChargeItemCreate`. */
function eventName(uri: unknown): string | undefined {
  if (typeof uri !== 'string') return undefined;
  const trimmed = withoutTrailingSlashes(uri);
  return trimmed.slice(trimmed.lastIndexOf('/') + 1) || undefined;
}

/**
 * The MessageHeader of a message bundle: the first entry's resource when it is one (FHIR puts it
 * there), else the first MessageHeader among the entries, so that a header out of place still names
 * the event and the event's own rules run (bundle-message-header reports the order).
 */
function messageHeaderOf(entries: unknown): Json | undefined {
  if (!Array.isArray(entries)) return undefined;
  for (const entry of entries) {
    const resource = asObject(asObject(entry)?.resource);
    if (resource?.resourceType === 'MessageHeader') return resource;
  }
  return undefined;
}

/** Bundle types whose entries are resources found, not a message's parts. */
const LISTINGS = new Set(['searchset', 'history']);

/** What a FHIR payload says about its kind (the keys of `cdxDetect`). */
interface FhirHint {
  readonly resourceType: string;
  readonly bundleType?: string;
  /** A message bundle: the event its MessageHeader's eventUri names. */
  readonly event?: string;
  /** A bundle: whether an entry holds a resource of this type (`cdxDetect.entry`). */
  carries(type: string): boolean;
}

const carriesNothing = () => false;

/**
 * What a FHIR payload says about its kind: resourceType; for a Bundle also its type and the types
 * of its entries; for a message bundle also the event named by its MessageHeader's eventUri.
 */
function fhirHint(payload: Json): FhirHint | undefined {
  const resourceType = payload.resourceType;
  if (typeof resourceType !== 'string') return undefined;
  if (resourceType !== 'Bundle' || typeof payload.type !== 'string') return { resourceType, carries: carriesNothing };
  const entries = Array.isArray(payload.entry) ? payload.entry : [];
  const carries = (type: string) => entries.some((e) => asObject(asObject(e)?.resource)?.resourceType === type);
  // A MessageHeader makes a bundle a message whatever its type says (a ChargeItemCreate sent as a
  // collection): it is validated as the message it is, and the profile reports the type. Searchsets and
  // histories list resources found, which may be MessageHeaders.
  const header = LISTINGS.has(payload.type) ? undefined : messageHeaderOf(entries);
  const bundleType = header ? 'message' : payload.type;
  const event = bundleType === 'message' ? eventName(header?.eventUri) : undefined;
  return { resourceType, bundleType, ...(event ? { event } : {}), carries };
}

/** FHIR kinds with their detection hints, most specific first (an event's bundle before any message bundle). */
let fhirKinds: { kind: KindInfo; hints: [string, string][] }[] | undefined;

function fhirDetection(): { kind: KindInfo; hints: [string, string][] }[] {
  fhirKinds ??= listKinds()
    .filter((kind) => kind.family === 'fhir' && kind.detect && Object.keys(kind.detect).length > 0)
    .map((kind) => ({ kind, hints: Object.entries(kind.detect!) }))
    .sort((a, b) => b.hints.length - a.hints.length); // stable: schema order among equals
  return fhirKinds;
}

/** The matching kind whose cdxDetect says the most. */
function mostSpecific(hint: FhirHint): KindInfo | undefined {
  const matches = ([key, value]: [string, string]) => (key === 'entry' ? hint.carries(value) : (hint as unknown as Record<string, unknown>)[key] === value);
  return fhirDetection().find(({ hints }) => hints.every(matches))?.kind;
}

/**
 * The kind of a payload, or undefined when it is none this version knows.
 * Data Model messages by `Meta.DataModel` + `Meta.EventType`; FHIR payloads by resourceType,
 * bundle type, the event named by the MessageHeader's eventUri, or the resources a bundle
 * carries (a collection bundle is a Claim $attach when it holds a DocumentReference); CDS Hooks documents
 * without the envelope by their members (cdshooks/detect.ts). Auth bodies cannot be told apart by shape
 * and are never detected: pass their kind explicitly.
 */
export function detectKindInfo(payload: unknown): KindInfo | undefined {
  const root = asObject(payload);
  if (!root) return undefined;
  const meta = asObject(root.Meta);
  if (meta && typeof meta.DataModel === 'string' && typeof meta.EventType === 'string') {
    return dataModelKinds().get(meta.DataModel)?.get(meta.EventType);
  }
  const hint = fhirHint(root);
  return hint ? mostSpecific(hint) : detectCdsHooks(root);
}

/**
 * The kind id of a payload (see detectKindInfo), or null when it is none this version knows: the
 * same "no kind" as `validate().kind`, and what `isKind` accepts.
 */
export function detectKind(payload: unknown): KindId | null {
  return detectKindInfo(payload)?.id ?? null;
}
