// Findings are bounded per file: at most maxFindingsPerRule (default 1,000) per rule, the rest in
// one finding with their count. 300,000 repeated names in a 1.8 MB file made 549 MB of RSS and an
// 80 MB report; the precise memory and size bounds are measured by `pnpm robustness`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validate } from '@cdx/validate';
import { describe, expect, it } from 'vitest';
import { lintText } from '../src/lint/lint-text.js';
import type { FileSettings, LintResult } from '../src/lint/types.js';
import { FIXTURES, REPO } from './support/bin.js';

const merge = readFileSync(join(FIXTURES, 'e2e/valid/patient-merge.json'), 'utf8');
const base: FileSettings = { rules: {}, pointerOverrides: [] };
/** The merge example with `count` repeats of one member name in Demographics. */
const repeated = (count: number, name = 'x') => merge.replace('"FirstName"', `${`"${name}":0,`.repeat(count)}"FirstName"`);

describe('the findings cap', () => {
  it('keeps 1,000 repeated names and summarises the rest in one finding that counts them', () => {
    const result = lintText(repeated(300_000), 'dup.json', base);
    const dups = result.messages.filter((m) => m.ruleId === 'duplicate-key');
    expect(dups).toHaveLength(1001);
    const summary = dups.find((m) => m.omitted !== undefined)!;
    expect(summary).toMatchObject({ severity: 2, omitted: 299_999 - 1000, pointer: '/Patient/Demographics/x' });
    expect(summary.message).toMatch(/^298999 more `duplicate-key` findings/);
    // The counts include what the summary holds back: exit status and --max-warnings stay exact.
    expect(result.errorCount).toBe(299_999);
  });

  it('is configurable per file, and counts warnings for --max-warnings', () => {
    const text = merge.replace('"FirstName"', `${Array.from({ length: 50 }, (_, i) => `"Nick${i}": 0,`).join('')}"FirstName"`);
    const result = lintText(text, 'x.json', { ...base, maxFindingsPerRule: 10 });
    const unknown = result.messages.filter((m) => m.ruleId === 'unknown-field' || m.ruleId === 'spelling-drift');
    expect(unknown.length).toBeLessThanOrEqual(22);
    expect(result.warningCount).toBe(50);
  });

  it('counts only what pointer overrides and --quiet leave', () => {
    const text = repeated(3000);
    const off = lintText(text, 'x.json', { ...base, pointerOverrides: [{ pointers: ['/Patient/Demographics/x'], rules: { 'duplicate-key': 'off' } }] });
    expect(off.messages.filter((m) => m.ruleId === 'duplicate-key')).toEqual([]);
    const quiet = lintText(text.replace('"Test": false', '"Test": "no"'), 'x.json', { ...base, quiet: true, maxFindingsPerRule: 5 });
    expect(quiet.messages.map((m) => m.ruleId)).toEqual([
      'schema',
      'duplicate-key',
      'duplicate-key',
      'duplicate-key',
      'duplicate-key',
      'duplicate-key',
      'duplicate-key',
    ]);
    expect(quiet.errorCount).toBe(3000);
  });
});

// One finding per cause: a misspelt `IDTyep` is one spelling-drift finding, which stands for the
// schema's "required `IDType` missing" at the name it renames to. The cap decides what is listed of
// what survives that, never what counts: it once counted the superseded schema findings first and
// reported them as "1 more `schema` findings", an error that turned exit 0 into exit 1.
const patientMerge = readFileSync(join(REPO, 'schemas/examples/valid/patientadmin-patientmerge.json'), 'utf8');

/**
 * The example with `slips` identifiers whose `IDType` is misspelt (spelling-drift supersedes the
 * schema's "missing" there), then `wrong` previous identifiers whose `IDType` is a number (schema
 * findings nothing supersedes, after the superseded ones).
 */
function slipped(slips: number, wrong = 0): string {
  const payload = JSON.parse(patientMerge) as { Patient: Record<string, unknown> };
  payload.Patient.Identifiers = Array.from({ length: slips }, (_, i) => ({ ID: String(i), IDTyep: 'MRN' }));
  if (wrong > 0) payload.Patient.PreviousIdentifiers = Array.from({ length: wrong }, (_, i) => ({ ID: String(i), IDType: i }));
  return JSON.stringify(payload, null, 2);
}

const warnDrift: FileSettings = { ...base, rules: { 'spelling-drift': 'warn' } };
const listed = (result: LintResult) => result.messages.map((m) => ({ ruleId: m.ruleId, pointer: m.pointer, omitted: m.omitted }));

describe('the findings cap and superseded findings', () => {
  it('neither lists nor counts a finding another one stands for', () => {
    const result = lintText(slipped(2), 'x.json', { ...warnDrift, maxFindingsPerRule: 1 });
    expect(listed(result)).toEqual([
      { ruleId: 'spelling-drift', pointer: '/Patient/Identifiers/0/IDTyep', omitted: undefined },
      { ruleId: 'spelling-drift', pointer: '/Patient/Identifiers/1/IDTyep', omitted: 1 },
    ]);
    expect(result).toMatchObject({ errorCount: 0, warningCount: 2 });
  });

  it('at the default cap, 2,000 slips are 2,000 warnings and no schema finding', () => {
    const result = lintText(slipped(2000), 'x.json', warnDrift);
    expect(result.messages.filter((m) => m.ruleId !== 'spelling-drift')).toEqual([]);
    expect(result.messages.find((m) => m.omitted !== undefined)).toMatchObject({
      ruleId: 'spelling-drift',
      pointer: '/Patient/Identifiers/1000/IDTyep',
      omitted: 1000,
    });
    expect(result).toMatchObject({ errorCount: 0, warningCount: 2000 });
  });

  it.each([1, 2, 3, 5, 8])('only shortens the listing, at %i per rule: the counts are the uncapped ones', (limit) => {
    const text = slipped(6, 4);
    const all = lintText(text, 'x.json', { ...base, maxFindingsPerRule: Infinity });
    const capped = lintText(text, 'x.json', { ...base, maxFindingsPerRule: limit });
    expect(all.messages.some((m) => m.ruleId === 'schema')).toBe(true); // the unsuperseded ones
    expect(capped).toMatchObject({ errorCount: all.errorCount, warningCount: all.warningCount });
    const uncapped = new Set(all.messages.map((m) => `${m.ruleId} ${m.pointer}`));
    for (const ruleId of new Set(all.messages.map((m) => m.ruleId))) {
      const total = all.messages.filter((m) => m.ruleId === ruleId).length;
      const own = capped.messages.filter((m) => m.ruleId === ruleId);
      const shown = own.filter((m) => m.omitted === undefined);
      expect(shown).toHaveLength(Math.min(limit, total));
      for (const m of shown) expect(uncapped.has(`${m.ruleId} ${m.pointer}`), `${m.ruleId} ${m.pointer}`).toBe(true);
      expect(own.find((m) => m.omitted !== undefined)?.omitted ?? 0).toBe(total - shown.length);
    }
  });

  it("validate()'s own cap: the payload stays valid and no schema finding is listed", () => {
    const result = validate(JSON.parse(slipped(3)), { maxFindingsPerRule: 1, rules: { 'spelling-drift': 'warn' } });
    expect(result.valid).toBe(true);
    expect(result.findings.map((f) => [f.ruleId, f.pointer, f.omitted])).toEqual([
      ['spelling-drift', '/Patient/Identifiers/0/IDTyep', undefined],
      ['spelling-drift', '/Patient/Identifiers/1/IDTyep', 2],
    ]);
  });
});
