import { ignoredFileMessage } from '../../src/rules/run.js';
import { ignoredFileRule } from '../../src/rules/ignored-file.js';
import type { IgnoredFileContext } from '../../src/rules/scopes.js';
import { RuleTester } from '@cdx/rule-tester';
import { MAX_IDENTIFIER } from '@cdx/validate';

/** An input: the glob that ignores a named file (none: the file is linted, and nothing is reported). */
const tester = new RuleTester<IgnoredFileContext | undefined>(
  (_rule, ignored) => ({
    findings: ignored ? [ignoredFileMessage(ignored)] : [],
    output: null,
  }),
  { maxIdentifier: MAX_IDENTIFIER },
);

tester.run(ignoredFileRule, {
  valid: [{ name: 'a file no glob ignores', input: undefined }],
  invalid: [
    {
      name: 'one of the defaults',
      input: { pattern: 'dist/', source: 'default' },
      errors: [{ pointer: '', messageId: 'default', data: { pattern: '"dist/"' }, severity: 1 }],
    },
    {
      name: "the config's ignores",
      input: { pattern: 'legacy/**', source: 'config' },
      errors: [{ pointer: '', messageId: 'config', data: { pattern: '"legacy/**"' } }],
    },
    {
      name: '--ignore-pattern',
      input: { pattern: '**/*.draft.json', source: 'command-line' },
      errors: [{ pointer: '', messageId: 'commandLine', data: { pattern: '"**/*.draft.json"' } }],
    },
  ],
});
