import { cdsHooksFeedbackOutcomeRule } from '../../../src/rules/cdshooks/cds-hooks-feedback-outcome.js';
import { example, patched, payloadTester } from '../../support/payload-tester.js';

payloadTester.run(cdsHooksFeedbackOutcomeRule, {
  valid: [{ name: 'an accepted card with its suggestions and an overridden one with its reason', input: { payload: example('cds-hooks-feedback') } }],
  invalid: [
    {
      name: 'an accepted card without acceptedSuggestions',
      input: { payload: patched('cds-hooks-feedback', [{ op: 'remove', path: '/feedback/0/acceptedSuggestions' }]) },
      errors: [{ pointer: '/feedback/0/acceptedSuggestions', messageId: 'acceptedWithout', data: { field: '`feedback[0].acceptedSuggestions`' } }],
    },
    {
      // The field table makes both optional there ("CONDITIONAL … Required for `accepted` outcomes";
      // overrideReason OPTIONAL): valid CDS Hooks, so a warning, not an error.
      name: 'an override reason on an accepted card: a warning',
      input: { payload: patched('cds-hooks-feedback', [{ op: 'add', path: '/feedback/0/overrideReason', value: { userComment: 'Not now' } }]) },
      errors: [
        { pointer: '/feedback/0/overrideReason', messageId: 'acceptedWithReason', severity: 'warning', data: { field: '`feedback[0].overrideReason`' } },
      ],
    },
    {
      name: 'accepted suggestions on an overridden card: a warning',
      input: {
        payload: patched('cds-hooks-feedback', [
          { op: 'add', path: '/feedback/1/acceptedSuggestions', value: [{ id: 'e56e1945-20b3-4393-8503-a1a20fd73152' }] },
        ]),
      },
      errors: [
        {
          pointer: '/feedback/1/acceptedSuggestions',
          messageId: 'overriddenWithAccepted',
          severity: 'warning',
          data: { field: '`feedback[1].acceptedSuggestions`' },
        },
      ],
    },
  ],
});
