import { createRule } from '@cdx/validate';
import { UNPARSABLE_FILE } from './scopes.js';

/** A file that is not strict JSON (RFC 8259) or not UTF-8: nothing else can be checked. */
export const parseErrorRule = createRule({
  scope: UNPARSABLE_FILE,
  meta: {
    id: 'parse-error',
    severity: 'error',
    description: 'The file is not strict JSON (RFC 8259); nothing else can be checked.',
    messages: {
      // The syntax walker (locate/walker.ts) and the TypeScript parser describe each problem themselves.
      syntax: '{{problem}}',
      utf16: 'The file is UTF-16 or UTF-32 encoded; JSON text must be UTF-8 (RFC 8259 §8.1). Save it as UTF-8.',
      notUtf8:
        'The file is not valid UTF-8: byte {{byte}} cannot be read, and JSON text must be UTF-8 (RFC 8259 §8.1). Save the file as UTF-8; a reader would see U+FFFD instead.',
    },
    configurable: false,
  },
  check({ problem, report }) {
    if (problem.kind === 'syntax') report({ pointer: '', messageId: 'syntax', data: { problem: problem.message } });
    else if (problem.kind === 'utf16') report({ pointer: '', messageId: 'utf16' });
    else report({ pointer: '', messageId: 'notUtf8', data: { byte: problem.byte } });
  },
});
