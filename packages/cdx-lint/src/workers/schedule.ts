// How the pool cuts the files into chunks, and when `--concurrency auto` adds worker threads: pure
// decisions on file sizes and timings, measured on the 2-core reference machine (docs/performance.md).

/** Files per message: large enough to amortise posting, small enough to balance the load. */
export const CHUNK_FILES = 64;
/**
 * Bytes per message, beside the count: neighbouring files can be large together (R4's examples put
 * 82 of their 187 MB in 64 neighbouring bundles), and one thread linting such a chunk while the
 * others ran out of work made two threads only 1.3× faster than one.
 */
export const CHUNK_BYTES = 1 << 20;

/**
 * Where the chunk that begins at `start` ends: after CHUNK_FILES files, or before the file that
 * would take it past CHUNK_BYTES. Never empty: a larger file is a chunk of its own.
 */
export function chunkEnd(start: number, count: number, sizeOf: (index: number) => number): number {
  let end = start;
  let bytes = 0;
  while (end < count && end - start < CHUNK_FILES) {
    bytes += sizeOf(end);
    if (bytes > CHUNK_BYTES && end > start) break;
    end++;
  }
  return end;
}

/** `auto` decides once the main thread has linted this long: a shorter run never gets workers. */
export const AUTO_AFTER_MS = 250;
/**
 * With more than two cores: workers if what is left looks to need this much more time. A worker
 * needs about 200 ms to start, load the validators and warm up.
 */
export const AUTO_REMAINING_MS = 750;
/**
 * With two cores: workers only if the files left hold this many bytes in files of LARGE_FILE or
 * more. One lint thread already keeps about 1.4 cores busy there (V8 compiles and collects garbage
 * on background threads), and a worker compiles and collects again for itself: 2,000, 10,000 and
 * 20,000 small fixtures, and R4's 5,290 examples under 1 MB, ran no faster with a worker (up to a
 * third slower); all 5,306, with their 16 files of 1–35 MB, a quarter faster.
 */
export const AUTO_LARGE_BYTES = 16 << 20;
export const LARGE_FILE = 1 << 20;

export interface Progress {
  /** Threads the plan allows, the main one included: for `auto`, the machine's cores. */
  threads: number;
  elapsedMs: number;
  /** Files linted and files left. */
  done: number;
  left: number;
  /** Bytes left in files of LARGE_FILE or more: asked only with two threads. */
  largeBytesLeft: () => number;
}

/**
 * Whether `auto` starts its workers now: asked before the main thread lints its first chunk and after
 * each one, until they start. On two cores the answer is known at once (the sizes of the files left),
 * so a run of large files does not lint alone while it waits for AUTO_AFTER_MS.
 */
export function startWorkersNow({ threads, elapsedMs, done, left, largeBytesLeft }: Progress): boolean {
  if (threads < 2 || left === 0) return false;
  if (threads === 2) return largeBytesLeft() >= AUTO_LARGE_BYTES;
  if (elapsedMs < AUTO_AFTER_MS) return false;
  return (elapsedMs / done) * left >= AUTO_REMAINING_MS;
}
