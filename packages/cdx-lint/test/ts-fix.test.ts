// --fix in TypeScript and JavaScript fixtures: a rename edits the member's name token, written as
// the source writes names, and nothing else; a second run changes nothing.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixText } from '../src/lint/process-file.js';
import type { FileSettings } from '../src/lint/types.js';
import { renamed } from '../src/sources/ts/syntax.js';
import { runBin } from './support/bin.js';

const settings: FileSettings = { rules: {}, pointerOverrides: [] };

/** A PatientMerge whose Demographics members are `members`, as one line of code. */
const merge = (members: string, name = 'merge') =>
  `export const ${name} = {\n  Meta: { DataModel: 'PatientAdmin', EventType: 'PatientMerge' },\n  Patient: { Identifiers: [{ ID: '1', IDType: 'MRN' }], PreviousIdentifiers: [{ ID: '2', IDType: 'MRN' }], Demographics: { ${members} } },\n} satisfies PatientMerge;\n`;

describe('fixText on TypeScript', () => {
  it.each([
    ['a bare name', "FirstNmae: 'Tim'", "FirstName: 'Tim'"],
    ['a single-quoted name keeps its quotes', "'FirstNmae': 'Tim'", "'FirstName': 'Tim'"],
    ['a double-quoted name keeps its quotes', '"FirstNmae": "Tim"', '"FirstName": "Tim"'],
    ['a shorthand member keeps its variable', 'FirstNmae, LastName', 'FirstName: FirstNmae, LastName'],
    ['a computed literal name', "['FirstNmae']: 'Tim'", "['FirstName']: 'Tim'"],
    ['a computed template name', "[`FirstNmae`]: 'Tim'", '["FirstName"]: \'Tim\''],
    ['odd spacing and as const stay as written', "FirstNmae  :\t'Tim' as const, DOB: `2008-01-06`", "FirstName  :\t'Tim' as const, DOB: `2008-01-06`"],
  ])('%s', (_name, members, want) => {
    const first = fixText(merge(members), 'x.ts', settings);
    expect(first.output).toBe(merge(want));
    expect(first.fixes).toMatchObject([{ pointer: '/Patient/Demographics/FirstNmae', payload: 'merge', from: 'FirstNmae', to: 'FirstName', line: 3 }]);
    const second = fixText(first.output!, 'x.ts', settings);
    expect(second.output).toBeUndefined();
  });

  it('the same misspelling in two payloads is no collision: both are renamed', () => {
    const text = merge("FirstNmae: 'A'", 'one') + merge("FirstNmae: 'B'", 'two');
    const { output, fixes } = fixText(text, 'x.ts', settings);
    expect(output).toBe(merge("FirstName: 'A'", 'one') + merge("FirstName: 'B'", 'two'));
    expect(fixes.map((f) => f.payload)).toEqual(['one', 'two']);
  });

  it('a misspelt parent, then the misspelling it hid', () => {
    const text = merge("FirstName: 'A'").replace('Demographics: { FirstName', 'Demographic: { FirstNmae');
    expect(fixText(text, 'x.ts', settings).output).toBe(merge("FirstName: 'A'"));
  });

  it.each([
    ['a spread before it, which may bring the name', "...base, FirstNmae: 'Override'"],
    ['a spread after it, which may replace the renamed member', "FirstNmae: 'Override', ...base"],
    ['a computed name, which may be the name', "[key]: 'x', FirstNmae: 'Override'"],
  ])('a misspelt member of an object with %s: reported, not renamed', (_name, members) => {
    const text = `const base = { FirstName: 'Timothy' };
const key = 'FirstName';
${merge(members)}`;
    const { output, fixes } = fixText(text, 'x.ts', settings);
    expect(output).toBeUndefined();
    expect(fixes).toEqual([]);
  });

  it('a getter is reported but not renamed', () => {
    const { output, result } = fixText(merge("get FirstNmae() { return 'A'; }"), 'x.ts', settings);
    expect(output).toBeUndefined();
    expect(result.messages).toMatchObject([{ ruleId: 'spelling-drift', pointer: '/Patient/Demographics/FirstNmae' }]);
    expect(result.messages[0]!.fix).toBeUndefined();
  });

  it('JavaScript too', () => {
    const text = merge("FirstNmae: 'Tim'").replace(' satisfies PatientMerge', '');
    expect(fixText(text, 'x.mjs', settings).output).toBe(merge("FirstName: 'Tim'").replace(' satisfies PatientMerge', ''));
  });
});

describe('rename text', () => {
  it.each([
    [{ form: 'bare' } as const, 'LastName', 'LastName'],
    [{ form: 'bare' } as const, 'two words', '"two words"'],
    [{ form: 'bare' } as const, 'value-x', '"value-x"'],
    [{ form: 'quoted', quote: "'" } as const, "it's", "'it\\'s'"],
    [{ form: 'quoted', quote: "'" } as const, 'say "hi"', `'say "hi"'`],
    [{ form: 'quoted', quote: '"' } as const, 'say "hi"', '"say \\"hi\\""'],
    [{ form: 'shorthand', variable: 'first' } as const, 'First Name', '"First Name": first'],
  ])('%j → %s', (form, to, want) => {
    expect(renamed(form, to)).toBe(want);
  });
});

describe('cdx-lint --fix on a TypeScript file', () => {
  it('writes the renames and leaves every other byte', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cdx-lint-ts-fix-'));
    const path = join(dir, 'merge.ts');
    const header = "import type { PatientMerge } from '@cdx/types';\r\n// kept: comments, CRLF, quotes\r\n";
    writeFileSync(path, `\uFEFF${header}${merge("'FirstNmae': 'Tim'").replace(/\n/g, '\r\n')}`);
    const run = runBin(['--fix', path], { cwd: dir });
    expect(run.status, run.stderr).toBe(0);
    expect(readFileSync(path, 'utf8')).toBe(`\uFEFF${header}${merge("'FirstName': 'Tim'").replace(/\n/g, '\r\n')}`);
  });
});
