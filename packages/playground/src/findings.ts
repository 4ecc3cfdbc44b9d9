// The findings panel: one item per finding (severity, rule id linked to its page, the message
// with its code spans, where it is, and Fix when cdx-lint has a rename for it).
import type { CheckResult, PlacedFinding } from './check.js';

export interface FindingActions {
  /** Line and column of an offset in the editor, 1-based. */
  position(offset: number): { line: number; column: number };
  reveal(finding: PlacedFinding): void;
  fix(finding: PlacedFinding): void;
}

/** The message's `code` spans as <code>, the rest as text (never as HTML). */
function messageNodes(message: string): Node[] {
  return message.split('`').map((part, i) => {
    if (i % 2 === 0) return document.createTextNode(part);
    const code = document.createElement('code');
    code.textContent = part;
    return code;
  });
}

function item(finding: PlacedFinding, actions: FindingActions): HTMLLIElement {
  const li = document.createElement('li');
  li.className = `finding ${finding.severity}`;
  li.dataset.rule = finding.ruleId;
  li.dataset.pointer = finding.pointer;
  const { line, column } = actions.position(finding.from);
  li.dataset.line = String(line);

  const head = document.createElement('div');
  head.className = 'head';
  const severity = document.createElement('span');
  severity.className = 'severity';
  severity.textContent = finding.severity;
  const rule = document.createElement(finding.docsUrl ? 'a' : 'span');
  rule.className = 'rule';
  rule.textContent = finding.ruleId;
  if (rule instanceof HTMLAnchorElement) {
    rule.href = finding.docsUrl;
    rule.target = '_blank';
    rule.rel = 'noopener noreferrer';
    rule.title = `What ${finding.ruleId} checks, and how to fix it`;
  }
  const where = document.createElement('button');
  where.type = 'button';
  where.className = 'where';
  where.textContent = `${line}:${column}`;
  where.title = finding.pointer ? `Show ${finding.pointer} in the editor` : 'Show in the editor';
  where.addEventListener('click', () => {
    actions.reveal(finding);
  });
  head.append(severity, rule, where);
  if (finding.fix) {
    const fix = document.createElement('button');
    fix.type = 'button';
    fix.className = 'fix';
    fix.textContent = 'Fix';
    fix.title = `Rename to ${finding.fix.insert}, as cdx-lint --fix does`;
    fix.addEventListener('click', () => {
      actions.fix(finding);
    });
    head.append(fix);
  }
  const message = document.createElement('p');
  message.className = 'message';
  message.append(...messageNodes(finding.message));
  li.append(head, message);
  return li;
}

/** Renders a check's findings and summary. */
export function renderFindings(list: HTMLElement, summary: HTMLElement, result: CheckResult, actions: FindingActions): void {
  list.replaceChildren(...result.findings.map((f) => item(f, actions)));
  const errors = result.findings.filter((f) => f.severity === 'error').length;
  const warnings = result.findings.length - errors;
  const counts = result.findings.length === 0 ? 'No problems.' : `${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}.`;
  summary.replaceChildren(counts, ...result.notes.map((note) => Object.assign(document.createElement('small'), { textContent: ` ${note}` })));
}
