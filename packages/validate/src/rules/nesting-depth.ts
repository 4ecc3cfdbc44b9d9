import { createRule } from './create-rule.js';
import { TOO_DEEP } from './scopes.js';

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
