import { parseErrorRule } from '../../src/rules/parse-error.js';
import { textTester } from '../support/text-tester.js';

textTester.run(parseErrorRule, {
  valid: [
    { name: 'strict JSON', input: { text: '{"Meta": {"DataModel": "PatientAdmin", "EventType": "PatientMerge"}}' } },
    { name: 'a BOM before JSON', input: { text: '\uFEFF{"resourceType": "Device"}' } },
    { name: 'a TypeScript fixture', input: { text: 'export const device = { resourceType: "Device" };\n', file: 'device.ts' } },
  ],
  invalid: [
    {
      name: 'a trailing comma, as the syntax walker describes it',
      input: { text: '{\n  "a": 1,\n}' },
      errors: [{ pointer: '', messageId: 'syntax', data: { problem: 'Trailing comma: remove the `,` before `}`.' }, severity: 2 }],
    },
    { name: 'a comment', input: { text: '{"a": 1 // no\n}' }, errors: [{ pointer: '', messageId: 'syntax', message: /^JSON has no comments/ }] },
    {
      name: 'an empty file',
      input: { text: '' },
      errors: [{ pointer: '', messageId: 'syntax', data: { problem: 'The file is empty; a payload is a JSON object.' } }],
    },
    {
      name: 'TypeScript that does not parse',
      input: { text: 'export const x = {;\n', file: 'broken.ts' },
      errors: [{ pointer: '', messageId: 'syntax', message: /^Not valid TypeScript: / }],
    },
    { name: 'UTF-16 text', input: { bytes: Buffer.from('\uFEFF{"a": 1}', 'utf16le') }, errors: [{ pointer: '', messageId: 'utf16' }] },
    {
      name: 'bytes that are not UTF-8',
      input: { bytes: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]) },
      errors: [{ pointer: '', messageId: 'notUtf8', data: { byte: '0xFF' } }],
    },
  ],
});
