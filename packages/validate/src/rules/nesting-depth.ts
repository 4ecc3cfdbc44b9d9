import { createRule } from './create-rule.js';
import { TOO_DEEP } from './scopes.js';

/**
 * A payload nested so deeply that no real message could be. validate() runs this rule once for a
 * payload of a known kind with a container MAX_DEPTH levels below its root (depth.ts `findTooDeep`,
 * at the first such container): decided by counting, so neither the stack size nor which check
 * would overflow changes the answer. Every other finding stays: the rules still speak about what
 * is above the limit, and the walks that could go deeper stop at MAX_DEPTH, which this finding says.
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
