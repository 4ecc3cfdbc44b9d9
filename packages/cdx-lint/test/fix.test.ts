// --fix renames misspelt members and changes nothing else; a second run is a no-op; a rename that
// would collide is refused; a failed write leaves the original file as it was.
import * as fs from 'node:fs';
import { chmodSync, lstatSync, readdirSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileAtomic, type WriteIo } from '../src/fix/write.js';
import { fixText } from '../src/lint/process-file.js';
import type { FileSettings } from '../src/lint/types.js';
import { FIXTURES } from './support/bin.js';
import { tempCopy } from './support/temp.js';

const settings: FileSettings = { rules: {}, pointerOverrides: [] };
const merge = readFileSync(join(FIXTURES, 'e2e/valid/patient-merge.json'), 'utf8');

describe('fixText', () => {
  it.each([
    ['a near miss', merge.replace('"FirstName"', '"FirstNmae"'), merge],
    [
      'a wrong case, with CRLF line ends and a BOM',
      `\uFEFF${merge.replace('"FirstName"', '"firstName"').replace(/\n/g, '\r\n')}`,
      `\uFEFF${merge.replace(/\n/g, '\r\n')}`,
    ],
    ['a configured known variant', merge.replace('"LastName"', '"Surname"'), merge, { ruleOptions: { knownVariants: { Surname: 'LastName' } } }],
    ['a misspelt parent, then the misspelling it hid', merge.replace('"Demographics"', '"Demographic"').replace('"MiddleName"', '"MidleName"'), merge],
    [
      'odd spacing and number spellings around it stay as written',
      merge.replace('"FirstName": "Timothy"', '"FirstNmae"   :\t"Timothy"').replace('"Notes": [', '"Score":  1.50e+2, "Notes": ['),
      merge.replace('"FirstName": "Timothy"', '"FirstName"   :\t"Timothy"').replace('"Notes": [', '"Score":  1.50e+2, "Notes": ['),
    ],
  ])('%s', (_name, text, want, extra: Partial<FileSettings> = {}) => {
    const first = fixText(text, 'x.json', { ...settings, ...extra });
    expect(first.output).toBe(want);
    const second = fixText(first.output!, 'x.json', { ...settings, ...extra });
    expect(second.output).toBeUndefined();
    expect(second.fixes).toEqual([]);
  });

  it('refuses two renames that would give one object the same member twice', () => {
    const text = merge.replace('"FirstName": "Timothy",', '"FristName": "Timothy",\n      "FirstNmae": "Tim",');
    const { output, result } = fixText(text, 'x.json', settings);
    expect(output).toBeUndefined();
    expect(result.messages.filter((m) => m.ruleId === 'spelling-drift')).toHaveLength(2);
  });

  it('offers no rename onto a member that is already there', () => {
    const text = merge.replace('"FirstName": "Timothy",', '"FirstName": "Timothy",\n      "firstName": "Tim",');
    const { output, result } = fixText(text, 'x.json', settings);
    expect(output).toBeUndefined();
    expect(result.messages).toMatchObject([{ ruleId: 'spelling-drift' }]);
    expect(result.messages[0]!.fix).toBeUndefined();
  });

  it('does not rename a member whose name is repeated in the text (which one is meant is a guess)', () => {
    const text = merge.replace('"FirstName": "Timothy",', '"FirstNmae": "A",\n      "FirstNmae": "B",');
    const { output, result } = fixText(text, 'x.json', settings);
    expect(output).toBeUndefined();
    expect(result.messages.map((m) => m.ruleId).sort()).toEqual(['duplicate-key', 'spelling-drift']);
  });

  // The findings cap shortens the listing only: it once also limited the renames, ten passes of
  // `maxFindingsPerRule` each, and left the rest for another run.
  it.each([
    ['one listed per rule, 25 slips', 25, 1],
    ['three listed per rule, 40 slips', 40, 3],
  ])('renames every misspelling, however many the listing holds back (%s)', (_name, slips, maxFindingsPerRule) => {
    const payload = JSON.parse(merge) as { Patient: Record<string, unknown> };
    payload.Patient.Identifiers = Array.from({ length: slips }, (_, i) => ({ ID: String(i), IDTyep: 'MRN' }));
    const text = JSON.stringify(payload, null, 2);
    const capped = { ...settings, maxFindingsPerRule };
    const first = fixText(text, 'x.json', capped);
    expect(first.fixes).toHaveLength(slips);
    expect(first.fixes[slips - 1]).toMatchObject({ pointer: `/Patient/Identifiers/${slips - 1}/IDTyep`, from: 'IDTyep', to: 'IDType' });
    expect(first.output).toBe(text.replaceAll('"IDTyep"', '"IDType"'));
    expect(first.result).toMatchObject({ errorCount: 0, warningCount: 0, messages: [] });
    const second = fixText(first.output!, 'x.json', capped);
    expect(second.output).toBeUndefined();
    expect(second.fixes).toEqual([]);
  });
});

describe('writeFileAtomic', () => {
  const failing = (step: keyof WriteIo): WriteIo => {
    const io: WriteIo = {
      openSync: fs.openSync,
      writeSync: fs.writeSync,
      fsyncSync: fs.fsyncSync,
      closeSync: fs.closeSync,
      renameSync: fs.renameSync,
      unlinkSync: fs.unlinkSync,
    };
    (io as unknown as Record<string, unknown>)[step] = () => {
      throw Object.assign(new Error(`simulated crash in ${step}`), { code: 'EIO' });
    };
    return io;
  };

  it.each(['writeSync', 'fsyncSync', 'renameSync'] as const)('a crash in %s leaves the original intact and no temporary file', (step) => {
    const path = tempCopy('payload.json', 'original');
    expect(() => {
      writeFileAtomic(path, 'replacement', { io: failing(step) });
    }).toThrow(/simulated crash/);
    expect(readFileSync(path, 'utf8')).toBe('original');
    expect(readdirSync(join(path, '..'))).toEqual(['payload.json']);
  });

  it('keeps the mode and writes through a symlink', () => {
    const path = tempCopy('payload.json', 'original');
    chmodSync(path, 0o640);
    const link = join(path, '..', 'link.json');
    symlinkSync(path, link);
    writeFileAtomic(link, 'replacement');
    expect(readFileSync(path, 'utf8')).toBe('replacement');
    expect(statSync(path).mode & 0o777).toBe(0o640);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
  });
});
