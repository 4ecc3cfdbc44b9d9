// The one harness every rule's tests use, in the manner of typescript-eslint's RuleTester: a rule,
// `valid` inputs that must give none of its findings, and `invalid` inputs with the exact findings
// they must give (message id or message, pointer) and the fixed output, as text. How an input is
// run is the adapter's: validate() for payload rules, the assertion checker, checkSearchParams,
// cdx-lint's text lint for the CLI's rules.
//
// Checked for every rule: it has both kinds of cases; each case's findings are exactly those listed,
// in order; every message id named exists and every message is its template filled (no placeholder left);
// no message holds an unfilled placeholder, a regular expression or a cut identifier (message-check.ts);
// a case without `output` gets no fix; and the message ids the cases name cover the rule's messages,
// except those the suite says cannot be reached, with why. Only this file's own data is read, so a
// single case run with `-t` asserts the same as the whole suite.
import { describe, expect, it } from 'vitest';
import { messageProblems } from './message-check.js';

/** What the tester needs of a rule (a rule of @cdx/validate or cdx-lint's, from src or dist). */
export interface TestedRule {
  readonly meta: { readonly id: string; readonly messages: Readonly<Record<string, string>> };
}

/** A finding as the adapters return them. */
export interface TestedFinding {
  readonly ruleId: string;
  readonly messageId?: string | undefined;
  readonly message: string;
  readonly pointer: string;
  readonly severity?: string | number;
}

/** What running one input gave: its findings, and its text after the rule's fixes (null: nothing fixed). */
export interface Outcome {
  readonly findings: readonly TestedFinding[];
  readonly output: string | null;
}

/** Runs one input of a rule's tests. */
export type Adapter<I> = (rule: TestedRule, input: I) => Outcome | Promise<Outcome>;

/** One expected finding: its pointer, and its message id or message (or both). */
export interface ExpectedError {
  readonly pointer: string;
  readonly messageId?: string;
  /** The whole message, or a pattern it matches. */
  readonly message?: string | RegExp;
  /** With messageId: the message must be the template filled with exactly this data. */
  readonly data?: Readonly<Record<string, string | number>>;
  readonly severity?: string | number;
}

export interface ValidCase<I> {
  readonly name: string;
  readonly input: I;
}

export interface InvalidCase<I> {
  readonly name: string;
  readonly input: I;
  readonly errors: readonly ExpectedError[];
  /** The text after the rule's fixes. Left out: the rule must fix nothing. */
  readonly output?: string;
}

export interface RuleTests<I> {
  readonly valid: readonly ValidCase<I>[];
  readonly invalid: readonly InvalidCase<I>[];
  /** Messages no input can produce, by id, with the reason (they stay in the rule for a future case). */
  readonly unreachable?: Readonly<Record<string, string>>;
}

const PLACEHOLDER = /\{\{\s*([A-Za-z_]\w*)\s*\}\}/g;

function fill(template: string, data: Readonly<Record<string, string | number>>): string {
  return template.replace(PLACEHOLDER, (_, name: string) => (Object.hasOwn(data, name) ? String(data[name]) : `{{${name}}}`));
}

export class RuleTester<I> {
  constructor(private readonly adapter: Adapter<I>) {}

  /** Declares the rule's suite (a vitest `describe` named after the rule). */
  run(rule: TestedRule, tests: RuleTests<I>): void {
    const { id, messages } = rule.meta;
    describe(id, () => {
      it('has valid and invalid cases, and they name every message it can give', () => {
        expect(tests.valid.length, 'valid cases').toBeGreaterThan(0);
        expect(tests.invalid.length, 'invalid cases').toBeGreaterThan(0);
        const named = new Set(tests.invalid.flatMap((c) => c.errors.flatMap((e) => (e.messageId === undefined ? [] : [e.messageId]))));
        const unreachable = Object.keys(tests.unreachable ?? {});
        for (const messageId of [...named, ...unreachable]) expect(Object.keys(messages), `${id} has no message ${messageId}`).toContain(messageId);
        expect(
          Object.keys(messages).filter((m) => !named.has(m) && !unreachable.includes(m)),
          'messages no case names (list them in `unreachable` with why)',
        ).toEqual([]);
        expect(
          unreachable.filter((m) => named.has(m)),
          'messages both reached and listed as unreachable',
        ).toEqual([]);
      });

      describe('valid', () => {
        it.each(tests.valid.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
          const outcome = await this.adapter(rule, c.input);
          expect(outcome.findings.filter((f) => f.ruleId === id).map((f) => `${f.pointer}: ${f.message}`)).toEqual([]);
          expect(outcome.output, 'a valid input is not fixed').toBeNull();
        });
      });

      describe('invalid', () => {
        it.each(tests.invalid.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
          expect(c.errors.length, 'an invalid case lists its findings').toBeGreaterThan(0);
          const outcome = await this.adapter(rule, c.input);
          const own = outcome.findings.filter((f) => f.ruleId === id);
          expect(
            own.map((f) => f.pointer),
            'pointers',
          ).toEqual(c.errors.map((e) => e.pointer));
          own.forEach((finding, i) => {
            const want = c.errors[i]!;
            const where = `finding ${i} (${finding.pointer})`;
            expect(want.messageId ?? want.message, `${where}: give messageId or message`).toBeDefined();
            // None of the template's placeholders left as such (a message may quote `{{…}}` itself: prefetch tokens).
            const template = finding.messageId === undefined ? undefined : messages[finding.messageId];
            const left = template === undefined ? [] : [...template.matchAll(PLACEHOLDER)].map((m) => m[0]).filter((p) => finding.message.includes(p));
            expect(left, `${where}: unfilled placeholders`).toEqual([]);
            expect(messageProblems(finding.message, id), `${where}: ${finding.message}`).toEqual([]);
            if (want.messageId !== undefined) {
              expect(finding.messageId, `${where}: messageId`).toBe(want.messageId);
              if (want.data) expect(finding.message, `${where}: the template filled with data`).toBe(fill(messages[want.messageId]!, want.data));
            }
            if (typeof want.message === 'string') expect(finding.message, `${where}: message`).toBe(want.message);
            else if (want.message) expect(finding.message, `${where}: message`).toMatch(want.message);
            if (want.severity !== undefined) expect(finding.severity, `${where}: severity`).toBe(want.severity);
          });
          if (c.output === undefined) expect(outcome.output, 'fixed although the case gives no output').toBeNull();
          else expect(outcome.output, 'output after the fixes').toBe(c.output);
        });
      });
    });
  }
}
