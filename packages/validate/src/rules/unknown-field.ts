import { code, fieldPath } from '../display.js';
import type { KindInfo } from '../kind-info.js';
import { createRule } from './create-rule.js';
import { PAYLOAD } from './scopes.js';

/** Who drops the member: the service, or for a CDS Hooks document without its envelope, the other party. */
const ignoredBy = (kind: KindInfo) => (kind.family === 'cdshooks' ? 'a CDS client or service' : 'the service');

/** A member the schema does not define and no near miss explains. The service ignores it. */
export const unknownFieldRule = createRule({
  scope: PAYLOAD,
  meta: {
    id: 'unknown-field',
    severity: 'warning',
    description: 'A member the service schema does not define; the service ignores it.',
    messages: {
      unknown: '{{field}} is not defined by the {{schema}} schema and {{ignoredBy}} ignores it; remove it or check its spelling.',
    },
    settledByTwin: true,
    aboutMemberName: true,
  },
  check(context) {
    for (const issue of context.members().issues) {
      if (issue.reason !== 'unknown') continue;
      context.report({
        pointer: issue.pointer,
        messageId: 'unknown',
        data: { field: code(fieldPath(issue.pointer)), schema: context.kind.title, ignoredBy: ignoredBy(context.kind) },
      });
    }
  },
});
