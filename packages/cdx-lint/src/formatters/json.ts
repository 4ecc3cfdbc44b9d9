import type { LintResult } from '../lint/types.js';
import { safeJson } from './escape.js';
import type { Formatter } from './types.js';

/**
 * ESLint's JSON output: an array of per-file results (`filePath`, `messages` with severity 1|2,
 * line/column/endLine/endColumn, counts), plus each message's JSON `pointer` and `docsUrl` (the
 * rule's page) and the file's `kind`. Tools that read `eslint -f json` read this. Control
 * characters are escaped, even those JSON allows raw, so a log that shows the report shows them as
 * escapes. Ends with a newline, as ESLint's output does.
 */
export const format: Formatter = (results, context) => {
  const docs = new Map(context.rules.map((r) => [r.id, r.docsUrl]));
  const withDocs = (results as LintResult[]).map((result) =>
    result.messages.length === 0
      ? result
      : { ...result, messages: result.messages.map((m) => (docs.has(m.ruleId) ? { ...m, docsUrl: docs.get(m.ruleId) } : m)) },
  );
  return `${safeJson(withDocs)}\n`;
};
