// How the pool cuts the work into chunks (by file count, and by bytes so that one chunk of large
// files cannot leave the other threads idle: R4's examples hold 82 MB in 64 neighbouring files), and
// when `--concurrency auto` starts worker threads.
import { describe, expect, it } from 'vitest';
import {
  AUTO_AFTER_MS,
  AUTO_LARGE_BYTES,
  AUTO_REMAINING_MS,
  CHUNK_BYTES,
  CHUNK_FILES,
  chunkEnd,
  startWorkersNow,
  type Progress,
} from '../src/workers/schedule.js';

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

describe('when auto starts workers', () => {
  const progress = (over: Partial<Progress>): Progress => ({
    threads: 2,
    elapsedMs: AUTO_AFTER_MS,
    done: 100,
    left: 5_000,
    largeBytesLeft: () => 0,
    ...over,
  });

  it('never with one thread, or with nothing left', () => {
    const large = () => AUTO_LARGE_BYTES * 4;
    expect(startWorkersNow(progress({ threads: 1, largeBytesLeft: large }))).toBe(false);
    expect(startWorkersNow(progress({ left: 0, largeBytesLeft: large }))).toBe(false);
  });

  it('on two cores: for large files left, however many small ones there are', () => {
    // 20,000 small fixtures look long, but ran slower with a worker on two cores.
    expect(startWorkersNow(progress({ left: 20_000, largeBytesLeft: () => AUTO_LARGE_BYTES - 1 }))).toBe(false);
    expect(startWorkersNow(progress({ left: 3, largeBytesLeft: () => AUTO_LARGE_BYTES }))).toBe(true);
  });

  it('on two cores: at once, before the main thread has linted anything, since the sizes already tell', () => {
    expect(startWorkersNow(progress({ elapsedMs: 0, done: 0, largeBytesLeft: () => AUTO_LARGE_BYTES }))).toBe(true);
  });

  it('on more cores: never before AUTO_AFTER_MS', () => {
    expect(startWorkersNow(progress({ threads: 4, elapsedMs: AUTO_AFTER_MS - 1, left: 1_000_000 }))).toBe(false);
  });

  it('on more cores: when what is left looks to need AUTO_REMAINING_MS more', () => {
    const perFile = AUTO_AFTER_MS / 100;
    const left = Math.ceil(AUTO_REMAINING_MS / perFile);
    expect(startWorkersNow(progress({ threads: 4, left }))).toBe(true);
    expect(startWorkersNow(progress({ threads: 4, left: left - 2 }))).toBe(false);
  });

  it('asks for the large files only on two cores', () => {
    let asked = 0;
    startWorkersNow(progress({ threads: 8, largeBytesLeft: () => ++asked }));
    expect(asked).toBe(0);
  });
});
