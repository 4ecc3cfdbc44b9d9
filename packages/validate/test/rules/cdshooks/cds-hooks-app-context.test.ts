import { cdsHooksAppContextRule } from '../../../src/rules/cdshooks/cds-hooks-app-context.js';
import { example, patched, payloadTester } from '../../support/payload-tester.js';

payloadTester.run(cdsHooksAppContextRule, {
  valid: [
    { name: 'appContext on a SMART link', input: { payload: example('cds-hooks-response') } },
    { name: 'an absolute link without appContext', input: { payload: example('cdshooks-patient-view-response') } },
  ],
  invalid: [
    {
      name: 'appContext on an absolute link: an error',
      input: { payload: patched('cds-hooks-response', [{ op: 'add', path: '/cards/0/links/1/appContext', value: '{"view":"flu"}' }]) },
      errors: [{ pointer: '/cards/0/links/1/appContext', messageId: 'notSmart', data: { field: '`cards[0].links[1].appContext`', type: '"absolute"' } }],
    },
    {
      name: "appContext on another of the service listing's link types: a warning",
      input: {
        payload: patched('cdshooks-patient-view-response', [
          { op: 'replace', path: '/cards/0/links', value: [{ label: 'x', url: 'https://x.example.com', type: 'documentation', appContext: 'a' }] },
        ]),
      },
      errors: [
        {
          pointer: '/cards/0/links/0/appContext',
          messageId: 'notSmart',
          severity: 'warning',
          data: { field: '`cards[0].links[0].appContext`', type: '"documentation"' },
        },
      ],
    },
  ],
});
