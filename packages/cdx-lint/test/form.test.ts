// Search form bodies (.form files): application/x-www-form-urlencoded text, linted as the search kinds
// with line and column; the kind comes from --kind or the config, or from the parameter names.
import { describe, expect, it } from 'vitest';
import { lintText as lintWith } from '../src/lint/lint-text.js';
import type { FileSettings } from '../src/lint/types.js';
import { formReader } from '../src/sources/form.js';

const base: FileSettings = { rules: {}, pointerOverrides: [] };
const lint = (text: string, settings: Partial<FileSettings> = {}) => lintWith(text, 'search.form', { ...base, ...settings });
const summary = (text: string, settings: Partial<FileSettings> = {}) =>
  lint(text, settings).messages.map((m) => `${m.line}:${m.column}-${m.endLine}:${m.endColumn} ${m.ruleId} ${m.pointer}`);

describe('.form files', () => {
  it('decodes pairs separated by & or line breaks into arrays of values, + as a space', () => {
    const outcome = formReader.read('patient=Patient%2F1&lifecycle-status=active\ntarget-date=ge2026-01-01\nlifecycle-status=on-hold\n');
    expect(outcome.ok && outcome.documents[0]!.value).toEqual({
      patient: ['Patient/1'],
      'lifecycle-status': ['active', 'on-hold'],
      'target-date': ['ge2026-01-01'],
    });
    const spaced = formReader.read('family=van+der+Berg');
    expect(spaced.ok && spaced.documents[0]!.value).toEqual({ family: ['van der Berg'] });
  });

  it('a clean Goal search is its kind, told by its parameter names', () => {
    expect(lint('patient=Patient/1&lifecycle-status=active')).toMatchObject({ kind: 'fhir/Goal/_search', messages: [] });
    expect(lint('family=Bixby&gender=male')).toMatchObject({ kind: 'fhir/Patient/_search', messages: [] });
  });

  it('places findings on the parameter name or the value, by line and column', () => {
    expect(summary('patient=Patient/1\nlifecycle-status=actve\ntarget_date=ge2026-01-01\n')).toEqual([
      '2:18-2:23 search-param /lifecycle-status/0',
      '3:1-3:25 search-param /target_date',
    ]);
  });

  it('the configured kind wins over the guess', () => {
    expect(summary('gender=male', { kind: 'fhir/Goal/_search' })).toEqual(['1:1-1:12 search-param /gender']);
  });

  it('a body no search fits asks for the kind', () => {
    const result = lint('foo=1&bar=2');
    expect(result.messages).toMatchObject([{ ruleId: 'unknown-kind', messageId: 'searchForm', line: 1, column: 1 }]);
    expect(result.messages[0]!.message).toMatch(/--kind fhir\/Goal\/_search/);
  });

  it('a bad percent escape is a parse error with line and column', () => {
    expect(lint('patient=Patient/1\nfamily=Bix%zzby')).toMatchObject({
      fatalErrorCount: 1,
      messages: [{ ruleId: 'parse-error', line: 2, column: 11, message: expect.stringMatching(/%zz.*two hex digits/) }],
    });
  });

  it('a parameter named __proto__ is data, not a prototype', () => {
    const outcome = formReader.read('__proto__=x&patient=Patient/1');
    const value = outcome.ok ? (outcome.documents[0]!.value as Record<string, unknown>) : {};
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['__proto__', 'patient']);
  });
});
