import { code, fieldPath } from '../display.js';
import { createRule } from './create-rule.js';
import { PAYLOAD } from './scopes.js';

/** Fields the spec marks "not supported with data on demand", used in a query. */
export const dataOnDemandRule = createRule({
  scope: PAYLOAD,
  meta: {
    id: 'data-on-demand',
    severity: 'warning',
    description: 'A field the spec marks as not supported with data on demand, used in a query.',
    messages: {
      notSupported: '{{field}} is not supported with data on demand; the destination will not see it. Remove it from the query.',
    },
    settledByTwin: true,
  },
  appliesTo: (kind) => kind.query,
  check(context) {
    for (const pointer of context.members().noDataOnDemand) {
      context.report({ pointer, messageId: 'notSupported', data: { field: code(fieldPath(pointer)) } });
    }
  },
});
