// The findings cap is asked before a finding's message, field path and fixes are made, so a
// finding that is not listed costs next to nothing: a CDS Hooks request with 40,000 misspelt
// prefetched members took 38 s and 1.7 GB. Work is counted (calls of the costly helpers, through
// module mocks), never timed.
import { describe, expect, it, vi } from 'vitest';
import { validate } from '../src/index.js';
import { validExample } from './fhir/support.js';

const calls = vi.hoisted(() => ({ fieldPath: 0, plausibleNames: 0 }));

vi.mock('../src/display.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../src/display.js')>();
  return {
    ...original,
    fieldPath: (...args: Parameters<typeof original.fieldPath>) => {
      calls.fieldPath++;
      return original.fieldPath(...args);
    },
  };
});

vi.mock('../src/near-miss.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../src/near-miss.js')>();
  return {
    ...original,
    plausibleNames: (...args: Parameters<typeof original.plausibleNames>) => {
      calls.plausibleNames++;
      return original.plausibleNames(...args);
    },
  };
});

/** A patient-view request whose prefetched searchset holds `count` Patients, each with `birthdate` (for `birthDate`). */
function misspeltPrefetch(count: number): unknown {
  const request = validExample('cds-hooks-patient-view');
  const entry = Array.from({ length: count }, (_, i) => ({ resource: { resourceType: 'Patient', id: `p${i}`, birthdate: '1970-01-01' } }));
  request.prefetch.conditions = { resourceType: 'Bundle', type: 'searchset', entry };
  return request;
}

describe('findings past the cap cost next to nothing', () => {
  it('5,000 misspellings with at most 10 listed: field paths only for the listed ones', () => {
    calls.fieldPath = 0;
    const findings = validate(misspeltPrefetch(5000), { maxFindingsPerRule: 10 }).findings.filter((f) => f.ruleId === 'spelling-drift');
    expect(findings).toHaveLength(11);
    expect(findings[0]).toMatchObject({ pointer: '/prefetch/conditions/entry/0/resource/birthdate', fix: { to: 'birthDate' } });
    expect(findings[10]).toMatchObject({ messageId: 'omitted', omitted: 4990, pointer: '/prefetch/conditions/entry/10/resource/birthdate' });
    // Each validation (the payload, then the payload with the fixes applied) lists 10; building
    // every finding's message made 10,000.
    expect(calls.fieldPath).toBeLessThan(100);
  });

  it('one misspelling repeated 5,000 times in one kind of object is looked up once per walk', () => {
    calls.plausibleNames = 0;
    validate(misspeltPrefetch(5000), { maxFindingsPerRule: 10 });
    expect(calls.plausibleNames).toBeLessThan(20);
  });
});
