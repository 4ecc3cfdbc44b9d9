import type { KindInfo } from '../kind-info.js';

/**
 * The CDS Hooks 2.0 kind each of the service's listed CDS Hooks documents is, without its envelope:
 * the standard whose requiredness it must meet at least (rules/cdshooks/cds-hooks-standard.ts); its
 * own listing widens types and values. Imports nothing, so that the registry can read it.
 */
export const STANDARD_OF: Readonly<Record<string, string>> = {
  'CDSHooks/order-sign': 'cds-hooks/order-sign',
  'CDSHooks/patient-view-response': 'cds-hooks/response',
  'CDSHooks/discovery-response': 'cds-hooks/discovery',
};

/**
 * The bare kind a CDS Hooks document in the envelope is also checked as: for a listed document
 * (STANDARD_OF), for its requiredness; for one the spec lists no fields of (`cdxStandard`: the hook
 * library's other hooks, the PatientView event), every check of the bare kind (validate.ts).
 */
export function standardOf(kind: KindInfo): string | undefined {
  return Object.hasOwn(STANDARD_OF, kind.id) ? STANDARD_OF[kind.id] : kind.standard;
}
