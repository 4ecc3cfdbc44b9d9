import { code, fieldPath } from '../display.js';
import { childPointer, renamedPointer, type RenameFix } from '../finding.js';
import type { AjvError } from '../registry.js';
import type { MemberIssue } from '../members.js';
import { createRule } from './create-rule.js';
import { PAYLOAD } from './scopes.js';

/** Options of spelling-drift (the member walk that unknown-field shares reads them too). */
export interface SpellingDriftOptions {
  /** Extra known variant spellings: `{ "<variant>": "<canonical>" }`, reported as spelling drift. Default none. */
  knownVariants: Readonly<Record<string, string>>;
}

const DEFAULTS: SpellingDriftOptions = { knownVariants: {} };

function rename(issue: MemberIssue, to: string): RenameFix {
  return { kind: 'rename-member', pointer: issue.pointer, from: issue.name, to };
}

const MESSAGES = {
  variant: "{{field}} is the spec's field-listing spelling; the standard and the spec's example use {{names}}. Write {{names}}.",
  variantBeside:
    "{{field}} is the spec's field-listing spelling; the standard and the spec's example use {{names}}. Write {{names}} ({{present}} is also present, so merge them by hand).",
  configuredVariant: '{{field}} is configured as a known variant of {{names}}. Write {{names}}.',
  configuredVariantBeside: '{{field}} is configured as a known variant of {{names}}. Write {{names}} ({{present}} is also present, so merge them by hand).',
  nearMiss: '{{field}} is not a field of this message; did you mean {{names}}?',
  nearMissBeside: '{{field}} is not a field of this message; did you mean {{names}}? ({{present}} is also present, so merge them by hand)',
  nearMisses: '{{field}} is not a field of this message; did you mean one of {{names}}?',
  // Inside a FHIR resource: R4 has no unknown members, so a server refuses the resource.
  nearMissFhir: '{{field}} is not an element of an R4 {{type}}, and a FHIR server rejects it; did you mean {{names}}?',
  nearMissFhirBeside:
    '{{field}} is not an element of an R4 {{type}}, and a FHIR server rejects it; did you mean {{names}}? ({{present}} is also present, so merge them by hand)',
  nearMissesFhir: '{{field}} is not an element of an R4 {{type}}, and a FHIR server rejects it; did you mean one of {{names}}?',
  // The member it stands for is required and missing: this slip is why (the schema's "required
  // but missing" is superseded, see meta.supersedes).
  variantRequired:
    "{{field}} is the spec's field-listing spelling of {{names}}, which is required and missing; the standard and the spec's example use {{names}}. Write {{names}}.",
  configuredVariantRequired: '{{field}} is configured as a known variant of {{names}}, which is required and missing. Write {{names}}.',
  nearMissRequired: '{{field}} looks like a misspelling of {{names}}, which is required and missing. Write {{names}}.',
} as const;

type MessageId = keyof typeof MESSAGES;

/** Where the schema found a required member missing (its would-be pointer). */
function missingRequired(errors: readonly AjvError[]): Set<string> {
  const missing = new Set<string>();
  for (const e of errors) {
    const name = e.params.missingProperty;
    if ((e.keyword === 'required' || e.keyword === 'dependentRequired') && typeof name === 'string') missing.add(childPointer(e.instancePath, name));
  }
  return missing;
}

function messageId(issue: MemberIssue, required: boolean): MessageId {
  const beside = issue.present.length > 0;
  if (required)
    return issue.reason === 'variant' ? 'variantRequired' : issue.reason === 'configured-variant' ? 'configuredVariantRequired' : 'nearMissRequired';
  switch (issue.reason) {
    case 'variant':
      return beside ? 'variantBeside' : 'variant';
    case 'configured-variant':
      return beside ? 'configuredVariantBeside' : 'configuredVariant';
    default:
      if (issue.fhir !== undefined) return issue.candidates.length > 1 ? 'nearMissesFhir' : beside ? 'nearMissFhirBeside' : 'nearMissFhir';
      return issue.candidates.length > 1 ? 'nearMisses' : beside ? 'nearMissBeside' : 'nearMiss';
  }
}

/**
 * A member spelled as a known variant, or so close to a defined member that it is almost
 * certainly a slip (FirstNmae, firstName, MartialStatus). The service ignores it, so the value
 * is silently lost: the canonical name is the fix. When that member is required and missing, and
 * this is the only member that stands for it, the slip is an error: the one finding about it.
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
          additionalProperties: { type: 'string', minLength: 1, errorMessage: 'must name the canonical member as a non-empty string' },
        },
      },
      additionalProperties: false,
    },
    settledByTwin: true,
    aboutMemberName: true,
    // The slip is why the member is missing: the schema's (or the profile's) "required but missing" is the same cause.
    supersedes: [
      {
        by: ['variantRequired', 'configuredVariantRequired', 'nearMissRequired'],
        rule: 'schema',
        messages: ['required', 'requiredWhen', 'requiredByService'],
        at: 'renamed',
      },
      // The same for a member the service's profile requires (FHIR).
      {
        by: ['variantRequired', 'configuredVariantRequired', 'nearMissRequired'],
        rule: 'service-profile',
        messages: ['required', 'requiredWhen'],
        at: 'renamed',
      },
      // ele-1 is about elements, and a misspelt member is none until it is renamed (unknown-field's).
      { rule: 'fhir-invariant', messages: ['empty'], at: 'same' },
    ],
  },
  defaultOptions: DEFAULTS,
  check(context) {
    const issues = context.members().issues.filter((issue) => issue.reason !== 'unknown');
    if (issues.length === 0) return;
    // Required by the schema or by the service's profile (FHIR): a slip on either is the one finding.
    const missing = missingRequired([...context.schemaErrors(), ...context.profileErrors()]);
    // How many members stand for each missing required one: only a single one is certainly it.
    const claims = new Map<string, number>();
    for (const issue of missing.size > 0 ? issues : []) {
      for (const c of issue.candidates) {
        const target = renamedPointer(issue.pointer, c);
        if (missing.has(target)) claims.set(target, (claims.get(target) ?? 0) + 1);
      }
    }
    for (const issue of issues) {
      const [only] = issue.candidates;
      const safe = issue.candidates.length === 1 && issue.present.length === 0 && only !== undefined;
      const required = safe && claims.size > 0 && claims.get(renamedPointer(issue.pointer, only)) === 1;
      const fhirSlip = issue.fhir !== undefined && (issue.reason === 'near-miss' || issue.reason === 'unknown');
      context.report({
        pointer: issue.pointer,
        messageId: messageId(issue, required),
        ...(required || fhirSlip ? { severity: 'error' as const } : {}),
        // Made only if the finding is listed (thousands of slips past the cap cost nothing more).
        details: () => ({
          data: {
            field: code(fieldPath(issue.pointer)),
            names: issue.candidates.map(code).join(' or '),
            present: issue.present.map(code).join(', '),
            type: issue.fhir ?? '',
          },
          ...(safe ? { fix: rename(issue, only) } : {}),
          ...(issue.candidates.length > 1 ? { suggestions: issue.candidates.map((c) => rename(issue, c)) } : {}),
        }),
      });
    }
  },
});
