import { describe, expect, it } from 'vitest';
import { MAX_DEPTH } from '../../src/depth.js';
import { validate } from '../../src/index.js';
import { nestingDepthRule } from '../../src/rules/nesting-depth.js';
import { edited, example, payloadTester } from '../support/payload-tester.js';

const depth = 100_000;
/** FHIR extensions inside extensions: the one recursive schema a payload can drive that deep. */
const deepExtensions = () =>
  JSON.parse(`{"resourceType": "Patient", "extension": [${'{"url": "http://example.com/x", "extension": ['.repeat(depth)}${']}'.repeat(depth)}]}`) as unknown;

/**
 * The Patient example with `levels` extensions inside extensions as its first extension and
 * `innermost` at the bottom: the k-th extension object (from 0) is 2 + 2k containers below the
 * root, so `innermost` is 2 + 2 * levels below it, and a container inside `innermost` one more.
 */
const patientWith = (levels: number, innermost: Record<string, unknown>) =>
  edited('fhir-patient', (patient) => {
    let value: unknown = innermost;
    for (let i = 0; i < levels; i++) value = { url: 'http://example.com/x', extension: [value] };
    (patient.extension as unknown[]).unshift(value);
  });

/** `/extension/0` and `levels` times `/extension/0`: where the extension object `levels` deep stands. */
const extensionAt = (levels: number) => `/extension${'/0/extension'.repeat(levels)}/0`;
/** The first container past the limit: MAX_DEPTH (512) containers below the root, the 255th extension object. */
const PAST_THE_LIMIT = extensionAt((MAX_DEPTH - 2) / 2);

const slip = { url: 'http://example.com/x', valueString: 'ok', bogusField: 1 };

payloadTester.run(nestingDepthRule, {
  valid: [
    { name: 'a real message', input: { payload: example('fhir-chargeitemcreate') } },
    {
      name: '100,000 levels of arrays no kind fits (unknown-kind, not validated further)',
      input: { payload: JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`) as unknown },
    },
    {
      name: 'a container exactly at the limit (511 below the root, 512 levels): not too deep',
      input: { payload: patientWith(254, { url: 'http://example.com/x', valueCoding: { system: 'http://example.com/cs', code: 'x' } }) },
    },
    {
      // Its strict twin checked it at every depth and no check overflowed: nothing went unsaid.
      name: 'a valid resource one container past the limit, every check finishing: not counted',
      input: { payload: patientWith(255, { url: 'http://example.com/x', valueString: 'ok' }) },
    },
  ],
  invalid: [
    {
      name: 'extensions 100,000 levels deep: pointed at the first container past 512 levels',
      input: { payload: deepExtensions() },
      errors: [{ pointer: PAST_THE_LIMIT, messageId: 'tooDeep' }],
    },
    {
      name: 'one container past the limit (512 below the root), in a payload its schema refuses',
      input: { payload: patientWith(255, { url: 'http://example.com/x', valueString: 'ok', bogusField: 1 }) },
      errors: [{ pointer: PAST_THE_LIMIT, messageId: 'tooDeep' }],
    },
    {
      name: 'extensions 260 levels deep with an unknown member at the bottom: no validator overflows, the depth is counted',
      input: { payload: patientWith(260, slip) },
      errors: [{ pointer: PAST_THE_LIMIT, messageId: 'tooDeep' }],
    },
    {
      name: 'objects 100,000 deep in an unknown member of a known kind (not where a schema recurses)',
      input: { payload: Object.assign(example('patientadmin-patientmerge'), { Deep: JSON.parse(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`) as unknown }) },
      errors: [{ pointer: `/Deep${'/a'.repeat(MAX_DEPTH - 1)}`, messageId: 'tooDeep' }],
    },
  ],
});

describe('the depth limit and the other checks', () => {
  const ids = (payload: unknown) => validate(payload).findings.map((f) => [f.ruleId, f.pointer]);

  it('a payload nested to the limit is checked to its bottom: the unknown member there is reported, and nothing is too deep', () => {
    const innermost = { url: 'http://example.com/x', valueCoding: { system: 'http://example.com/cs', code: 'x', bogusField: 1 } };
    expect(ids(patientWith(254, innermost))).toEqual([['unknown-field', `${extensionAt(254)}/valueCoding/bogusField`]]);
  });

  it('250 levels (the defect report): the unknown member at the bottom is reported', () => {
    expect(ids(patientWith(250, slip))).toEqual([['unknown-field', `${extensionAt(250)}/bogusField`]]);
  });

  it('one finding past the limit, whatever overflows, beside the findings above it', () => {
    for (const levels of [260, 1400, 1600, 5000]) {
      const payload = patientWith(levels, slip);
      payload.nickname = 'x';
      const found = ids(payload);
      expect(
        found.filter(([rule]) => rule === 'nesting-depth'),
        `${levels} levels`,
      ).toEqual([['nesting-depth', PAST_THE_LIMIT]]);
      expect(found, `${levels} levels`).toContainEqual(['unknown-field', '/nickname']);
    }
  });

  it('a valid resource past the limit: nothing, or the depth where a check overflowed on it, never an unfinished check', () => {
    // Whether some check overflows at 1,400 levels depends on the stack left to it; either way
    // nothing goes unsaid: every check finished, or the depth is reported instead of the overflow.
    for (const levels of [300, 1400, 5000]) {
      const found = ids(patientWith(levels, { url: 'http://example.com/x', valueString: 'ok' }));
      expect([[], [['nesting-depth', PAST_THE_LIMIT]]], `${levels} levels`).toContainEqual(found);
    }
  });

  it('valid, within the limit: no finding at all', () => {
    expect(ids(patientWith(254, { url: 'http://example.com/x', valueString: 'ok' }))).toEqual([]);
  });
});
