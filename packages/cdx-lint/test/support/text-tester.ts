// The RuleTester adapter of cdx-lint's own rules: an input is a file's text (or bytes) and name,
// linted as the CLI lints it; the output is the text after the rule's own fixes, or null.
import { applyEdits } from '../../src/fix/plan.js';
import { decodeUtf8 } from '../../src/inputs/decode.js';
import { lintSource } from '../../src/lint/lint-text.js';
import { RuleTester } from '@cdx/rule-tester';
import { MAX_IDENTIFIER } from '@cdx/validate';

export interface TextInput {
  readonly text?: string;
  /** Raw bytes instead of text: they are decoded as the CLI decodes a file. */
  readonly bytes?: Buffer;
  /** Default `payload.json`; its extension picks the reader. */
  readonly file?: string;
}

const settings = { rules: {}, pointerOverrides: [] };

export const textTester = new RuleTester<TextInput>(
  (rule, { text, bytes, file = 'payload.json' }) => {
    let source = text ?? '';
    if (bytes) {
      const decoded = decodeUtf8(bytes, file);
      if (!decoded.ok) return { findings: decoded.result.messages, output: null };
      source = decoded.text;
    }
    const linted = lintSource(source, file, settings);
    const { result } = linted;
    const edits = result.messages.flatMap((m) => (m.ruleId === rule.meta.id && m.fix ? [m.fix] : []));
    // A TypeScript fixture's messages start with the payload's name: the rule's own message follows it.
    const findings = result.messages.map((m) => (m.payload === undefined ? m : { ...m, message: m.message.slice(m.payload.length + 2) }));
    return { findings, output: edits.length > 0 ? linted.prefix + applyEdits(linted.text, edits) : null };
  },
  { maxIdentifier: MAX_IDENTIFIER },
);
