import { duplicateKeyRule } from '../../src/rules/duplicate-key.js';
import { textTester } from '../support/text-tester.js';

textTester.run(duplicateKeyRule, {
  valid: [
    { name: 'each name once per object', input: { text: '{"a": {"b": 1}, "b": {"a": 2}}' } },
    { name: 'an escaped name that differs', input: { text: '{"a\\u0062": 1, "ac": 2}' } },
    { name: 'a TypeScript object literal without repeats', input: { text: 'export const p = { resourceType: "Device", id: "d1" };\n', file: 'p.ts' } },
  ],
  invalid: [
    {
      name: 'a repeated member in JSON',
      input: { text: '{\n  "resourceType": "Device",\n  "id": "a",\n  "id": "b"\n}' },
      errors: [{ pointer: '/id', messageId: 'json', data: { field: '`id`', line: 3 }, severity: 2 }],
    },
    {
      name: 'three times: the second and third',
      input: { text: '{"resourceType": "Device", "id": "a", "id": "b", "id": "c"}' },
      errors: [
        { pointer: '/id', messageId: 'json', data: { field: '`id`', line: 1 } },
        { pointer: '/id', messageId: 'json', data: { field: '`id`', line: 1 } },
      ],
    },
    {
      name: 'an escaped name equal to another, nested',
      input: { text: '{"resourceType": "Device", "note": [{"text": "x", "te\\u0078t": "y"}]}' },
      errors: [{ pointer: '/note/0/text', messageId: 'json' }],
    },
    {
      name: 'in a TypeScript object literal',
      input: { text: 'export const p = {\n  resourceType: "Device",\n  id: "a",\n  id: "b",\n};\n', file: 'p.ts' },
      errors: [{ pointer: '/id', messageId: 'literal', data: { field: '`id`', line: 3 } }],
    },
  ],
});
