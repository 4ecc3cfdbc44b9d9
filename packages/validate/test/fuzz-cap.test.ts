// The findings cap, on payloads shaped like the ones that were costly: any number of misspelt
// members across a prefetched searchset and of unknown members, any cap. What is listed is at most
// the cap per rule plus one summary, and the summary's count makes up exactly what an uncapped
// validation finds. Runs: CDX_FUZZ_RUNS (default 300, `pnpm fuzz` 100,000); seed: CDX_FUZZ_SEED.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validate, type Finding } from '../src/index.js';
import { validExample } from './fhir/support.js';
import { fuzzParameters, fuzzTimeout } from './support/fuzz.js';

const count = (findings: readonly Finding[], ruleId: string) => findings.filter((f) => f.ruleId === ruleId).reduce((n, f) => n + (f.omitted ?? 1), 0);

describe('the findings cap, on many misspellings', () => {
  it(
    'lists at most the cap per rule and one summary, and counts every finding',
    () => {
      fc.assert(
        fc.property(
          fc.array(fc.constantFrom('birthdate', 'gendr', 'Active', 'nickname', 'x'), { maxLength: 60 }),
          fc.integer({ min: 1, max: 20 }),
          (names, cap) => {
            const request = validExample('cds-hooks-patient-view');
            request.prefetch.conditions = {
              resourceType: 'Bundle',
              type: 'searchset',
              entry: names.map((name, i) => ({ resource: { resourceType: 'Patient', id: `p${i}`, [name]: name === 'Active' ? true : 'x' } })),
            };
            const capped = validate(request, { maxFindingsPerRule: cap }).findings;
            const all = validate(request, { maxFindingsPerRule: Infinity }).findings;
            for (const ruleId of new Set(all.map((f) => f.ruleId))) {
              const listed = capped.filter((f) => f.ruleId === ruleId);
              expect(listed.filter((f) => f.omitted === undefined).length).toBeLessThanOrEqual(cap);
              expect(count(capped, ruleId)).toBe(count(all, ruleId));
              expect(listed.filter((f) => f.omitted === undefined)).toEqual(
                all.filter((f) => f.ruleId === ruleId).slice(0, listed.filter((f) => f.omitted === undefined).length),
              );
            }
          },
        ),
        fuzzParameters(43),
      );
    },
    fuzzTimeout(20),
  );
});
