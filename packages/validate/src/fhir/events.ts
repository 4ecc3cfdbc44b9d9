import { withoutTrailingSlashes } from '../trim.js';

/**
 * The FHIR events and operations of the service (spec: "FHIR R4 operations", "Events"): which
 * operation sends which event, what the MessageHeader focus must be, which entries are required.
 */

export interface FhirEvent {
  /** The last path segment of `{fhir_defs_url}/EventDefinition/<name>`; also the kind `fhir/<name>`. */
  readonly name: string;
  /** The operation that sends it (`$charge-item-create`), absent for notifications. */
  readonly operation?: string;
  /** The resource type MessageHeader.focus must reference, when the spec names one. */
  readonly focus?: string;
  /** Resource types the bundle must carry besides the MessageHeader: the spec's stated minimum, if any. */
  readonly required: readonly string[];
}

export const FHIR_EVENTS: readonly FhirEvent[] = [
  { name: 'ChargeItemCreate', operation: '$charge-item-create', focus: 'ChargeItem', required: ['Patient', 'ChargeItem'] },
  { name: 'ReferralComplete', operation: '$referral-complete', focus: 'ServiceRequest', required: ['Procedure', 'Patient'] },
  { name: 'ReferralRequest', operation: '$referral-request', focus: 'ServiceRequest', required: ['Patient', 'ServiceRequest'] },
  {
    name: 'DocumentReferenceCreate',
    operation: '$documentreference-create',
    focus: 'DocumentReference',
    required: ['DocumentReference', 'Patient', 'Encounter'],
  },
  { name: 'EncounterTransfer', operation: '$encounter-transfer', focus: 'Encounter', required: [] },
  // Notifications: the spec lists what their payloads carry ("MessageHeader …, Observation, Patient,
  // Specimen") but states no minimum, and the lightweight form carries only an "Observation reference,
  // patient info, timestamp" (docs/decisions.md, "Notification entries").
  // Their focus is what the event is about: the recorded result, the updated patient.
  { name: 'ResultCreated', focus: 'Observation', required: [] },
  { name: 'PatientAdminUpdated', focus: 'Patient', required: [] },
];

/** Claim $attach: a collection bundle, not a message; it has no event. */
export const CLAIM_ATTACH = { kind: 'fhir/ClaimAttach', operation: '$attach', required: ['DocumentReference'] } as const;

const byName = new Map(FHIR_EVENTS.map((e) => [e.name, e]));

export function fhirEvent(name: string | undefined): FhirEvent | undefined {
  return name === undefined ? undefined : byName.get(name);
}

/** Every operation that takes a bundle, by its canonical name (with the `$`). */
export const BUNDLE_OPERATIONS: readonly string[] = [...FHIR_EVENTS.flatMap((e) => (e.operation ? [e.operation] : [])), CLAIM_ATTACH.operation];

/**
 * The canonical name of an operation as a caller may write it: `$charge-item-create`,
 * `charge-item-create`, `ChargeItem/$charge-item-create` or a full path ending in it.
 * Returns the input's last segment with a leading `$` when it names no known operation.
 */
export function normalizeOperation(operation: string): string {
  const last = withoutTrailingSlashes(operation.trim()).split('/').pop() ?? '';
  return last.startsWith('$') ? last : `$${last}`;
}

/** What an event or message definition address says, read against the configured base. */
export interface DefinitionUri {
  /** The address up to `/EventDefinition/` (or `/MessageDefinition/`), without a trailing slash. */
  readonly base: string;
  /** The segment after it, when the address has that shape. */
  readonly name: string;
}

/** Built once: a template per call is a new string for lastIndexOf to flatten each time. */
const MARKERS = { EventDefinition: '/EventDefinition/', MessageDefinition: '/MessageDefinition/' } as const;

/**
 * Splits `{fhir_defs_url}/<folder>/<Name>` (folder EventDefinition or MessageDefinition).
 * Undefined when the address does not end in `/<folder>/<Name>`.
 */
export function parseDefinitionUri(uri: string, folder: keyof typeof MARKERS): DefinitionUri | undefined {
  const marker = MARKERS[folder];
  const at = uri.lastIndexOf(marker);
  if (at < 0) return undefined;
  const name = uri.slice(at + marker.length);
  if (name === '' || name.includes('/')) return undefined;
  return { base: uri.slice(0, at), name };
}
