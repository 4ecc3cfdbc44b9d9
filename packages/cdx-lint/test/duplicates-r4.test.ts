// The one-pass duplicate-name search (locate/duplicates.ts) against the strict token walk it replaced,
// on every official R4 example its pre-check sends to it (duplicates.test.ts: crafted and generated texts).
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findDuplicateKeys, mayHaveDuplicateKeys } from '../src/locate/duplicates.js';
import { duplicatesByTokenWalk as byTokenWalk } from './support/token-walk.js';

describe('findDuplicateKeys on R4', () => {
  it('finds what the strict token walk finds in every R4 example its pre-check sends to it', () => {
    const dir = dirname(createRequire(import.meta.url).resolve('hl7.fhir.r4.examples/package.json'));
    let walked = 0;
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'package.json')) {
      const text = readFileSync(join(dir, file), 'utf8');
      if (!mayHaveDuplicateKeys(text, JSON.parse(text))) continue;
      walked++;
      expect(findDuplicateKeys(text), file).toEqual(byTokenWalk(text));
    }
    expect(walked).toBeGreaterThan(0);
  });
});
