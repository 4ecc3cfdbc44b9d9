// Every message a user can read says what to write in words: every template of every rule in the
// registry is free of unfilled placeholders (`{{x}}`, the spec's `{x}`, `<Event>`) and regular
// expressions, and messages filled with long real values (urn:uuid references, long identifiers)
// show those values whole. The messages each RuleTester case produces get the same check
// (support/rule-tester.ts), so every message id a case reaches is checked filled as well.
import { describe, expect, it } from 'vitest';
import { MAX_IDENTIFIER } from '../src/finding.js';
import { RULES, validate } from '../src/index.js';
import { messageProblems, QUOTES_BRACES } from '@cdx/rule-tester';
import { edited, patched } from './support/payload-tester.js';

describe('every message template of the registry', () => {
  const templates = RULES.flatMap((rule) =>
    Object.entries(rule.meta.messages).map(([id, template]) => [`${rule.meta.id}.${id}`, rule.meta.id, template] as const),
  );

  it('covers every rule', () => {
    expect(new Set(templates.map(([, rule]) => rule)).size).toBe(RULES.length);
  });

  it.each(templates)('%s has no placeholder but its own, and no regular expression', (_name, ruleId, template) => {
    // Each `{{name}}` is filled by the rule; what is left is what every user reads.
    expect(messageProblems(template.replace(/\{\{\s*[A-Za-z_]\w*\s*\}\}/g, 'VALUE'), ruleId, MAX_IDENTIFIER)).toEqual([]);
  });

  it('allows quoted braces only to the rule whose subject they are', () => {
    expect([...QUOTES_BRACES]).toEqual(['cds-hooks-prefetch-token']);
    expect(messageProblems('The token {{context.patientId}} is fine here.', 'cds-hooks-prefetch-token', MAX_IDENTIFIER)).toEqual([]);
    expect(messageProblems('The token {{context.patientId}} is left unfilled.', 'schema', MAX_IDENTIFIER)).not.toEqual([]);
  });

  it('the check sees what it is for', () => {
    expect(messageProblems('eventUri must be {fhir_defs_url}/EventDefinition/<Event>.', 'x', MAX_IDENTIFIER)).toHaveLength(2);
    expect(messageProblems('`id` does not have the expected form (^[A-Za-z0-9\\-\\.]{1,64}$).', 'x', MAX_IDENTIFIER).length).toBeGreaterThan(0);
    expect(messageProblems('The reference "urn:uuid:1b2c3d4e-0000-4000-8000-0000000…" matches nothing.', 'x', MAX_IDENTIFIER)).toHaveLength(1);
    expect(messageProblems('The reference "urn:uuid:1b2c…0001" (45 characters) matches nothing.', 'x', MAX_IDENTIFIER)).toHaveLength(1);
    expect(messageProblems('A value "aaaa…bbbb" (3,000 characters) is shown by its ends.', 'x', MAX_IDENTIFIER)).toEqual([]);
  });
});

const LONG_UUID = `urn:uuid:${'0123456789abcdef'.repeat(12)}`;
// The longest id FHIR allows (64 characters): a relative reference to it is 70 to 90 characters long.
const LONG_ID = `x${'9'.repeat(63)}`;

/** A payload with a long value where a rule echoes it, and the value that must be shown whole. */
const LONG_CASES: readonly { rule: string; payload: unknown; kind?: string; whole: string }[] = [
  { rule: 'bundle-reference', payload: edited('fhir-chargeitemcreate', (p) => void (p.entry[1].resource.subject.reference = LONG_UUID)), whole: LONG_UUID },
  { rule: 'bundle-focus', payload: edited('fhir-chargeitemcreate', (p) => void (p.entry[0].resource.focus[0].reference = LONG_UUID)), whole: LONG_UUID },
  {
    rule: 'reference-target',
    payload: patched('fhir-claimattach', [{ op: 'replace', path: '/entry/0/resource/subject/reference', value: `Organization/${LONG_ID}` }]),
    whole: `Organization/${LONG_ID}`,
  },
  {
    rule: 'cds-hooks-selections',
    payload: patched('cds-hooks-order-select', [{ op: 'replace', path: '/context/selections/0', value: `MedicationRequest/${LONG_ID}` }]),
    whole: `MedicationRequest/${LONG_ID}`,
  },
  {
    rule: 'service-profile',
    payload: patched('fhir-goal', [{ op: 'replace', path: '/subject/reference', value: `Group/${LONG_ID}` }]),
    whole: `Group/${LONG_ID}`,
  },
];

describe('messages filled with long values', () => {
  it.each(LONG_CASES.map((c) => [c.rule, c] as const))('%s shows the reference whole', (rule, c) => {
    const findings = validate(c.payload).findings.filter((f) => f.ruleId === rule);
    expect(findings.length, 'the rule reports the long value').toBeGreaterThan(0);
    for (const f of findings) {
      expect(messageProblems(f.message, rule, MAX_IDENTIFIER), f.message).toEqual([]);
      expect(f.message).toContain(JSON.stringify(c.whole));
    }
  });

  it('a long value that is no identifier is shown by its two ends and its length', () => {
    const value = `${'warn'.repeat(100)}!`;
    const [finding] = validate(edited('cdshooks-patient-view-response', (p) => void (p.cards[0].indicator = value))).findings;
    expect(finding).toMatchObject({ ruleId: 'schema', pointer: '/cards/0/indicator' });
    expect(finding!.message).toMatch(/got "(?:warn)+w?a?r?n?…[warn]*!" \(401 characters\)\.$/);
    expect(messageProblems(finding!.message, 'schema', MAX_IDENTIFIER)).toEqual([]);
  });
});
