// The nearest-string search behind "did you mean" for dangling references: exact where it answers,
// silent when the guess would be a guess, and bounded in what it compares.
import fc from 'fast-check';
import { distance } from 'fastest-levenshtein';
import { describe, expect, it } from 'vitest';
import { boundedDistance, MAX_CANDIDATES, nearestIndex, slipThreshold } from '../src/nearest.js';

const uuid = (last: string) => `urn:uuid:5c0b2f2e-1f4e-4f5a-8b0e-7a3c9d2e1f0${last}`;

describe('boundedDistance', () => {
  it('is the Levenshtein distance when it is within the bound, else undefined', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), fc.string({ maxLength: 30 }), fc.integer({ min: 0, max: 8 }), (a, b, max) => {
        const d = distance(a, b);
        expect(boundedDistance(a, b, max)).toBe(d <= max ? d : undefined);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('nearestIndex', () => {
  it('finds the one candidate a slip away', () => {
    expect(nearestIndex(uuid('9'), [uuid('1'), 'urn:uuid:00000000-0000-4000-8000-000000000000', undefined])).toBe(0);
  });

  it('prefers the closest candidate', () => {
    expect(nearestIndex('urn:uuid:abcdef', ['urn:uuid:abcdXY', 'urn:uuid:abcdeX'])).toBe(1);
  });

  it('says nothing when two candidates are equally close', () => {
    expect(nearestIndex(uuid('9'), [uuid('1'), uuid('2')])).toBeUndefined();
  });

  it('says nothing when none is within 2 edits or 10% of the length', () => {
    expect(slipThreshold(45)).toBe(4);
    expect(nearestIndex('urn:uuid:1b2c3d4e-0000-4000-8000-000000000001', ['urn:uuid:1b2c3d4e-0000-4000-8000-0000000fffff'])).toBeUndefined();
  });

  it(`compares only the first ${MAX_CANDIDATES} candidates`, () => {
    const far = Array.from({ length: MAX_CANDIDATES }, (_, i) => `urn:uuid:${String(i).padStart(36, 'z')}`);
    expect(nearestIndex(uuid('9'), [...far, uuid('1')])).toBeUndefined();
    expect(nearestIndex(uuid('9'), [...far.slice(1), uuid('1')])).toBe(MAX_CANDIDATES - 1);
  });
});
