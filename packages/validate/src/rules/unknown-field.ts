import { code, fieldPath } from '../display.js';
import type { KindInfo } from '../kind-info.js';
import type { Rule } from './rule.js';

/** Who drops the member: the service, or for a CDS Hooks document without its envelope, the other party. */
const ignoredBy = (kind: KindInfo) => (kind.family === 'cdshooks' ? 'a CDS client or service' : 'the service');

/** A member the schema does not define and no near miss explains. The service ignores it. */
export const unknownFieldRule: Rule = {
  id: 'unknown-field',
  defaultSeverity: 'warning',
  settledByTwin: true,
  description: 'A member the service schema does not define; the service ignores it.',
  check(context) {
    for (const issue of context.members().issues) {
      if (issue.reason !== 'unknown') continue;
      context.report({
        pointer: issue.pointer,
        message: `${code(fieldPath(issue.pointer))} is not defined by the ${context.kind.title} schema and ${ignoredBy(context.kind)} ignores it; remove it or check its spelling.`,
      });
    }
  },
};
