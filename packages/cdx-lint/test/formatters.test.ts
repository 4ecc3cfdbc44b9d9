// Formatters are pure functions of (results, context): each is checked on the same results.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { RULE_DOCS_URL } from '@cdx/validate';
import { describe, expect, it } from 'vitest';
import { FORMAT_NAMES, loadFormatter, type FormatContext } from '../src/formatters/index.js';
import { escapeData, escapeProperty } from '../src/formatters/github.js';
import { resultOf } from '../src/lint/result.js';
import type { LintMessage } from '../src/lint/types.js';
import { allRules } from '../src/rules/index.js';

const ROOT = '/repo';
const context: FormatContext = { cwd: '/repo/fixtures', repoRoot: ROOT, color: false, rules: allRules(), version: '9.9.9', fix: 'off' };

const message = (over: Partial<LintMessage>): LintMessage => ({
  ruleId: 'schema',
  severity: 2,
  message: 'm',
  line: 1,
  column: 1,
  endLine: 1,
  endColumn: 2,
  pointer: '',
  ...over,
});

const results = [
  resultOf('/repo/fixtures/clean.json', 'PatientAdmin/PatientMerge', []),
  resultOf('/repo/fixtures/bad.json', 'PatientAdmin/PatientMerge', [
    message({ line: 3, column: 5, endLine: 3, endColumn: 16, pointer: '/Meta/EventType', message: '`Meta.EventType` must be "PatientMerge".' }),
    message({
      ruleId: 'spelling-drift',
      severity: 1,
      line: 12,
      column: 7,
      endLine: 12,
      endColumn: 25,
      pointer: '/Patient/Demographics/FirstNmae',
      message: '`Patient.Demographics.FirstNmae` is not a field of this message; did you mean `FirstName`?',
      fix: { range: [200, 211], text: '"FirstName"', kind: 'rename-member', pointer: '/Patient/Demographics/FirstNmae', from: 'FirstNmae', to: 'FirstName' },
    }),
  ]),
  resultOf('/repo/fixtures/broken.json', null, [
    message({ ruleId: 'parse-error', fatal: true, line: 2, column: 9, endLine: 2, endColumn: 10, message: 'Trailing comma: remove the `,` before `}`.' }),
  ]),
];

describe('stylish', () => {
  it('groups by file, aligns columns and ends with a summary', async () => {
    const text = (await loadFormatter('stylish'))(results, context);
    expect(text).toBe(
      [
        'bad.json',
        '  3:5   error    `Meta.EventType` must be "PatientMerge".  schema',
        '  12:7  warning  `Patient.Demographics.FirstNmae` is not a field of this message; did you mean `FirstName`?  spelling-drift',
        '',
        'broken.json',
        '  2:9  error    Trailing comma: remove the `,` before `}`.  parse-error',
        '',
        '✖ 3 problems (2 errors, 1 warning) in 3 files checked.',
        '  0 errors and 1 warning potentially fixable with the `--fix` option.',
        '',
        'Rule docs:',
        `  parse-error     ${RULE_DOCS_URL}parse-error.md`,
        `  schema          ${RULE_DOCS_URL}schema.md`,
        `  spelling-drift  ${RULE_DOCS_URL}spelling-drift.md`,
        '',
      ].join('\n'),
    );
  });

  it('with colour, links each rule id to its docs (a terminal hyperlink)', async () => {
    const text = (await loadFormatter('stylish'))(results, { ...context, color: true });
    expect(text).toContain(`\u001b]8;;${RULE_DOCS_URL}spelling-drift.md\u0007spelling-drift\u001b]8;;\u0007`);
  });

  it('says so when there is nothing to report, and colours only when asked', async () => {
    const stylish = await loadFormatter('stylish');
    expect(stylish([results[0]!], context)).toBe('✔ 1 file checked, no problems.\n');
    expect(stylish(results, context)).not.toContain('\u001b[');
    expect(stylish(results, { ...context, color: true })).toContain('\u001b[');
  });

  it('lists the renames a fix made', async () => {
    const fixed = { ...results[0]!, fixes: [{ pointer: '/Patient/Demographics/FirstNmae', from: 'FirstNmae', to: 'FirstName', line: 12, column: 7 }] };
    expect((await loadFormatter('stylish'))([fixed], { ...context, fix: 'dry-run' })).toBe(
      [
        'clean.json',
        '  12:7  would rename  `FirstNmae` → `FirstName`  /Patient/Demographics/FirstNmae',
        '',
        'Would rename 1 member in 1 file.',
        '✔ 1 file checked, no problems.',
        '',
      ].join('\n'),
    );
  });
});

describe('json', () => {
  it("is ESLint's result array, with pointer and kind", async () => {
    const parsed = JSON.parse((await loadFormatter('json'))(results, context));
    // Each message also links its rule's docs, as SARIF does.
    const docs = (m: LintMessage) => ({ ...m, docsUrl: `${RULE_DOCS_URL}${m.ruleId}.md` });
    expect(parsed).toEqual(results.map((r) => ({ ...r, messages: r.messages.map(docs) })));
    expect(parsed[1]).toMatchObject({ errorCount: 1, warningCount: 1, fatalErrorCount: 0, fixableErrorCount: 0, fixableWarningCount: 1 });
    expect(parsed[2].messages[0]).toMatchObject({ ruleId: 'parse-error', fatal: true, severity: 2 });
  });
});

describe('github', () => {
  it('writes one workflow command per finding, repository-relative', async () => {
    const text = (await loadFormatter('github'))(results, context);
    expect(text.split('\n')).toEqual([
      '::error file=fixtures/bad.json,line=3,col=5,endLine=3,endColumn=16,title=schema::`Meta.EventType` must be "PatientMerge". (/Meta/EventType)',
      '::warning file=fixtures/bad.json,line=12,col=7,endLine=12,endColumn=25,title=spelling-drift::`Patient.Demographics.FirstNmae` is not a field of this message; did you mean `FirstName`? (/Patient/Demographics/FirstNmae)',
      '::error file=fixtures/broken.json,line=2,col=9,endLine=2,endColumn=10,title=parse-error::Trailing comma: remove the `,` before `}`. (/)',
      '',
    ]);
  });

  it('escapes data and properties', () => {
    expect(escapeData('50% done\r\nnext')).toBe('50%25 done%0D%0Anext');
    expect(escapeProperty('a:b,c%')).toBe('a%3Ab%2Cc%25');
  });

  it('adds a notice when there are more annotations than GitHub shows', async () => {
    const many = resultOf(
      '/repo/x.json',
      null,
      Array.from({ length: 11 }, (_, i) => message({ line: i + 1 })),
    );
    const lines = (await loadFormatter('github'))([many], context).trim().split('\n');
    expect(lines).toHaveLength(12);
    expect(lines[11]).toMatch(/^::notice title=cdx-lint::cdx-lint found 11 error\(s\) and 0 warning\(s\); GitHub shows only the first 10/);
  });
});

describe('sarif', () => {
  const sarifSchema = JSON.parse(readFileSync(fileURLToPath(new URL('./fixtures/sarif/sarif-2.1.0-rtm.5.json', import.meta.url)), 'utf8'));
  delete sarifSchema.$schema;
  delete sarifSchema.id;
  const ajv = new Ajv.default({ allErrors: true, strict: false, unicodeRegExp: false });
  addFormats.default(ajv);
  const validateSarif = ajv.compile(sarifSchema);

  it('is valid SARIF 2.1.0', async () => {
    const log = JSON.parse((await loadFormatter('sarif'))(results, context));
    expect(validateSarif(log), JSON.stringify(validateSarif.errors, null, 2)).toBe(true);
    // The check itself can fail: a run without its tool is not SARIF.
    expect(validateSarif({ ...log, runs: [{ results: log.runs[0].results }] })).toBe(false);
  });

  it('carries rule metadata with doc links, relative URIs, regions and fingerprints', async () => {
    const log = JSON.parse((await loadFormatter('sarif'))(results, context));
    const run = log.runs[0];
    expect(run.tool.driver.rules.map((r: { id: string }) => r.id)).toEqual(allRules().map((r) => r.id));
    for (const rule of run.tool.driver.rules) expect(rule.helpUri).toMatch(new RegExp(`/docs/rules/${rule.id}\\.md$`));
    expect(run.results).toHaveLength(3);
    const [first] = run.results;
    expect(first.locations[0].physicalLocation).toEqual({
      artifactLocation: { uri: 'fixtures/bad.json', uriBaseId: 'SRCROOT' },
      region: { startLine: 3, startColumn: 5, endLine: 3, endColumn: 16 },
    });
    expect(run.tool.driver.rules[first.ruleIndex].id).toBe('schema');
    expect(first.partialFingerprints['cdxLint/pointer/v1']).toMatch(/^[0-9a-f]{32}$/);
    expect(run.originalUriBaseIds.SRCROOT.uri).toBe('file:///repo/');
  });

  it('keeps fingerprints when lines move', async () => {
    const sarif = await loadFormatter('sarif');
    const moved = [resultOf('/repo/fixtures/bad.json', null, [{ ...results[1]!.messages[0]!, line: 30, endLine: 30 }])];
    const a = JSON.parse(sarif([results[1]!], context)).runs[0].results[0].partialFingerprints;
    const b = JSON.parse(sarif(moved, context)).runs[0].results[0].partialFingerprints;
    expect(b).toEqual(a);
  });
});

it('every format name has a formatter', async () => {
  for (const name of FORMAT_NAMES) expect(typeof (await loadFormatter(name))).toBe('function');
});

describe('junit', () => {
  it('is well-formed XML whatever a member name holds: U+FFFE, U+FFFF and lone surrogates are written as escapes', async () => {
    const odd = 'a\uFFFEb\uFFFFc\uD800d\uDC00e\u0001f😀';
    const text = (await loadFormatter('junit'))(
      [resultOf(`/repo/fixtures/${odd}.json`, null, [message({ pointer: `/${odd}`, message: `\`${odd}\` is not a field of this message.` })])],
      context,
    );
    // XML 1.0 Char: tab, LF, CR, U+0020–U+D7FF, U+E000–U+FFFD, U+10000–U+10FFFF (lone surrogates match none).
    expect(text).not.toMatch(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u);
    expect(text).toContain('a\\ufffeb\\uffffc\\ud800d\\udc00e\\u0001f😀');
  });
});
