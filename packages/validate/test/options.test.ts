// validate()'s options: a mistake in them is the caller's, reported as an OptionsError that says what
// to write, never a TypeError from inside and never silently ignored.
import { describe, expect, it } from 'vitest';
import { OptionsError, validate, type ValidateOptions } from '../src/index.js';
import { example } from './support/payload-tester.js';

const payload = example('patientadmin-patientmerge');
const misspelt = { ...payload, Extra: 1 };
const withOptions = (options: unknown) => () => validate(payload, options as ValidateOptions);

describe('validate() options', () => {
  it('null options are no options', () => {
    expect(validate(misspelt, null as unknown as ValidateOptions)).toEqual(validate(misspelt));
  });

  it.each([
    ['rules: null', { rules: null }, /rules must be an object of rule ids/],
    ['rules: an array', { rules: ['unknown-field'] }, /rules must be an object of rule ids/],
    [
      'a severity ESLint spells differently',
      { rules: { 'unknown-field': 'warning' } },
      /rules\["unknown-field"\] is "warning"; a rule's setting is "off", "warn" or "error"/,
    ],
    ['a severity as a number', { rules: { 'unknown-field': 1 } }, /rules\["unknown-field"\] is 1; a rule's setting is "off", "warn" or "error"/],
    ['a bad severity with options', { rules: { 'attachment-size': ['on', { attachmentLimit: 10 }] } }, /rules\["attachment-size"\]\[0\] is "on"/],
  ])('%s is an OptionsError that says what to write', (_name, options, message) => {
    expect(withOptions(options)).toThrow(OptionsError);
    expect(withOptions(options)).toThrow(message);
  });

  it("a rule id of another tool's passes (cdx-lint hands its whole rule table over)", () => {
    expect(validate(payload, { rules: { 'duplicate-key': 'error', 'unknown-field': 'off' } }).findings).toEqual([]);
  });
});
