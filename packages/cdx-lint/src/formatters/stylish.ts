import { relative } from 'node:path';
import picocolors from 'picocolors';
import type { LintMessage, LintResult } from '../lint/types.js';
import type { Formatter } from './types.js';

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function displayPath(filePath: string, cwd: string): string {
  if (filePath.startsWith('<')) return filePath;
  const rel = relative(cwd, filePath);
  return rel === '' || rel.startsWith('..') ? filePath : rel;
}

/** Rows of a file's messages with the position and severity columns padded to one width. */
function rows(messages: readonly LintMessage[], c: ReturnType<typeof picocolors.createColors>): string[] {
  const positions = messages.map((m) => `${m.line}:${m.column}`);
  const width = Math.max(...positions.map((p) => p.length));
  return messages.map((m, i) => {
    const severity = m.severity === 2 ? c.red('error  ') : c.yellow('warning');
    const text = m.message.replace(/\s*\n\s*/g, ' ');
    return `  ${c.dim(positions[i]!.padEnd(width))}  ${severity}  ${text}  ${c.dim(m.ruleId)}`;
  });
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

  for (const result of results as LintResult[]) {
    errors += result.errorCount;
    warnings += result.warningCount;
    fixableErrors += result.fixableErrorCount;
    fixableWarnings += result.fixableWarningCount;
    const fixes = result.fixes ?? [];
    if (result.messages.length === 0 && fixes.length === 0) continue;
    out.push('', c.underline(displayPath(result.filePath, context.cwd)));
    for (const fix of fixes) out.push(`  ${c.dim(`${fix.line}:${fix.column}`)}  ${c.green(verb)}  \`${fix.from}\` → \`${fix.to}\`  ${c.dim(fix.pointer)}`);
    if (result.messages.length > 0) out.push(...rows(result.messages, c));
    renames += fixes.length;
    if (fixes.length > 0) renamedFiles++;
  }

  out.push('');
  if (renames > 0) out.push(c.green(`${context.fix === 'dry-run' ? 'Would rename' : 'Renamed'} ${plural(renames, 'member')} in ${plural(renamedFiles, 'file')}.`));
  const problems = errors + warnings;
  if (problems === 0) {
    out.push(c.green(`✔ ${plural(results.length, 'file')} checked, no problems.`));
  } else {
    const summary = `✖ ${plural(problems, 'problem')} (${plural(errors, 'error')}, ${plural(warnings, 'warning')}) in ${plural(results.length, 'file')} checked.`;
    out.push(c.bold(errors > 0 ? c.red(summary) : c.yellow(summary)));
    if (fixableErrors + fixableWarnings > 0) {
      out.push(`  ${plural(fixableErrors, 'error')} and ${plural(fixableWarnings, 'warning')} potentially fixable with the \`--fix\` option.`);
    }
  }
  return `${out.join('\n').replace(/^\n/, '')}\n`;
};
