// Findings are bounded: at most maxFindingsPerRule (default 1,000) per rule, the rest summarised
// in one finding that carries their count; bundle-reference is bounded in time, memory and output
// however deep and however many its dangling references (4,000 levels took 5 s, 650 MB and a
// 17 MB report).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_FINDINGS_PER_RULE, OptionsError, validate } from '../src/index.js';
import { examplesDir, readJson } from './support/cases.js';

const provider = () => readJson(join(examplesDir, 'valid/provider-deactivate.json')) as Record<string, any>;

/** A message bundle whose Patient holds `depth` nested objects, each with a dangling urn:uuid reference. */
function deepDanglingBundle(depth: number, name = 'x'): unknown {
  const bundle = readJson(join(examplesDir, 'valid/fhir-message.json')) as Record<string, any>;
  const patient = bundle.entry.find((e: any) => e.resource.resourceType === 'Patient').resource;
  let open = '';
  for (let i = 0; i < depth; i++) open += `{"reference":"urn:uuid:${String(i).padStart(8, '0')}-0000-4000-8000-000000000000","${name}":`;
  patient.generalPractitioner = ['\u0000'];
  return JSON.parse(JSON.stringify(bundle).replace('"\\u0000"', `${open}1${'}'.repeat(depth)}`));
}

describe('maxFindingsPerRule', () => {
  it('keeps the first 1,000 findings of a rule and summarises the rest in one, with the count', () => {
    expect(DEFAULT_MAX_FINDINGS_PER_RULE).toBe(1000);
    const payload = provider();
    payload.Providers[0].Demographics.Addresses = Array(20_000).fill(5);
    const { findings, valid } = validate(payload);
    expect(valid).toBe(false);
    expect(findings).toHaveLength(1001);
    expect(findings.slice(0, 1000).every((f) => f.ruleId === 'schema' && f.omitted === undefined)).toBe(true);
    expect(findings[1000]).toMatchObject({ ruleId: 'schema', severity: 'error', pointer: '/Providers/0/Demographics/Addresses/1000', omitted: 19_000 });
    expect(findings[1000]!.message).toMatch(/19000 more `schema` findings/);
  });

  it('is per rule, configurable, and Infinity keeps everything', () => {
    const payload = provider();
    payload.Providers[0].Demographics.Addresses = Array(50).fill(5);
    payload.Providers[0].Demographics.Nickname1 = 1;
    payload.Providers[0].Demographics.Nickname2 = 1;
    const capped = validate(payload, { maxFindingsPerRule: 10 }).findings;
    expect(capped.filter((f) => f.ruleId === 'schema')).toHaveLength(11);
    expect(capped.filter((f) => f.ruleId === 'unknown-field')).toHaveLength(2);
    expect(validate(payload, { maxFindingsPerRule: Infinity }).findings.filter((f) => f.ruleId === 'schema')).toHaveLength(50);
    expect(() => validate(payload, { maxFindingsPerRule: 0 })).toThrow(OptionsError);
  });
});

describe('bundle-reference on a bundle nested 4,000 levels deep with a dangling reference at each level', () => {
  it('reports a bounded number of findings with bounded pointers', () => {
    // `pnpm robustness` measures time and memory (budgets.mjs).
    const { findings } = validate(deepDanglingBundle(4000));
    const mine = findings.filter((f) => f.ruleId === 'bundle-reference');
    expect(mine.length).toBeLessThanOrEqual(DEFAULT_MAX_FINDINGS_PER_RULE + 2);
    // Before: 4,000 findings whose pointers summed to 32 million characters.
    expect(mine.reduce((n, f) => n + f.pointer.length + f.message.length, 0)).toBeLessThan(2_000_000);
    expect(mine.some((f) => f.message.includes('deeper than 512 levels'))).toBe(true);
  });

  it('long member names on the way do not make the output quadratic', () => {
    const { findings } = validate(deepDanglingBundle(400, 'n'.repeat(10_000)));
    const mine = findings.filter((f) => f.ruleId === 'bundle-reference');
    expect(mine.reduce((n, f) => n + f.pointer.length, 0)).toBeLessThan(2_000_000);
    expect(mine.reduce((n, f) => n + (f.omitted ?? 1), 0)).toBe(400);
  });
});
