import { childPointer } from './finding.js';
import { nearMisses } from './near-miss.js';
import type { ShapeNode } from './shape.js';

/** A member whose name the schema does not define as written. */
export interface MemberIssue {
  /** Pointer of the member as written. */
  readonly pointer: string;
  readonly name: string;
  /**
   * `variant`: a known variant spelling (schema or configuration) of `canonical`;
   * `near-miss`: looks like a slip for one of `candidates`; `unknown`: neither.
   */
  readonly reason: 'variant' | 'configured-variant' | 'near-miss' | 'unknown';
  /** The names it may stand for (one when the fix is unambiguous). */
  readonly candidates: readonly string[];
  /** Candidates already present beside it (renaming onto them would lose data). */
  readonly present: readonly string[];
}

/** One walk of a payload alongside its kind's shape. */
export interface MemberReport {
  readonly issues: readonly MemberIssue[];
  /** Pointers of non-null members flagged as not supported with data on demand. */
  readonly noDataOnDemand: readonly string[];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Walks only where the schema defines structure, so its depth is bounded by the payload's
 * structure the schema knows about (a recursive schema can still be driven deep: callers
 * catch the RangeError, see validate.ts).
 */
export function walkMembers(
  payload: unknown,
  shape: readonly ShapeNode[],
  extraVariants: Readonly<Record<string, string>>,
): MemberReport {
  const issues: MemberIssue[] = [];
  const noDataOnDemand: string[] = [];

  const visit = (value: unknown, index: number, pointer: string): void => {
    const node = shape[index];
    if (!node) return;
    if (Array.isArray(value)) {
      if (node.i !== undefined) for (let i = 0; i < value.length; i++) visit(value[i], node.i, `${pointer}/${i}`);
      return;
    }
    if (!isObject(value) || node.o || !node.p) return;
    const defined = node.p;
    for (const name of Object.keys(value)) {
      const member = childPointer(pointer, name);
      const child = Object.hasOwn(defined, name) ? defined[name] : undefined;
      if (child !== undefined) {
        const canonical = node.v?.[name];
        if (canonical) issues.push(issue(member, name, 'variant', [canonical], value));
        const childNode = shape[child];
        if (childNode?.nd && value[name] !== null) noDataOnDemand.push(member);
        visit(value[name], child, member);
        continue;
      }
      const configured = Object.hasOwn(extraVariants, name) ? extraVariants[name] : undefined;
      if (configured !== undefined && Object.hasOwn(defined, configured)) {
        issues.push(issue(member, name, 'configured-variant', [configured], value));
        continue;
      }
      const canonicalNames = Object.keys(defined).filter((n) => !node.v || !Object.hasOwn(node.v, n));
      const candidates = nearMisses(name, canonicalNames);
      issues.push(issue(member, name, candidates.length > 0 ? 'near-miss' : 'unknown', candidates, value));
    }
  };

  visit(payload, 0, '');
  return { issues, noDataOnDemand };
}

function issue(
  pointer: string,
  name: string,
  reason: MemberIssue['reason'],
  candidates: string[],
  parent: Record<string, unknown>,
): MemberIssue {
  return { pointer, name, reason, candidates, present: candidates.filter((c) => Object.hasOwn(parent, c)) };
}
