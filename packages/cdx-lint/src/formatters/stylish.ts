import { relative } from 'node:path';
import picocolors from 'picocolors';
import type { AppliedRename, LintMessage, LintResult } from '../lint/types.js';
import { escapeControl } from './escape.js';
import type { Formatter } from './types.js';

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function displayPath(filePath: string, cwd: string): string {
  if (filePath.startsWith('<')) return filePath;
  const rel = relative(cwd, filePath);
  return escapeControl(rel === '' || rel.startsWith('..') ? filePath : rel);
}

/**
 * A message on one line: each line break, with the spaces around it, becomes one space. Not a
 * regex of `\s*` around `\n`, which retries from every space of a long run without a line break
 * (quadratic).
 */
function oneLine(text: string): string {
  if (!text.includes('\n')) return text;
  const parts = text.split('\n').map((part, i, all) => {
    const start = i > 0 ? part.trimStart() : part;
    return i < all.length - 1 ? start.trimEnd() : start;
  });
  return parts.filter((part, i) => part !== '' || i === 0 || i === parts.length - 1).join(' ');
}

/**
 * A rule id as a terminal hyperlink to its docs (OSC 8; terminals without it show the id alone),
 * only when colour is on: the same condition as any other escape sequence.
 */
function ruleLink(ruleId: string, docs: ReadonlyMap<string, string>, color: boolean): string {
  const url = docs.get(ruleId);
  return color && url !== undefined ? `\u001b]8;;${url}\u0007${ruleId}\u001b]8;;\u0007` : ruleId;
}

/**
 * Rows of a file's renames (--fix, --fix-dry-run) and messages in the order of their positions, the
 * position column padded to one width. Messages come sorted; renames are merged in (a rename before
 * a message at the same place).
 */
function rows(
  fixes: readonly AppliedRename[],
  messages: readonly LintMessage[],
  c: ReturnType<typeof picocolors.createColors>,
  link: (ruleId: string) => string,
  verb: string,
): string[] {
  const width = [...fixes, ...messages].reduce((max, p) => Math.max(max, `${p.line}:${p.column}`.length), 0);
  const at = (p: { line: number; column: number }) => c.dim(`${p.line}:${p.column}`.padEnd(width));
  const out: string[] = [];
  const sortedFixes = [...fixes].sort((a, b) => a.line - b.line || a.column - b.column);
  let f = 0;
  const fixRow = (fix: AppliedRename) =>
    `  ${at(fix)}  ${c.green(verb)}  \`${escapeControl(fix.from)}\` → \`${escapeControl(fix.to)}\`  ${c.dim(escapeControl(fix.pointer))}`;
  for (const m of messages) {
    while (f < sortedFixes.length && (sortedFixes[f]!.line < m.line || (sortedFixes[f]!.line === m.line && sortedFixes[f]!.column <= m.column))) {
      out.push(fixRow(sortedFixes[f++]!));
    }
    const severity = m.severity === 2 ? c.red('error  ') : c.yellow('warning');
    out.push(`  ${at(m)}  ${severity}  ${escapeControl(oneLine(m.message))}  ${c.dim(link(m.ruleId))}`);
  }
  while (f < sortedFixes.length) out.push(fixRow(sortedFixes[f++]!));
  return out;
}

/** The docs of every rule that reported something, one a line, as ESLint users follow a rule's link. */
function ruleDocs(reported: ReadonlySet<string>, docs: ReadonlyMap<string, string>, c: ReturnType<typeof picocolors.createColors>): string[] {
  const ids = [...reported].filter((id) => docs.has(id)).sort();
  if (ids.length === 0) return [];
  const width = Math.max(...ids.map((id) => id.length));
  return ['', 'Rule docs:', ...ids.map((id) => `  ${id.padEnd(width)}  ${c.dim(docs.get(id))}`)];
}

/**
 * The default, for people: problems grouped by file (paths relative to the working directory),
 * `line:column  severity  message  rule`, then one summary line. Colour only when the CLI says
 * so (a TTY without NO_COLOR).
 */
export const format: Formatter = (results, context) => {
  const c = picocolors.createColors(context.color);
  const out: string[] = [];
  let errors = 0;
  let warnings = 0;
  let fixableErrors = 0;
  let fixableWarnings = 0;
  let renames = 0;
  let renamedFiles = 0;
  const verb = context.fix === 'dry-run' ? 'would rename' : 'renamed';
  const docs = new Map(context.rules.map((r) => [r.id, r.docsUrl]));
  const link = (ruleId: string) => ruleLink(ruleId, docs, context.color);
  const reported = new Set<string>();

  for (const result of results as LintResult[]) {
    errors += result.errorCount;
    warnings += result.warningCount;
    fixableErrors += result.fixableErrorCount;
    fixableWarnings += result.fixableWarningCount;
    const fixes = result.fixes ?? [];
    if (result.messages.length === 0 && fixes.length === 0) continue;
    out.push('', c.underline(displayPath(result.filePath, context.cwd)));
    for (const row of rows(fixes, result.messages, c, link, verb)) out.push(row); // not push(...): 200,000 findings overflow the stack
    for (const m of result.messages) reported.add(m.ruleId);
    renames += fixes.length;
    if (fixes.length > 0) renamedFiles++;
  }

  // A named file that is ignored is in the results (its ignored-file warning) but was not checked.
  const checked = results.filter((r) => !r.messages.some((m) => m.ruleId === 'ignored-file')).length;
  out.push('');
  if (renames > 0)
    out.push(c.green(`${context.fix === 'dry-run' ? 'Would rename' : 'Renamed'} ${plural(renames, 'member')} in ${plural(renamedFiles, 'file')}.`));
  const problems = errors + warnings;
  if (problems === 0) {
    out.push(c.green(`✔ ${plural(checked, 'file')} checked, no problems.`));
  } else {
    const summary = `✖ ${plural(problems, 'problem')} (${plural(errors, 'error')}, ${plural(warnings, 'warning')}) in ${plural(checked, 'file')} checked.`;
    out.push(c.bold(errors > 0 ? c.red(summary) : c.yellow(summary)));
    if (fixableErrors + fixableWarnings > 0) {
      out.push(`  ${plural(fixableErrors, 'error')} and ${plural(fixableWarnings, 'warning')} potentially fixable with the \`--fix\` option.`);
    }
    for (const line of ruleDocs(reported, docs, c)) out.push(line);
  }
  return `${out.join('\n').replace(/^\n/, '')}\n`;
};
