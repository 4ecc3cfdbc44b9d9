// The one harness every rule's tests use, in the manner of typescript-eslint's RuleTester: a rule,
// `valid` inputs that must give none of its findings, and `invalid` inputs with the exact findings
// they must give (message id or message, pointer) and the fixed output, as text. How an input is
// run is the adapter's: validate() for payload rules, the assertion checker, checkSearchParams,
// cdx-lint's text lint for the CLI's rules.
//
// Checked for every rule: it has both kinds of cases; each case's findings are exactly those listed,
// in order; every message id named exists and every message is its template filled (no placeholder left);
// no message holds an unfilled placeholder, a regular expression or a cut identifier (message-check.ts);
// a case without `output` gets no fix; a finding that suggests lists its suggestions (`suggestions: []`
// asserts none); no two cases have the same input or name; the options a case gives the rule are
// valid by the rule's options schema; and the message ids the cases name cover the rule's messages,
// except those the suite says cannot be reached, with why. Only this file's own data is read, so a
// single case run with `-t` asserts the same as the whole suite.
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { messageProblems } from './message-check.js';

/** What the tester needs of a rule (a rule of @cdx/validate or cdx-lint's, from src or dist). */
export interface TestedRule {
  readonly meta: {
    readonly id: string;
    readonly messages: Readonly<Record<string, string>>;
    /** The JSON Schema of the rule's options, when it has any. */
    readonly options?: { readonly properties: Readonly<Record<string, unknown>> } | undefined;
  };
}

/** A suggestion as findings carry them: @cdx/validate's renames (`pointer`, `from`, `to`), cdx-lint's `{ desc, fix }`. */
export type TestedSuggestion = object;

/** A finding as the adapters return them. */
export interface TestedFinding {
  readonly ruleId: string;
  readonly messageId?: string | undefined;
  readonly message: string;
  readonly pointer: string;
  readonly severity?: string | number;
  readonly suggestions?: readonly TestedSuggestion[] | undefined;
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
  /**
   * What the finding suggests, in order, each by the members that matter (a rename's `to`, with
   * `pointer` and `from` if wanted). Required when the finding suggests any; `[]` asserts none.
   */
  readonly suggestions?: readonly ExpectedSuggestion[];
}

/** One expected suggestion: the members it must have (`{ to: 'name' }` for a rename). */
export type ExpectedSuggestion = Readonly<Record<string, unknown>>;

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

/**
 * A case's input as a key: inputs that are the same JSON are the same case. One that holds a function
 * (a token made from the test keys; its closure may differ where its text does not) or that cannot be
 * serialized (a Proxy that throws) has none.
 */
function inputKey(input: unknown): string | undefined {
  const opaque = new Error('opaque');
  try {
    return JSON.stringify(input, (_key, value: unknown) => {
      if (typeof value === 'function') throw opaque;
      return typeof value === 'symbol' ? String(value) : value;
    });
  } catch {
    return undefined;
  }
}

/** The names or inputs that occur more than once among `cases`. */
function duplicates(cases: readonly { readonly name: string; readonly input: unknown }[]): string[] {
  const seenNames = new Set<string>();
  const seenInputs = new Map<string, string>();
  const found: string[] = [];
  for (const { name, input } of cases) {
    if (seenNames.has(name)) found.push(`the name "${name}" twice`);
    seenNames.add(name);
    const key = inputKey(input);
    if (key === undefined) continue;
    const first = seenInputs.get(key);
    if (first !== undefined) found.push(`"${name}" has the input of "${first}"`);
    else seenInputs.set(key, name);
  }
  return found;
}

const ajv = new Ajv2020.default({ strict: false, allErrors: true });

/** Why the options a case gives the rule are not valid by its schema (the members it declares only; others are the runner's). */
function optionProblems(rule: TestedRule, input: unknown): string[] {
  const properties = rule.meta.options?.properties;
  const given = (input as { options?: unknown } | null | undefined)?.options;
  if (!properties || typeof given !== 'object' || given === null) return [];
  const problems: string[] = [];
  for (const [name, value] of Object.entries(given)) {
    if (!Object.hasOwn(properties, name) || value === undefined) continue;
    if (!ajv.validate(properties[name] as object, value)) problems.push(`${name}: ${ajv.errorsText(ajv.errors)}`);
  }
  return problems;
}

function fill(template: string, data: Readonly<Record<string, string | number>>): string {
  return template.replace(PLACEHOLDER, (_, name: string) => (Object.hasOwn(data, name) ? String(data[name]) : `{{${name}}}`));
}

/** What the tester knows of the product it tests. */
export interface TesterSettings {
  /** The longest identifier a message shows whole (@cdx/validate's MAX_IDENTIFIER). */
  readonly maxIdentifier: number;
}

/** The suite as a whole: both kinds of cases, every message named (or unreachable), no case twice, options by the schema. */
export function assertSuite<I>(rule: TestedRule, tests: RuleTests<I>): void {
  const { id, messages } = rule.meta;
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
  expect(duplicates(tests.valid), 'duplicate valid cases').toEqual([]);
  expect(duplicates(tests.invalid), 'duplicate invalid cases').toEqual([]);
  for (const c of [...tests.valid, ...tests.invalid]) expect(optionProblems(rule, c.input), `${c.name}: options`).toEqual([]);
}

/** A valid case's outcome: none of the rule's findings, nothing fixed. */
export function assertValid(rule: TestedRule, outcome: Outcome): void {
  expect(outcome.findings.filter((f) => f.ruleId === rule.meta.id).map((f) => `${f.pointer}: ${f.message}`)).toEqual([]);
  expect(outcome.output, 'a valid input is not fixed').toBeNull();
}

/** An invalid case's outcome: exactly the listed findings, in order, with their messages, suggestions and fixed output. */
export function assertInvalid(rule: TestedRule, c: Pick<InvalidCase<unknown>, 'errors' | 'output'>, outcome: Outcome, settings: TesterSettings): void {
  const { id, messages } = rule.meta;
  expect(c.errors.length, 'an invalid case lists its findings').toBeGreaterThan(0);
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
    expect(messageProblems(finding.message, id, settings.maxIdentifier), `${where}: ${finding.message}`).toEqual([]);
    if (want.messageId !== undefined) {
      expect(finding.messageId, `${where}: messageId`).toBe(want.messageId);
      if (want.data) expect(finding.message, `${where}: the template filled with data`).toBe(fill(messages[want.messageId]!, want.data));
    }
    if (typeof want.message === 'string') expect(finding.message, `${where}: message`).toBe(want.message);
    else if (want.message) expect(finding.message, `${where}: message`).toMatch(want.message);
    if (want.severity !== undefined) expect(finding.severity, `${where}: severity`).toBe(want.severity);
    const suggested = finding.suggestions ?? [];
    if (want.suggestions === undefined) expect(suggested, `${where}: the finding suggests; list its suggestions`).toEqual([]);
    else expect(suggested, `${where}: suggestions`).toEqual(want.suggestions.map((w): unknown => expect.objectContaining(w)));
  });
  if (c.output === undefined) expect(outcome.output, 'fixed although the case gives no output').toBeNull();
  else expect(outcome.output, 'output after the fixes').toBe(c.output);
}

export class RuleTester<I> {
  constructor(
    private readonly adapter: Adapter<I>,
    private readonly settings: TesterSettings,
  ) {}

  /** Declares the rule's suite (a vitest `describe` named after the rule). */
  run(rule: TestedRule, tests: RuleTests<I>): void {
    describe(rule.meta.id, () => {
      it('has valid and invalid cases, each once, they name every message it can give, and their options are valid', () => {
        assertSuite(rule, tests);
      });

      describe('valid', () => {
        it.each(tests.valid.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
          assertValid(rule, await this.adapter(rule, c.input));
        });
      });

      describe('invalid', () => {
        it.each(tests.invalid.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
          assertInvalid(rule, c, await this.adapter(rule, c.input), this.settings);
        });
      });
    });
  }
}
