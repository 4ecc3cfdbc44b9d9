/**
 * The CDS Hooks 2.0 kind each of the service's enveloped documents is, without its envelope: the
 * standard it must meet at least (rules/cdshooks/cds-hooks-standard.ts). The PatientView event's body
 * is a patient-view request. Imports nothing, so that the registry can read it.
 */
export const STANDARD_OF: Readonly<Record<string, string>> = {
  'CDSHooks/order-sign': 'cds-hooks/order-sign',
  'CDSHooks/patient-view-response': 'cds-hooks/response',
  'CDSHooks/discovery-response': 'cds-hooks/discovery',
  'CDSHooks/PatientView': 'cds-hooks/patient-view',
};
