import { cdsHooksUnknownHookRule } from '../../../src/rules/cdshooks/cds-hooks-unknown-hook.js';
import { example, patched, payloadTester } from '../../support/payload-tester.js';

payloadTester.run(cdsHooksUnknownHookRule, {
  valid: [
    { name: 'a request for a library hook', input: { payload: example('cds-hooks-request') } },
    {
      name: "an organization's own hook, in reverse domain notation",
      input: { payload: patched('cds-hooks-discovery', [{ op: 'replace', path: '/services/0/hook', value: 'org.example.my-hook' }]) },
    },
  ],
  invalid: [
    {
      name: "a request's hook, misspelt: a warning with a guess",
      input: { payload: patched('cds-hooks-request', [{ op: 'replace', path: '/hook', value: 'patient-veiw' }]) },
      errors: [
        {
          pointer: '/hook',
          messageId: 'unknown',
          severity: 'warning',
          data: { field: '`hook`', hook: '"patient-veiw"', meant: ' Did you mean "patient-view"?' },
        },
      ],
    },
    {
      name: "a discovery entry's hook like none",
      input: { payload: patched('cds-hooks-discovery', [{ op: 'replace', path: '/services/0/hook', value: 'xyzzy' }]) },
      errors: [{ pointer: '/services/0/hook', messageId: 'unknown', data: { field: '`services[0].hook`', hook: '"xyzzy"', meant: '' } }],
    },
  ],
});
