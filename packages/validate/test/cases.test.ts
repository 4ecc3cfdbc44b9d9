// Runs every data-driven suite: valid examples must produce no finding at all; each case must
// produce exactly the findings it lists (rule id, pointer and, when given, severity).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listKinds, validate } from '../src/index.js';
import { examplesDir, kindFile, listJson, loadCaseFiles, readJson } from './support/cases.js';

const key = (f: { ruleId: string; pointer: string }) => `${f.ruleId} ${f.pointer}`;

describe('valid examples', () => {
  const validDir = join(examplesDir, 'valid');
  for (const file of listJson(validDir)) {
    it(`${file} has no findings`, () => {
      const kind = listKinds().find((k) => kindFile(k.id) === file.replace(/\.json$/, ''));
      expect(kind, `no kind for ${file}`).toBeDefined();
      const payload = readJson(join(validDir, file));
      const named = kind!.family === 'auth' || kind!.family === 'search'; // never detected: named
      const result = validate(payload, named ? { kind: kind!.id } : {});
      // An event whose payload the spec does not publish says so (and nothing else), unless its body is
      // checked as the CDS Hooks document it is (PatientView's example is a patient-view request).
      const expected =
        kind!.unpublished && kind!.standard === undefined ? [expect.objectContaining({ ruleId: 'unpublished-payload', pointer: '/Meta/EventType' })] : [];
      expect(result.findings).toEqual(expected);
      expect(result.kind).toBe(kind!.id);
    });
  }
});

for (const { file, kind, cases } of loadCaseFiles()) {
  describe(`cases/${file}`, () => {
    for (const c of cases) {
      it(c.description, () => {
        const result = validate(c.payload, {
          ...(c.options ?? {}),
          ...(c.kindOption ? { kind: c.kindOption } : kind.startsWith('auth/') || kind.endsWith('/_search') ? { kind } : {}),
        });
        expect(result.findings.map(key).sort()).toEqual(c.findings.map(key).sort());
        for (const expected of c.findings.filter((e) => e.severity)) {
          const actual = result.findings.find((f) => key(f) === key(expected));
          expect(actual?.severity, key(expected)).toBe(expected.severity);
        }
      });
    }
  });
}
