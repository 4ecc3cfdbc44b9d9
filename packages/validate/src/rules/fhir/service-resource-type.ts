import { code } from '../../display.js';
import { createRule } from '../create-rule.js';
import { PAYLOAD } from '../scopes.js';

/**
 * A standalone resource of an R4 type the service never carries: no operation takes it, no
 * notification or search result holds it. It is valid FHIR (validated against R4 like any other),
 * only not something to send to the service; a warning, which a folder of ordinary FHIR fixtures
 * can turn off.
 */
export const serviceResourceTypeRule = createRule({
  scope: PAYLOAD,
  meta: {
    id: 'service-resource-type',
    severity: 'warning',
    description: 'A standalone FHIR resource of a type no operation, notification or search result of the service carries.',
    messages: {
      notCarried:
        'The service carries no {{type}} in any operation, notification or search result; this {{type}} was checked against FHIR R4 only. Turn this rule off for fixtures of other FHIR servers.',
    },
  },
  appliesTo: (kind) => kind.family === 'fhir' && kind.base !== undefined && !kind.service,
  check(context) {
    // Only for a resource of the type (a payload forced to the kind is the schema rule's to report).
    if ((context.payload as { resourceType?: unknown } | null)?.resourceType !== context.kind.base) return;
    context.report({ pointer: '/resourceType', messageId: 'notCarried', data: { type: code(context.kind.base ?? '') } });
  },
});
