import { code, fieldPath } from '../display.js';
import type { RenameFix } from '../finding.js';
import type { MemberIssue } from '../members.js';
import { createRule } from './create-rule.js';
import { PAYLOAD } from './scopes.js';

/** Options of spelling-drift (the member walk that unknown-field shares reads them too). */
export interface SpellingDriftOptions {
  /** Extra known variant spellings: `{ "<variant>": "<canonical>" }`, reported as spelling drift. Default none. */
  knownVariants: Readonly<Record<string, string>>;
}

function rename(issue: MemberIssue, to: string): RenameFix {
  return { kind: 'rename-member', pointer: issue.pointer, from: issue.name, to };
}

const MESSAGES = {
  variant: "{{field}} is the spec's field-listing spelling; the standard and the spec's example use {{names}}. Write {{names}}.",
  variantBeside: "{{field}} is the spec's field-listing spelling; the standard and the spec's example use {{names}}. Write {{names}} ({{present}} is also present, so merge them by hand).",
  configuredVariant: '{{field}} is configured as a known variant of {{names}}. Write {{names}}.',
  configuredVariantBeside: '{{field}} is configured as a known variant of {{names}}. Write {{names}} ({{present}} is also present, so merge them by hand).',
  nearMiss: '{{field}} is not a field of this message; did you mean {{names}}?',
  nearMissBeside: '{{field}} is not a field of this message; did you mean {{names}}? ({{present}} is also present, so merge them by hand)',
  nearMisses: '{{field}} is not a field of this message; did you mean one of {{names}}?',
} as const;

function messageId(issue: MemberIssue): keyof typeof MESSAGES {
  const beside = issue.present.length > 0;
  switch (issue.reason) {
    case 'variant':
      return beside ? 'variantBeside' : 'variant';
    case 'configured-variant':
      return beside ? 'configuredVariantBeside' : 'configuredVariant';
    default:
      return issue.candidates.length > 1 ? 'nearMisses' : beside ? 'nearMissBeside' : 'nearMiss';
  }
}

/**
 * A member spelled as a known variant, or so close to a defined member that it is almost
 * certainly a slip (FirstNmae, firstName, MartialStatus). The service ignores it, so the value
 * is silently lost: the canonical name is the fix.
 */
export const spellingDriftRule = createRule({
  scope: PAYLOAD,
  meta: {
    id: 'spelling-drift',
    severity: 'warning',
    description: 'A member spelled as a known variant or a near miss of a defined member; write the canonical name.',
    messages: MESSAGES,
    options: {
      type: 'object',
      properties: {
        knownVariants: {
          type: 'object',
          description: 'Extra known variant spellings, variant → canonical member name; reported as spelling-drift and fixed by --fix.',
          additionalProperties: { type: 'string', minLength: 1 },
        },
      },
      additionalProperties: false,
    },
    settledByTwin: true,
    aboutMemberName: true,
  },
  defaultOptions: { knownVariants: {} } as SpellingDriftOptions,
  check(context) {
    for (const issue of context.members().issues) {
      if (issue.reason === 'unknown') continue;
      const [only] = issue.candidates;
      const safe = issue.candidates.length === 1 && issue.present.length === 0 && only !== undefined;
      context.report({
        pointer: issue.pointer,
        messageId: messageId(issue),
        data: { field: code(fieldPath(issue.pointer)), names: issue.candidates.map(code).join(' or '), present: issue.present.map(code).join(', ') },
        ...(safe ? { fix: rename(issue, only) } : {}),
        ...(issue.candidates.length > 1 ? { suggestions: issue.candidates.map((c) => rename(issue, c)) } : {}),
      });
    }
  },
});
