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
export function eventName(uri: unknown): string | undefined {
  if (typeof uri !== 'string') return undefined;
  const trimmed = withoutTrailingSlashes(uri);
  return trimmed.slice(trimmed.lastIndexOf('/') + 1) || undefined;
}

/**
 * What a FHIR payload says about its kind: resourceType; for a Bundle also its type; for a
 * message bundle also the event named by the first entry's MessageHeader.eventUri.
 */
function fhirHint(payload: Json): Record<string, string> | undefined {
  const resourceType = payload.resourceType;
  if (typeof resourceType !== 'string') return undefined;
  if (resourceType !== 'Bundle' || typeof payload.type !== 'string') return { resourceType };
  const hint: Record<string, string> = { resourceType, bundleType: payload.type };
  if (payload.type === 'message') {
    const entries = Array.isArray(payload.entry) ? payload.entry : [];
    const event = eventName(asObject(asObject(entries[0])?.resource)?.eventUri);
    if (event) hint.event = event;
  }
  return hint;
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
function mostSpecific(hint: Record<string, string>): KindInfo | undefined {
  return fhirDetection().find(({ hints }) => hints.every(([key, value]) => hint[key] === value))?.kind;
}

/**
 * The kind of a payload, or undefined when it is none this version knows.
 * Data Model messages by `Meta.DataModel` + `Meta.EventType`; FHIR payloads by resourceType,
 * bundle type, or the event named by the first MessageHeader's eventUri. Auth bodies cannot be
 * told apart by shape and are never detected: pass their kind explicitly.
 */
export function detectKindInfo(payload: unknown): KindInfo | undefined {
  const root = asObject(payload);
  if (!root) return undefined;
  const meta = asObject(root.Meta);
  if (meta && typeof meta.DataModel === 'string' && typeof meta.EventType === 'string') {
    return dataModelKinds().get(meta.DataModel)?.get(meta.EventType);
  }
  const hint = fhirHint(root);
  return hint && mostSpecific(hint);
}

/** The kind id of a payload (see detectKindInfo), or undefined when it is none this version knows. */
export function detectKind(payload: unknown): string | undefined {
  return detectKindInfo(payload)?.id;
}
