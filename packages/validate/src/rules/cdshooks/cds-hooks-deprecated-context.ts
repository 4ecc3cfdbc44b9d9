import { code, fieldPath } from '../../display.js';
import type { KindInfo } from '../../kind-info.js';
import type { AjvError } from '../../registry.js';
import { isCdsRequest, isStandardCds } from '../../cdshooks/kinds.js';
import { asObject } from '../../cdshooks/parts.js';
import { createRule } from '../create-rule.js';
import { PAYLOAD } from '../scopes.js';

/**
 * The names of the draft orders in the hooks order-select and order-sign replace: medication-prescribe
 * sent them as `medications`, order-review as `orders` (hook library: order-sign "is intended to
 * replace (deprecate) the medication-prescribe and order-review hooks", order-select the former).
 */
const RENAMED: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'order-sign': { medications: 'medication-prescribe', orders: 'order-review' },
  'order-select': { medications: 'medication-prescribe' },
};

/** The hook a request kind is for: its library hook, or order-sign for the service's CDSHooks/order-sign. */
const hookOf = (kind: KindInfo) => kind.hook?.name ?? (kind.id === 'CDSHooks/order-sign' ? 'order-sign' : undefined);

/** Whether the schema found `context.userId` required and missing. */
const userIdMissing = (errors: readonly AjvError[]) =>
  errors.some((e) => e.keyword === 'required' && e.instancePath === '/context' && e.params.missingProperty === 'userId');

/**
 * Pre-1.0 names in a request: the draft orders under the name of the hook order-select or order-sign
 * replaced (an error: the service reads `draftOrders`, so the orders go unseen; renamed when
 * `draftOrders` is not there too), and the top-level `user` of requests before 1.0 (a warning: the
 * current user is `context.userId`; an error when that is missing, since then it is why). The service's listing keeps `user`, so its own order-sign
 * message is not told.
 */
export const cdsHooksDeprecatedContextRule = createRule({
  scope: PAYLOAD,
  meta: {
    id: 'cds-hooks-deprecated-context',
    severity: 'error',
    description: 'A request uses a pre-1.0 name: the draft orders as `medications`/`orders`, or a top-level `user`.',
    messages: {
      user: '`user` is a pre-1.0 member, removed in CDS Hooks 1.0: the current user is `context.userId` ([ResourceType]/[id], e.g. "Practitioner/123"). Move it there.',
      userRequired:
        '`user` is a pre-1.0 member, removed in CDS Hooks 1.0: the current user is `context.userId` ([ResourceType]/[id], e.g. "Practitioner/123"), which is required and missing. Move it there.',
      draftOrders: "{{field}} is the {{previous}} hook's name for the orders; {{hook}} reads them from `context.draftOrders`: rename it.",
      draftOrdersTaken:
        "{{field}} is the {{previous}} hook's name for the orders; {{hook}} reads them from `context.draftOrders` (which another member already is or becomes: merge them by hand).",
    },
    // The old name is why the new one is missing: the schema's "required but missing" is the same cause.
    supersedes: [
      { by: ['userRequired'], rule: 'schema', messages: ['required', 'requiredByService'], at: { pointer: '/context/userId' } },
      { by: ['draftOrders'], rule: 'schema', messages: ['required', 'requiredByService'], at: 'renamed' },
      { by: ['draftOrders'], rule: 'cds-hooks-standard', messages: ['required'], at: 'renamed' },
    ],
  },
  appliesTo: isCdsRequest,
  check(context) {
    const root = asObject(context.payload);
    if (!root) return;
    if (isStandardCds(context.kind) && Object.hasOwn(root, 'user')) {
      // Without context.userId the old member is where the user went: an error, the one about it.
      if (userIdMissing(context.schemaErrors())) context.report({ pointer: '/user', messageId: 'userRequired' });
      else context.report({ pointer: '/user', severity: 'warning', messageId: 'user' });
    }
    const hook = hookOf(context.kind);
    const renamed = hook ? RENAMED[hook] : undefined;
    const ctx = asObject(root.context);
    if (!hook || !renamed || !ctx) return;
    let taken = Object.hasOwn(ctx, 'draftOrders');
    for (const [name, previous] of Object.entries(renamed)) {
      if (!Object.hasOwn(ctx, name)) continue;
      const pointer = `/context/${name}`;
      const fix = { kind: 'rename-member' as const, pointer, from: name, to: 'draftOrders' };
      // Only one member can become draftOrders: with two old names, or beside it, a human merges.
      const collides = taken;
      taken = true;
      const data = { field: code(fieldPath(pointer)), previous, hook };
      context.report({ pointer, messageId: collides ? 'draftOrdersTaken' : 'draftOrders', data, ...(collides ? { suggestions: [fix] } : { fix }) });
    }
  },
});
