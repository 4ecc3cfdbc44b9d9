// How the pool cuts the work into chunks: by file count, and by bytes so that one chunk of large
// files cannot leave the other threads idle (R4's examples hold 82 MB in 64 neighbouring files).
import { describe, expect, it } from 'vitest';
import { CHUNK_BYTES, CHUNK_FILES, chunkEnd } from '../src/workers/pool.js';

/** The chunks `chunkEnd` cuts from a list of file sizes, as lists of indices' sizes. */
function chunks(sizes: number[]): number[][] {
  const out: number[][] = [];
  for (let start = 0; start < sizes.length;) {
    const end = chunkEnd(start, sizes.length, (i) => sizes[i]!);
    out.push(sizes.slice(start, end));
    start = end;
  }
  return out;
}

describe('chunks of work', () => {
  it('small files go CHUNK_FILES at a time', () => {
    const sizes = Array.from({ length: CHUNK_FILES * 2 + 5 }, () => 1_000);
    expect(chunks(sizes).map((c) => c.length)).toEqual([CHUNK_FILES, CHUNK_FILES, 5]);
  });

  it('a chunk ends before the file that would take it past CHUNK_BYTES', () => {
    const third = Math.floor(CHUNK_BYTES / 3);
    expect(chunks([third, third, third, third, 10]).map((c) => c.length)).toEqual([3, 2]);
  });

  it('a file larger than CHUNK_BYTES is a chunk of its own, wherever it stands', () => {
    const big = CHUNK_BYTES * 20;
    expect(chunks([big, 10, 10, big, big, 10])).toEqual([[big], [10, 10], [big], [big], [10]]);
  });

  it('every file is in exactly one chunk, in order, and none is empty', () => {
    const sizes = Array.from({ length: 500 }, (_, i) => ((i * 7919) % 13) * (CHUNK_BYTES / 8));
    const cut = chunks(sizes);
    expect(cut.flat()).toEqual(sizes);
    expect(cut.every((c) => c.length > 0)).toBe(true);
  });

  it('a file whose size is unknown (0: it vanished) still goes in a chunk', () => {
    expect(chunks([0, 0, 0])).toEqual([[0, 0, 0]]);
  });
});
