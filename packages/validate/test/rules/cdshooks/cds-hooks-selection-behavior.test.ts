import { cdsHooksSelectionBehaviorRule } from '../../../src/rules/cdshooks/cds-hooks-selection-behavior.js';
import { example, patched, payloadTester, text } from '../../support/payload-tester.js';

payloadTester.run(cdsHooksSelectionBehaviorRule, {
  valid: [
    { name: 'a card with suggestions and its selection behaviour', input: { payload: example('cds-hooks-response') } },
    {
      name: 'a card without suggestions needs none',
      input: {
        payload: patched('cds-hooks-response', [
          { op: 'remove', path: '/cards/0/suggestions' },
          { op: 'remove', path: '/cards/0/selectionBehavior' },
        ]),
      },
    },
    {
      name: "the service listing's spelling counts (spelling-drift reports it)",
      input: { payload: patched('cdshooks-patient-view-response', [{ op: 'move', from: '/cards/0/selectionBehavior', path: '/cards/0/selectionsBehavior' }]) },
    },
  ],
  invalid: [
    {
      name: 'suggestions without a selection behaviour, even one suggestion',
      input: {
        payload: patched('cds-hooks-response', [
          { op: 'remove', path: '/cards/0/selectionBehavior' },
          { op: 'remove', path: '/cards/0/suggestions/1' },
        ]),
      },
      errors: [{ pointer: '/cards/0/selectionBehavior', messageId: 'missing', data: { field: '`cards[0].selectionBehavior`' } }],
    },
    {
      name: 'in the envelope too',
      input: { payload: patched('cdshooks-patient-view-response', [{ op: 'remove', path: '/cards/0/selectionBehavior' }]) },
      errors: [{ pointer: '/cards/0/selectionBehavior', messageId: 'missing' }],
    },
    {
      name: "null in the service's envelope: the requirement asks for a value",
      input: { payload: patched('cdshooks-patient-view-response', [{ op: 'replace', path: '/cards/0/selectionBehavior', value: null }]) },
      errors: [{ pointer: '/cards/0/selectionBehavior', messageId: 'isNull', data: { field: '`cards[0].selectionBehavior`' } }],
    },
    {
      name: 'a near miss of the name is why it is missing: one error, renamed by the fix',
      input: { payload: patched('cds-hooks-response', [{ op: 'move', from: '/cards/0/selectionBehavior', path: '/cards/0/selectionBehaviour' }]) },
      errors: [{ pointer: '/cards/0/selectionBehaviour', messageId: 'misspelt', data: { field: '`cards[0].selectionBehaviour`' } }],
      output: text(patched('cds-hooks-response', [{ op: 'move', from: '/cards/0/selectionBehavior', path: '/cards/0/selectionBehavior' }])),
    },
  ],
});
