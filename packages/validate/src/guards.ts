import type { KindId, KindMap } from '@cdx/types';
import { validate } from './validate.js';
import type { ValidateOptions } from './options.js';

/** A kind id known to this version: the keys of `@cdx/types`' KindMap, generated from schemas/. */
export type { KindId };

/** Thrown by `assertKind`; carries the findings that made the payload invalid. */
export class PayloadError extends Error {
  override name = 'PayloadError';
  constructor(
    readonly kind: KindId,
    readonly findings: ReturnType<typeof validate>['findings'],
  ) {
    const first = findings.find((f) => f.severity === 'error');
    super(`Not a valid ${kind}: ${first ? `${first.message} (${first.ruleId} at ${first.pointer || '/'})` : 'unknown reason'}`);
  }
}

/**
 * Type guard: the payload is a valid message of `kind` (warnings allowed). Takes `detectKind()`'s
 * result as it is: null (no kind) is never valid.
 */
export function isKind<K extends KindId>(kind: K | null, payload: unknown, options?: Omit<ValidateOptions, 'kind'>): payload is KindMap[K] {
  return kind !== null && validate(payload, { ...options, kind }).valid;
}

/** Assertion: throws PayloadError unless the payload is a valid message of `kind`. */
export function assertKind<K extends KindId>(kind: K, payload: unknown, options?: Omit<ValidateOptions, 'kind'>): asserts payload is KindMap[K] {
  const result = validate(payload, { ...options, kind });
  if (!result.valid) throw new PayloadError(kind, result.findings);
}
