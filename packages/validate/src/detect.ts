import type { KindInfo } from './kind-info.js';
import { listKinds } from './registry.js';

type Json = Record<string, unknown>;

let dataModelIds: Set<string> | undefined;

function asObject(value: unknown): Json | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
}

/** The last path segment of a MessageHeader.eventUri: `…/EventDefinition/ChargeItemCreate` → `ChargeItemCreate`. */
export function eventName(uri: unknown): string | undefined {
  if (typeof uri !== 'string') return undefined;
  const segment = uri.replace(/\/+$/, '').split('/').pop();
  return segment || undefined;
}

function fhirHint(payload: Json): Record<string, string> | undefined {
  const resourceType = payload.resourceType;
  if (typeof resourceType !== 'string') return undefined;
  if (resourceType !== 'Bundle') return { resourceType };
  const type = payload.type;
  if (type === 'message') {
    const entries = Array.isArray(payload.entry) ? payload.entry : [];
    const header = asObject(asObject(entries[0])?.resource);
    const event = eventName(header?.eventUri);
    return event ? { event } : undefined;
  }
  return typeof type === 'string' ? { bundleType: type } : undefined;
}

function matches(kind: KindInfo, hint: Record<string, string>): boolean {
  if (!kind.detect) return false;
  const entries = Object.entries(kind.detect);
  return entries.length > 0 && entries.every(([key, value]) => hint[key] === value);
}

/**
 * The kind id of a payload, or undefined when it is none this version knows.
 * Data Model messages by `Meta.DataModel` + `Meta.EventType`; FHIR payloads by resourceType,
 * bundle type, or the event named by the first MessageHeader's eventUri. Auth bodies cannot be
 * told apart by shape and are never detected: pass their kind explicitly.
 */
export function detectKind(payload: unknown): string | undefined {
  const root = asObject(payload);
  if (!root) return undefined;
  const meta = asObject(root.Meta);
  if (meta && typeof meta.DataModel === 'string' && typeof meta.EventType === 'string') {
    const id = `${meta.DataModel}/${meta.EventType}`;
    dataModelIds ??= new Set(listKinds().filter((k) => k.family === 'datamodel').map((k) => k.id));
    return dataModelIds.has(id) ? id : undefined;
  }
  const hint = fhirHint(root);
  if (!hint) return undefined;
  return listKinds().find((k) => k.family === 'fhir' && matches(k, hint))?.id;
}
