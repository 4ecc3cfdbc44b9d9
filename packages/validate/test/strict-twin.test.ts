// The strict twin is validate()'s fast path. It may reject more than it must (then the slow path
// decides), but whenever it accepts, the slow path must have nothing to report.
import { describe, expect, it } from 'vitest';
import { getKind, listKinds } from '../src/index.js';
import { walkMembers } from '../src/members.js';
import { loadKind } from '../src/registry.js';
import { loadCaseFiles } from './support/cases.js';

const payloads = loadCaseFiles().flatMap(({ kind, cases }) => cases.map((c) => [kind, c.description, c.payload] as const));

describe('strict twin', () => {
  it('there are cases to compare', () => {
    expect(payloads.length).toBeGreaterThan(50);
  });

  it.each(payloads)('%s: %s', (kindId, _, payload) => {
    const kind = getKind(kindId)!;
    const module = loadKind(kind);
    if (!module.strict?.(payload)) return;
    expect(module.validate(payload)).toBe(true);
    expect(walkMembers(payload, module.shape, {})).toEqual({ issues: [], noDataOnDemand: [] });
  });

  it('accepts the valid examples, so valid payloads take the fast path', async () => {
    const { examplesDir, kindFile, readJson } = await import('./support/cases.js');
    for (const kind of listKinds()) {
      const { strict } = loadKind(kind);
      if (kind.family === 'fhir') expect(strict, `${kind.id} is compiled without a twin`).toBeNull();
      else expect(strict?.(readJson(`${examplesDir}/valid/${kindFile(kind.id)}.json`)), kind.id).toBe(true);
    }
  });
});
