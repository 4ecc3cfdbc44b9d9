import { cdsHooksDuplicateUuidRule } from '../../../src/rules/cdshooks/cds-hooks-duplicate-uuid.js';
import { example, patched, payloadTester } from '../../support/payload-tester.js';

const CARD = '4e0a3a1e-3283-4575-ab82-028d55fe2719';
const SUGGESTION = 'e56e1945-20b3-4393-8503-a1a20fd73152';

payloadTester.run(cdsHooksDuplicateUuidRule, {
  valid: [
    { name: 'every card and suggestion its own uuid', input: { payload: example('cds-hooks-response') } },
    {
      name: 'a card and a suggestion may share one (feedback names them apart)',
      input: { payload: patched('cds-hooks-response', [{ op: 'add', path: '/cards/1/uuid', value: SUGGESTION }]) },
    },
  ],
  invalid: [
    {
      name: 'two cards with one uuid: reported at the later card',
      input: { payload: patched('cds-hooks-response', [{ op: 'add', path: '/cards/1/uuid', value: CARD }]) },
      errors: [{ pointer: '/cards/1/uuid', messageId: 'card', data: { field: '`cards[1].uuid`', uuid: `"${CARD}"`, first: '`cards[0]`' } }],
    },
    {
      name: 'two suggestions with one uuid: reported at the later suggestion',
      input: { payload: patched('cds-hooks-response', [{ op: 'replace', path: '/cards/0/suggestions/1/uuid', value: SUGGESTION }]) },
      errors: [
        {
          pointer: '/cards/0/suggestions/1/uuid',
          messageId: 'suggestion',
          data: { field: '`cards[0].suggestions[1].uuid`', uuid: `"${SUGGESTION}"`, first: '`cards[0].suggestions[0]`' },
        },
      ],
    },
  ],
});
