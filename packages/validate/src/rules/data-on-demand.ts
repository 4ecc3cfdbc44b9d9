import { code, fieldPath } from '../display.js';
import type { Rule } from './rule.js';

/** Fields the spec marks "not supported with data on demand", used in a query. */
export const dataOnDemandRule: Rule = {
  id: 'data-on-demand',
  defaultSeverity: 'warning',
  settledByTwin: true,
  description: 'A field the spec marks as not supported with data on demand, used in a query.',
  appliesTo: (kind) => kind.query,
  check(context) {
    for (const pointer of context.members().noDataOnDemand) {
      context.report({
        pointer,
        message: `${code(fieldPath(pointer))} is not supported with data on demand; the destination will not see it. Remove it from the query.`,
      });
    }
  },
};
