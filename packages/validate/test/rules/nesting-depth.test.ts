import { nestingDepthRule } from '../../src/rules/nesting-depth.js';
import { example, payloadTester } from '../support/payload-tester.js';

const depth = 100_000;
/** FHIR extensions inside extensions: the one recursive schema a payload can drive that deep. */
const deepExtensions = () =>
  JSON.parse(`{"resourceType": "Patient", "extension": [${'{"url": "http://example.com/x", "extension": ['.repeat(depth)}${']}'.repeat(depth)}]}`) as unknown;

payloadTester.run(nestingDepthRule, {
  valid: [
    { name: 'a real message', input: { payload: example('fhir-chargeitemcreate') } },
    {
      name: '100,000 levels of arrays no kind fits (unknown-kind, not validated further)',
      input: { payload: JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`) as unknown },
    },
  ],
  invalid: [
    {
      name: 'extensions 100,000 levels deep: pointed at the first container past 512 levels',
      input: { payload: deepExtensions() },
      errors: [{ pointer: `/extension${'/0/extension'.repeat(255)}/0`, messageId: 'tooDeep' }],
    },
  ],
});
