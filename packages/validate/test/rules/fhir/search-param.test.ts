// The search-param rule through checkSearchParams, its runner: an input is the searched resource
// and the form body.
import { checkSearchParams, type SearchParamsInput, type SearchResource } from '../../../src/index.js';
import { searchParamRule } from '../../../src/rules/fhir/search-param.js';
import { RuleTester } from '@cdx/rule-tester';
import { TESTER_SETTINGS } from '../../support/payload-tester.js';

const tester = new RuleTester<{ resource: SearchResource; body: SearchParamsInput }>(
  (_rule, { resource, body }) => ({ findings: checkSearchParams(resource, body).findings, output: null }),
  TESTER_SETTINGS,
);

tester.run(searchParamRule, {
  valid: [
    {
      name: 'a Goal search by patient and status',
      input: { resource: 'Goal', body: new URLSearchParams('patient=Patient/1&lifecycle-status=active,on-hold') },
    },
    {
      name: 'a Patient search with a date prefix and a modifier',
      input: { resource: 'Patient', body: { birthdate: 'ge2008-01-01', 'family:exact': 'Bixby' } },
    },
    { name: 'a repeated parameter (FHIR ANDs them)', input: { resource: 'Patient', body: { gender: ['male', 'female'] } } },
  ],
  invalid: [
    {
      name: 'a parameter the search does not have, with a suggestion',
      input: { resource: 'Goal', body: { patinet: 'Patient/1' } },
      errors: [
        {
          pointer: '/patinet',
          messageId: 'unknownParameter',
          message: /^`patinet` is not a Goal search parameter of the service\. Did you mean `patient`\? Known: /,
        },
      ],
    },
    {
      name: 'a name holding control characters is shown escaped (a message must not forge a log line), a long one cut',
      input: { resource: 'Patient', body: { '\b\u0003x': '1', ['y'.repeat(1000)]: '1' } },
      errors: [
        { pointer: '/\b\u0003x', messageId: 'unknownParameter', message: /^`\\b\\u0003x` is not a Patient search parameter of the service\. Known: / },
        { pointer: `/${'y'.repeat(1000)}`, messageId: 'unknownParameter', message: new RegExp(`^\`${'y'.repeat(40)}…\` is not a Patient search parameter`) },
      ],
    },
    {
      name: 'a modifier its type does not allow',
      input: { resource: 'Patient', body: { 'birthdate:exact': '2008-01-06' } },
      errors: [
        {
          pointer: '/birthdate:exact',
          messageId: 'unknownModifier',
          data: { raw: '`birthdate:exact`', modifier: '"exact"', name: '`birthdate`', type: 'date', allowed: 'missing' },
        },
      ],
    },
    {
      name: 'an empty value',
      input: { resource: 'Patient', body: { family: ' ' } },
      errors: [{ pointer: '/family/0', messageId: 'empty', data: { name: '`family`' } }],
    },
    {
      name: ':missing with neither true nor false',
      input: { resource: 'Patient', body: { 'gender:missing': 'yes' } },
      errors: [{ pointer: '/gender:missing/0', messageId: 'missingModifier', data: { name: '`gender:missing`', value: '"yes"' } }],
    },
    {
      name: 'a date with a prefix FHIR does not have',
      input: { resource: 'Goal', body: { 'target-date': 'gx2026-01-01' } },
      errors: [{ pointer: '/target-date/0', messageId: 'date', message: /got "gx2026-01-01"\. "gx" is not a date prefix/ }],
    },
    {
      name: 'a value outside the value set given twice in one comma list: one finding',
      input: { resource: 'Goal', body: { 'lifecycle-status': ['foo,foo'] } },
      errors: [{ pointer: '/lifecycle-status/0', messageId: 'value', message: /^`lifecycle-status` value "foo" is not one of / }],
    },
    {
      name: 'each value outside a value set, within one comma list',
      input: { resource: 'Goal', body: { 'lifecycle-status': 'active,actve,done' } },
      errors: [
        { pointer: '/lifecycle-status/0', messageId: 'value', message: /^`lifecycle-status` value "actve" is not one of .*\. Did you mean `active`\?$/ },
        {
          pointer: '/lifecycle-status/0',
          messageId: 'value',
          data: {
            name: '`lifecycle-status`',
            value: '"done"',
            allowed: 'proposed, planned, accepted, active, on-hold, completed, cancelled, entered-in-error, rejected',
            suggestion: '',
          },
        },
      ],
    },
  ],
});
