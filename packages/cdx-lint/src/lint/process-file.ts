import { createRequire } from 'node:module';
import { fixText } from '../fix/fix-text.js';
import { fixRefusal, type FileIdentity } from '../fix/safety.js';
import { writeFileAtomic } from '../fix/write.js';
import { decodeUtf8, readUtf8File, type Decoded } from '../inputs/decode.js';
import { readRegularFileWithIdentity } from '../inputs/read.js';
import { lintSource } from './lint-text.js';
import type { FileSettings, LintResult } from './types.js';

export { fixText };

/** `fix` writes the renames; `dry-run` only reports them (`output`, `fixes`). */
export type FixMode = 'off' | 'fix' | 'dry-run';

/** A previous run's result for this file, reused when the content hash still matches. */
export interface CachedResult {
  hash: string;
  result: LintResult;
}

export interface ProcessOptions {
  fix: FixMode;
  /** Compute the content hash (for the cache) and reuse `cached` when it matches. */
  hashing: boolean;
  cached?: CachedResult | undefined;
  /** With `fix: 'fix'`: the real paths of the linted directories; nothing outside them is written. */
  roots?: readonly string[];
}

/** A file's result, its content hash (for the cache), and why --fix left it alone, if it did. */
export interface Processed {
  result: LintResult;
  hash?: string | undefined;
  notFixed?: string;
}

let crypto: typeof import('node:crypto') | undefined;

/**
 * SHA-256 of a file's bytes, for the cache: a cache entry stands for these bytes and no others (a
 * SHA-1 could be made to collide). node:crypto loads only when the cache is in use.
 */
export function contentHash(bytes: Uint8Array | string): string {
  crypto ??= createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto');
  return crypto.createHash('sha256').update(bytes).digest('base64url');
}

/** Reads, lints and (with `fix: 'fix'`) fixes one file. Throws only for I/O errors. */
/**
 * A file's text (or why it is not UTF-8), its content hash when `hashing`, and its bytes only for
 * --fix. Without --fix the file is read as text: a 200 MB file's bytes otherwise stayed in memory
 * through parsing (3.5 times the file's size at peak instead of 2.4).
 */
function readSource(filePath: string, hashing: boolean, keepBytes: boolean): { decoded: Decoded; hash?: string; bytes?: Buffer; identity?: FileIdentity } {
  if (keepBytes) {
    const { bytes, identity } = readRegularFileWithIdentity(filePath);
    return { decoded: decodeUtf8(bytes, filePath), bytes, identity, ...(hashing ? { hash: contentHash(bytes) } : {}) };
  }
  const decoded = readUtf8File(filePath);
  // The hash of UTF-8 text is the hash of its bytes; a file that is not UTF-8 is not cached.
  return { decoded, ...(hashing && decoded.ok ? { hash: contentHash(decoded.text) } : {}) };
}

export function processFile(filePath: string, settings: FileSettings, options: ProcessOptions): Processed {
  // A file --fix must not replace is linted as without --fix, and says why.
  const notFixed = options.fix === 'fix' ? fixRefusal(filePath, options.roots ?? []) : undefined;
  if (notFixed !== undefined) return { ...processFile(filePath, settings, { ...options, fix: 'off' }), notFixed };
  const { fix } = options;
  // Only --fix keeps the bytes: to check the file is unchanged before replacing it.
  const { hash, decoded, bytes, identity } = readSource(filePath, options.hashing, fix === 'fix');
  if (hash !== undefined && options.cached?.hash === hash && fix === 'off') return { result: { ...options.cached.result, filePath }, hash };
  // Bytes that are not UTF-8 are a parse error: never linted as replacement characters, never rewritten.
  if (!decoded.ok) return { result: decoded.result, hash };
  const raw = decoded.text;
  if (fix === 'off') return { result: lintSource(raw, filePath, settings).result, hash };
  const { result, output, fixes } = fixText(raw, filePath, settings);
  if (output === undefined) return { result, hash };
  if (fix === 'fix') writeFileAtomic(filePath, output, { expected: bytes!, ...(identity ? { identity } : {}) });
  const fixed: LintResult = { ...result, output, fixes };
  return { result: fixed, hash: fix === 'fix' && hash !== undefined ? contentHash(output) : undefined };
}
