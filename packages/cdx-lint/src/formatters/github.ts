import { relative, sep } from 'node:path';
import { escapeControl } from './escape.js';
import type { Formatter } from './types.js';

/** GitHub shows at most this many annotations of each level per step; the rest only in the log. */
const GITHUB_ANNOTATION_LIMIT = 10;

/** Escaping of a workflow command's message (`%`, CR, LF), and of every other control character. */
export function escapeData(text: string): string {
  return escapeControl(text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A'));
}

/** Escaping of a workflow command's property value: as data, plus `:` and `,`. */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** The pointer as an annotation shows it: member names are user data, and one can run to megabytes. */
function shortPointer(pointer: string): string {
  if (pointer === '') return '/';
  return pointer.length > 200 ? `${pointer.slice(0, 200)}…` : pointer;
}

/**
 * GitHub Actions workflow commands: one `::error`/`::warning` annotation per finding, with the
 * repository-relative file, line, column and end, and the rule id as title. When there are more
 * than GitHub displays, a final `::notice` says how many and where to see them all.
 */
export const format: Formatter = (results, context) => {
  const lines: string[] = [];
  let errors = 0;
  let warnings = 0;
  for (const result of results) {
    const rel = result.filePath.startsWith('<') ? result.filePath : relative(context.repoRoot, result.filePath).split(sep).join('/');
    for (const m of result.messages) {
      const level = m.severity === 2 ? 'error' : 'warning';
      if (m.severity === 2) errors++;
      else warnings++;
      const properties = [
        `file=${escapeProperty(rel)}`,
        `line=${m.line}`,
        `col=${m.column}`,
        `endLine=${m.endLine}`,
        `endColumn=${m.endColumn}`,
        `title=${escapeProperty(m.ruleId)}`,
      ].join(',');
      lines.push(`::${level} ${properties}::${escapeData(`${m.message} (${shortPointer(m.pointer)})`)}`);
    }
  }
  if (errors > GITHUB_ANNOTATION_LIMIT || warnings > GITHUB_ANNOTATION_LIMIT) {
    const summary =
      `cdx-lint found ${errors} error(s) and ${warnings} warning(s); GitHub shows only the first ` +
      `${GITHUB_ANNOTATION_LIMIT} of each as annotations. Every one is listed in this step's log; ` +
      'run cdx-lint locally, or upload --format sarif to code scanning, to see them all.';
    lines.push(`::notice title=cdx-lint::${escapeData(summary)}`);
  }
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
};
