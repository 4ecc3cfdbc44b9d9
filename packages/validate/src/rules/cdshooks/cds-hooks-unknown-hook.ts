import { code, fieldPath } from '../../display.js';
import { quote } from '../../finding.js';
import { nearMisses } from '../../near-miss.js';
import { CDS_DOCUMENTS, hookKinds, isCdsDiscovery } from '../../cdshooks/kinds.js';
import { asObject, objectsIn } from '../../cdshooks/parts.js';
import { createRule, type RuleTools } from '../create-rule.js';
import { PAYLOAD } from '../scopes.js';

const MESSAGES = {
  unknown:
    '{{field}} is {{hook}}, which is not a hook of the CDS Hooks hook library.{{meant}} Its context is checked loosely; an organization\'s own hook is named in reverse domain notation (e.g. "org.example.my-hook").',
} as const;

/**
 * Hook names an organization defines for itself are in reverse domain notation ("Hook creators SHALL
 * name their hook with reverse domain notation (e.g. `org.example.patient-transmogrify`) if the hook
 * is specific to an organization"; the library's never are): a dot marks one.
 */
const isOrganizationHook = (hook: string) => hook.includes('.');

function check(context: RuleTools<keyof typeof MESSAGES, object>, hook: unknown, pointer: string): void {
  if (typeof hook !== 'string' || hookKinds().has(hook) || isOrganizationHook(hook)) return;
  const near = nearMisses(hook, hookKinds().keys());
  const meant = near.length > 0 ? ` Did you mean ${near.map((n) => quote(n)).join(' or ')}?` : '';
  context.report({ pointer, messageId: 'unknown', data: { field: code(fieldPath(pointer)), hook: quote(hook), meant } });
}

/**
 * A request's `hook`, and each discovery entry's, should be a hook the library defines or an
 * organization's own: any other name is most likely a slip, and a client never calls the service on it.
 */
export const cdsHooksUnknownHookRule = createRule({
  scope: PAYLOAD,
  meta: {
    id: 'cds-hooks-unknown-hook',
    severity: 'warning',
    description: "A hook name is neither a hook of the CDS Hooks library nor an organization's own (reverse domain notation).",
    messages: MESSAGES,
  },
  appliesTo: (kind) => kind.id === CDS_DOCUMENTS.request || isCdsDiscovery(kind),
  check(context) {
    const root = asObject(context.payload);
    if (context.kind.id === CDS_DOCUMENTS.request) {
      check(context, root?.hook, '/hook');
      return;
    }
    for (const service of objectsIn(root, 'services', '')) check(context, service.value.hook, `${service.pointer}/hook`);
  },
});
