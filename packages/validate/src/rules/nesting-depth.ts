import { childPointer } from '../finding.js';
import { createRule } from './create-rule.js';
import { TOO_DEEP } from './scopes.js';

/** Deeper than any message, resource or bundle the service defines, far below stack limits. */
export const MAX_DEPTH = 512;

/** Pointer of the first container nested deeper than `limit`, found without recursion. */
export function findTooDeep(payload: unknown, limit = MAX_DEPTH): string | undefined {
  const stack: { value: unknown; pointer: string; depth: number }[] = [{ value: payload, pointer: '', depth: 0 }];
  while (stack.length > 0) {
    const { value, pointer, depth } = stack.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= limit) return pointer;
    const entries = Array.isArray(value) ? value.entries() : Object.entries(value);
    for (const [key, child] of entries) {
      if (typeof child === 'object' && child !== null) {
        stack.push({ value: child, pointer: childPointer(pointer, key), depth: depth + 1 });
      }
    }
  }
  return undefined;
}

/**
 * A payload nested so deeply that no real message could be. validate() runs this rule when a rule
 * overflowed the stack on a payload nested past MAX_DEPTH (only a recursive schema can be driven
 * that deep; the overflow is the cheapest detector), once, and keeps every other finding: the
 * rules that finished still speak, and the walks that could go that deep stop at MAX_DEPTH.
 */
export const nestingDepthRule = createRule({
  scope: TOO_DEEP,
  meta: {
    id: 'nesting-depth',
    severity: 'error',
    description: 'The payload nests objects or arrays deeper than any real message; it is not validated below that point.',
    messages: {
      tooDeep: 'The payload nests objects or arrays too deeply to be a real message; it was not validated below this point.',
    },
  },
  check(context) {
    context.report({ pointer: context.pointer, messageId: 'tooDeep' });
  },
});
