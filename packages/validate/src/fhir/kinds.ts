import type { KindInfo } from '../kind-info.js';
import { CLAIM_ATTACH, fhirEvent, parseDefinitionUri, type FhirEvent } from './events.js';

/** A FHIR bundle kind (message bundles, Claim $attach, searchset, any other Bundle). */
export const isBundleKind = (kind: KindInfo): boolean => kind.family === 'fhir' && kind.detect?.resourceType === 'Bundle';

/** A message bundle kind: one per event, plus `fhir/message` for bundles whose event is unknown. */
export const isMessageKind = (kind: KindInfo): boolean => kind.family === 'fhir' && kind.detect?.bundleType === 'message';

export const isClaimAttachKind = (kind: KindInfo): boolean => kind.id === CLAIM_ATTACH.kind;

/** The event a message kind is for (undefined for `fhir/message`). */
export const kindEvent = (kind: KindInfo): FhirEvent | undefined => fhirEvent(kind.detect?.event);

/**
 * The event of a message bundle: its kind's, or (for `fhir/message`, validated without a known
 * event) the known event its MessageHeader.eventUri names, if any.
 */
export function messageEvent(kind: KindInfo, header: Readonly<Record<string, unknown>> | undefined): FhirEvent | undefined {
  const own = kindEvent(kind);
  if (own) return own;
  const uri = header?.eventUri;
  return typeof uri === 'string' ? fhirEvent(parseDefinitionUri(uri, 'EventDefinition')?.name) : undefined;
}
