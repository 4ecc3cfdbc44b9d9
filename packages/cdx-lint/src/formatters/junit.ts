import { relative } from 'node:path';
import type { LintMessage } from '../lint/types.js';
import { escapeControl } from './escape.js';
import type { Formatter } from './types.js';

/**
 * Characters XML 1.0 cannot hold beyond the controls: U+FFFE, U+FFFF and UTF-16 halves without their
 * other half (a member name escaped as `\ud800` in a file is one). Raw, they make the report
 * not well-formed, and CI systems drop it.
 */
const NOT_XML = /[\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const escapeCode = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * XML text or attribute value: the five markup characters as entities, and every character
 * XML 1.0 cannot hold (or a terminal would act on) as a visible `\uXXXX` escape.
 */
function xml(text: string): string {
  return escapeControl(text)
    .replace(NOT_XML, escapeCode)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function testcase(m: LintMessage, classname: string, docsUrl: string | undefined): string {
  const name = `${m.ruleId} at ${m.line}:${m.column}${m.pointer ? ` ${m.pointer}` : ''}${m.payload !== undefined ? ` in ${m.payload}` : ''}`;
  const details = [
    `${m.severity === 2 ? 'Error' : 'Warning'} at line ${m.line}, column ${m.column}: ${m.message}`,
    `Rule: ${m.ruleId}`,
    `Pointer: ${m.pointer || '/'}`,
  ];
  if (docsUrl !== undefined) details.push(`Docs: ${docsUrl}`);
  return [
    `    <testcase name="${xml(name)}" classname="${classname}" time="0">`,
    `      <failure type="${m.severity === 2 ? 'error' : 'warning'}" message="${xml(m.message)}">${details.map(xml).join('\n')}</failure>`,
    '    </testcase>',
  ].join('\n');
}

/**
 * JUnit XML, which CI systems (GitLab, Jenkins, Azure Pipelines, CircleCI) show as test results:
 * one testsuite per file, one failing testcase per finding, and one passing testcase for a file
 * without findings so that it counts as checked. Paths are relative to the working directory.
 */
export const format: Formatter = (results, context) => {
  const docs = new Map(context.rules.map((r) => [r.id, r.docsUrl]));
  const suites: string[] = [];
  let tests = 0;
  let failures = 0;
  for (const result of results) {
    const path = result.filePath.startsWith('<') ? result.filePath : relative(context.cwd, result.filePath) || result.filePath;
    const name = xml(path);
    const count = Math.max(1, result.messages.length);
    tests += count;
    failures += result.messages.length;
    const cases =
      result.messages.length === 0
        ? [`    <testcase name="${name}" classname="${name}" time="0" />`]
        : result.messages.map((m) => testcase(m, name, docs.get(m.ruleId)));
    suites.push(
      [`  <testsuite name="${name}" tests="${count}" failures="${result.messages.length}" errors="0" time="0">`, ...cases, '  </testsuite>'].join('\n'),
    );
  }
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<testsuites name="cdx-lint" tests="${tests}" failures="${failures}" errors="0">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
};
