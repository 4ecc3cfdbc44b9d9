import { createRule } from '@cdx/validate';
import { fieldPath } from '../lint/field-path.js';
import { PAYLOAD_TEXT } from './scopes.js';

/** An object that names a member twice: every JSON parser keeps one value and drops the other silently. */
export const duplicateKeyRule = createRule({
  scope: PAYLOAD_TEXT,
  meta: {
    id: 'duplicate-key',
    severity: 'error',
    description: 'An object names the same member twice; JSON.parse (and the service) silently keep only the last one.',
    messages: {
      json: '{{field}} is given again here (first on line {{line}}); JSON.parse and the service keep only the last one and silently drop the other. Remove one of them.',
      literal:
        '{{field}} is given again here (first on line {{line}}); the object literal keeps only the last one and silently drops the other. Remove one of them.',
    },
  },
  check(context) {
    const messageId = context.json ? 'json' : 'literal';
    context.eachDuplicate((duplicate) => {
      const data = { field: `\`${fieldPath(duplicate.pointer)}\``, line: context.firstLine(duplicate) };
      context.report({ pointer: duplicate.pointer, messageId, data });
    });
  },
});
