import { code, fieldPath } from '../display.js';
import type { KindInfo } from '../kind-info.js';
import { createRule } from './create-rule.js';
import { PAYLOAD } from './scopes.js';

/** Who drops the member: the service, or for a CDS Hooks document without its envelope, the other party. */
const ignoredBy = (kind: KindInfo) => (kind.family === 'cdshooks' ? 'a CDS client or service' : 'the service');

/**
 * A member the schema does not define and no near miss explains. The service ignores it; inside a
 * FHIR resource it is an error, since R4's JSON format has no unknown members and a server refuses
 * the resource (R4 2.6.2: "unknown properties ... SHALL be rejected" unless told otherwise).
 */
export const unknownFieldRule = createRule({
  scope: PAYLOAD,
  meta: {
    id: 'unknown-field',
    severity: 'warning',
    description: 'A member the service schema does not define; the service ignores it.',
    messages: {
      unknown: '{{field}} is not defined by the {{schema}} schema and {{ignoredBy}} ignores it; remove it or check its spelling.',
      unknownFhir:
        '{{field}} is not an element of an R4 {{type}}, and a FHIR server rejects a resource with a member it does not know; remove it, check its spelling, or carry the data in an `extension`.',
    },
    settledByTwin: true,
    aboutMemberName: true,
    // ele-1 ("All FHIR elements must have a @value or children") is about elements: a member R4 does
    // not define is none, and removing it, as this finding says, ends both.
    supersedes: [{ by: ['unknownFhir'], rule: 'fhir-invariant', messages: ['empty'], at: 'same' }],
  },
  check(context) {
    for (const issue of context.members().issues) {
      if (issue.reason !== 'unknown') continue;
      if (issue.fhir !== undefined) {
        context.report({
          pointer: issue.pointer,
          messageId: 'unknownFhir',
          severity: 'error',
          data: { field: code(fieldPath(issue.pointer)), type: issue.fhir },
        });
        continue;
      }
      context.report({
        pointer: issue.pointer,
        messageId: 'unknown',
        data: { field: code(fieldPath(issue.pointer)), schema: context.kind.title, ignoredBy: ignoredBy(context.kind) },
      });
    }
  },
});
