// The tester must fail where a rule's suite says less than the rule does: a suggestion nobody
// listed, a case written twice, options the rule's schema refuses, a message no case names.
import { describe, expect, it } from 'vitest';
import { assertInvalid, assertSuite, assertValid, type InvalidCase, type Outcome, type TestedRule, type ValidCase } from '../src/index.js';

const settings = { maxIdentifier: 2000 };
const rule: TestedRule = {
  meta: {
    id: 'x-rule',
    messages: { nearMiss: '{{field}} looks like a misspelling of {{name}}.' },
    options: { properties: { limit: { type: 'integer', minimum: 0 } } },
  },
};
const finding = {
  ruleId: 'x-rule',
  messageId: 'nearMiss',
  message: '`a.nmae` looks like a misspelling of `name`.',
  pointer: '/a/nmae',
  suggestions: [{ pointer: '/a/nmae', from: 'nmae', to: 'name' }],
};
const suggesting: Outcome = { findings: [finding], output: null };
const error = { pointer: '/a/nmae', messageId: 'nearMiss', data: { field: '`a.nmae`', name: '`name`' } };

describe('@cdx/rule-tester', () => {
  it('passes a case that lists what the finding suggests', () => {
    expect(() => {
      assertInvalid(rule, { errors: [{ ...error, suggestions: [{ to: 'name' }] }] }, suggesting, settings);
    }).not.toThrow();
  });

  it('fails a case whose finding suggests when the case lists no suggestions', () => {
    expect(() => {
      assertInvalid(rule, { errors: [error] }, suggesting, settings);
    }).toThrow(/the finding suggests; list its suggestions/);
  });

  it('fails a case that lists other suggestions, or asserts none where there are some', () => {
    expect(() => {
      assertInvalid(rule, { errors: [{ ...error, suggestions: [{ to: 'names' }] }] }, suggesting, settings);
    }).toThrow(/suggestions/);
    expect(() => {
      assertInvalid(rule, { errors: [{ ...error, suggestions: [] }] }, suggesting, settings);
    }).toThrow(/suggestions/);
  });

  it('fails on a wrong message, data or pointer, and on a fix the case does not name', () => {
    expect(() => {
      assertInvalid(rule, { errors: [{ ...error, pointer: '/a/name', suggestions: [{ to: 'name' }] }] }, suggesting, settings);
    }).toThrow(/pointers/);
    expect(() => {
      assertInvalid(rule, { errors: [{ ...error, data: { field: '`a.x`', name: '`name`' }, suggestions: [{ to: 'name' }] }] }, suggesting, settings);
    }).toThrow(/template filled/);
    expect(() => {
      assertInvalid(rule, { errors: [{ ...error, suggestions: [{ to: 'name' }] }] }, { ...suggesting, output: '{}' }, settings);
    }).toThrow(/fixed/);
    expect(() => {
      assertValid(rule, suggesting);
    }).toThrow();
  });

  interface Input {
    payload: unknown;
    options?: Record<string, unknown>;
  }
  const valid: ValidCase<Input>[] = [{ name: 'one', input: { payload: { a: 1 } } }];
  const invalid: InvalidCase<Input>[] = [{ name: 'misspelt', input: { payload: { a: { nmae: 1 } } }, errors: [error] }];

  it('accepts a suite with each case once and every message named', () => {
    expect(() => {
      assertSuite(rule, { valid, invalid });
    }).not.toThrow();
  });

  it('refuses a case written twice, under another name or the same', () => {
    expect(() => {
      assertSuite(rule, { valid: [...valid, { name: 'two', input: { payload: { a: 1 } } }], invalid });
    }).toThrow(/duplicate valid cases/);
    expect(() => {
      assertSuite(rule, { valid, invalid: [...invalid, { ...invalid[0]!, input: { payload: { a: { nmae: 2 } } } }] });
    }).toThrow(/duplicate invalid cases/);
  });

  it('refuses options the rule declares with a value its schema refuses (and leaves others to the runner)', () => {
    expect(() => {
      assertSuite(rule, { valid: [...valid, { name: 'bad', input: { payload: {}, options: { limit: -1 } } }], invalid });
    }).toThrow(/options/);
    expect(() => {
      assertSuite(rule, { valid: [...valid, { name: 'other', input: { payload: {}, options: { maxFindingsPerRule: 5 } } }], invalid });
    }).not.toThrow();
  });

  it('refuses a suite that leaves a message unnamed', () => {
    const more: TestedRule = { meta: { ...rule.meta, messages: { ...rule.meta.messages, other: 'Other.' } } };
    expect(() => {
      assertSuite(more, { valid, invalid });
    }).toThrow(/messages no case names/);
  });
});
