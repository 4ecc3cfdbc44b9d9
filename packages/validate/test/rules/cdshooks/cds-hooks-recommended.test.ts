import { cdsHooksRecommendedRule } from '../../../src/rules/cdshooks/cds-hooks-recommended.js';
import { example, patched, payloadTester } from '../../support/payload-tester.js';

const secondRecommended = { op: 'add', path: '/cards/0/suggestions/1/isRecommended', value: true } as const;

payloadTester.run(cdsHooksRecommendedRule, {
  valid: [
    { name: 'one recommended suggestion of an at-most-one card', input: { payload: example('cds-hooks-response') } },
    {
      name: 'several recommended when any may be selected',
      input: { payload: patched('cds-hooks-response', [secondRecommended, { op: 'replace', path: '/cards/0/selectionBehavior', value: 'any' }]) },
    },
  ],
  invalid: [
    {
      name: 'a second recommended suggestion of an at-most-one card: reported at the second',
      input: { payload: patched('cds-hooks-response', [secondRecommended]) },
      errors: [
        {
          pointer: '/cards/0/suggestions/1/isRecommended',
          messageId: 'several',
          data: { field: '`cards[0].suggestions[1].isRecommended`', first: '`cards[0].suggestions[0]`', behavior: '"at-most-one"' },
        },
      ],
    },
  ],
});
