// findTooDeep decides nesting-depth: by counting levels, so the answer is the same whatever the stack.
import { describe, expect, it } from 'vitest';
import { findTooDeep, MAX_DEPTH } from '../src/depth.js';

/** `levels` objects `{"a": …}` inside each other around `bottom`: `bottom` is `levels` below the root. */
const chain = (levels: number, bottom: unknown): unknown => {
  let value = bottom;
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
};

describe('findTooDeep', () => {
  it('a container MAX_DEPTH - 1 below the root is within the limit; one MAX_DEPTH below is not', () => {
    expect(findTooDeep(chain(MAX_DEPTH - 1, {}))).toBeUndefined();
    expect(findTooDeep(chain(MAX_DEPTH - 1, []))).toBeUndefined();
    expect(findTooDeep(chain(MAX_DEPTH, {}))).toBe('/a'.repeat(MAX_DEPTH));
    expect(findTooDeep(chain(MAX_DEPTH, []))).toBe('/a'.repeat(MAX_DEPTH));
  });

  it('counts containers: a string, number or null at the limit is not too deep', () => {
    for (const value of ['x', 1, null, true]) expect(findTooDeep(chain(MAX_DEPTH, value))).toBeUndefined();
    expect(findTooDeep('x')).toBeUndefined();
    expect(findTooDeep(null)).toBeUndefined();
  });

  it('takes the first container too deep in document order, and escapes its member names', () => {
    const payload = { shallow: [1, { x: 2 }], 'first/~': chain(3, [[]]), second: chain(9, {}) };
    expect(findTooDeep(payload, 4)).toBe('/first~1~0/a/a/a');
    expect(findTooDeep({ items: [{}, [], { deep: chain(4, {}) }] }, 4)).toBe('/items/2/deep/a');
  });

  it('a limit of its own; the root is level 0', () => {
    expect(findTooDeep({}, 0)).toBe('');
    expect(findTooDeep({ a: 1 }, 1)).toBeUndefined();
    expect(findTooDeep({ a: {} }, 1)).toBe('/a');
    expect(findTooDeep([[], [[]]], 2)).toBe('/1/0');
  });

  it('100,000 levels of arrays, of objects and of both: the pointer MAX_DEPTH in, no RangeError', () => {
    const depth = 100_000;
    expect(findTooDeep(JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`))).toBe('/0'.repeat(MAX_DEPTH));
    expect(findTooDeep(JSON.parse(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`))).toBe('/a'.repeat(MAX_DEPTH));
    expect(findTooDeep(JSON.parse(`${'{"a":['.repeat(depth)}${']}'.repeat(depth)}`))).toBe('/a/0'.repeat(MAX_DEPTH / 2));
  });

  it('only own members, as JSON has them', () => {
    const inherited = Object.create({ a: chain(10, {}) }) as object;
    expect(findTooDeep({ x: inherited }, 3)).toBeUndefined();
  });
});
