import { safeJson } from './escape.js';
import type { Formatter } from './types.js';

/**
 * ESLint's JSON output: an array of per-file results (`filePath`, `messages` with severity 1|2,
 * line/column/endLine/endColumn, counts), plus each message's JSON `pointer` and the file's
 * `kind`. Tools that read `eslint -f json` read this. Control characters are escaped, even those
 * JSON allows raw, so a log that shows the report shows them as escapes.
 */
export const format: Formatter = (results) => safeJson(results);
