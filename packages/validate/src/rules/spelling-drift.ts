import { code, fieldPath } from '../display.js';
import type { RenameFix } from '../finding.js';
import type { MemberIssue } from '../members.js';
import type { Rule } from './rule.js';

function rename(issue: MemberIssue, to: string): RenameFix {
  return { kind: 'rename-member', pointer: issue.pointer, from: issue.name, to };
}

function message(issue: MemberIssue): string {
  const at = code(fieldPath(issue.pointer));
  const names = issue.candidates.map(code).join(' or ');
  const collision = issue.present.length > 0 ? ` (${issue.present.map(code).join(', ')} is also present, so merge them by hand)` : '';
  switch (issue.reason) {
    case 'variant':
      return `${at} is the spec's field-listing spelling; the standard and the spec's example use ${names}. Write ${names}${collision}.`;
    case 'configured-variant':
      return `${at} is configured as a known variant of ${names}. Write ${names}${collision}.`;
    default:
      return issue.candidates.length === 1
        ? `${at} is not a field of this message; did you mean ${names}?${collision}`
        : `${at} is not a field of this message; did you mean one of ${names}?`;
  }
}

/**
 * A member spelled as a known variant, or so close to a defined member that it is almost
 * certainly a slip (FirstNmae, firstName, MartialStatus). The service ignores it, so the value
 * is silently lost: the canonical name is the fix.
 */
export const spellingDriftRule: Rule = {
  id: 'spelling-drift',
  defaultSeverity: 'warning',
  settledByTwin: true,
  description: 'A member spelled as a known variant or a near miss of a defined member; write the canonical name.',
  check(context) {
    for (const issue of context.members().issues) {
      if (issue.reason === 'unknown') continue;
      const [only] = issue.candidates;
      const safe = issue.candidates.length === 1 && issue.present.length === 0 && only !== undefined;
      context.report({
        pointer: issue.pointer,
        message: message(issue),
        ...(safe ? { fix: rename(issue, only) } : {}),
        ...(issue.candidates.length > 1 ? { suggestions: issue.candidates.map((c) => rename(issue, c)) } : {}),
      });
    }
  },
};

