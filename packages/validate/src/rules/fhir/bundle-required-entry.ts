import { asObject, bundleEntries, messageHeader } from '../../fhir/bundle.js';
import { CLAIM_ATTACH } from '../../fhir/events.js';
import { isClaimAttachKind, isMessageKind, messageEvent } from '../../fhir/kinds.js';
import { createRule } from '../create-rule.js';
import { PAYLOAD } from '../scopes.js';

/**
 * The entries each operation must carry (spec, "FHIR R4 operations"): ChargeItemCreate Patient +
 * ChargeItem; ReferralComplete Procedure + Patient; ReferralRequest Patient + ServiceRequest;
 * DocumentReferenceCreate DocumentReference + Patient + Encounter; Claim $attach a
 * DocumentReference. The spec states no minimum for notifications (ResultCreated,
 * PatientAdminUpdated) nor for EncounterTransfer, so none is checked for them.
 */
export const bundleRequiredEntryRule = createRule({
  scope: PAYLOAD,
  meta: {
    id: 'bundle-required-entry',
    severity: 'error',
    description: 'The bundle carries every resource its operation requires (for example Patient and ChargeItem for ChargeItemCreate).',
    messages: {
      missing: 'The {{bundle}} bundle must carry an entry of type {{type}}; none of its entries is one.',
    },
    needsWholePayload: true,
  },
  appliesTo: (kind) => isMessageKind(kind) || isClaimAttachKind(kind),
  check(context) {
    if (!Array.isArray(asObject(context.payload)?.entry)) return; // the schema reports a missing entry
    const entries = context.shared(bundleEntries);
    const claim = isClaimAttachKind(context.kind);
    const event = claim ? undefined : messageEvent(context.kind, messageHeader(entries)?.resource);
    const required = claim ? CLAIM_ATTACH.required : (event?.required ?? []);
    const bundle = claim ? 'Claim $attach' : event?.name;
    for (const type of required) {
      // Two or three types over a few dozen entries: scanning beats building a set.
      if (entries.some((e) => e.resourceType === type)) continue;
      context.report({ pointer: '/entry', messageId: 'missing', data: { bundle: bundle!, type } });
    }
  },
});
