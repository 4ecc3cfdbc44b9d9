import { code, fieldPath } from '../../display.js';
import { quote } from '../../finding.js';
import { nearMisses } from '../../near-miss.js';
import { CDS_DOCUMENTS, hookKinds, isCdsDiscovery } from '../../cdshooks/kinds.js';
import { asObject, objectsIn } from '../../cdshooks/parts.js';
import type { Rule, RuleContext } from '../rule.js';

/**
 * Hook names an organization defines for itself are in reverse domain notation ("Hook creators SHALL
 * name their hook with reverse domain notation (e.g. `org.example.patient-transmogrify`) if the hook
 * is specific to an organization"; the library's never are): a dot marks one.
 */
const isOrganizationHook = (hook: string) => hook.includes('.');

function check(context: RuleContext, hook: unknown, pointer: string): void {
  if (typeof hook !== 'string' || hookKinds().has(hook) || isOrganizationHook(hook)) return;
  const near = nearMisses(hook, hookKinds().keys());
  const guess = near.length > 0 ? ` Did you mean ${near.map((n) => quote(n)).join(' or ')}?` : '';
  context.report({
    pointer,
    message: `${code(fieldPath(pointer))} is ${quote(hook)}, which is not a hook of the CDS Hooks hook library.${guess} Its context is checked loosely; an organization's own hook is named in reverse domain notation (e.g. "org.example.my-hook").`,
  });
}

/**
 * A request's `hook`, and each discovery entry's, should be a hook the library defines or an
 * organization's own: any other name is most likely a slip, and a client never calls the service on it.
 */
export const cdsHooksUnknownHookRule: Rule = {
  id: 'cds-hooks-unknown-hook',
  defaultSeverity: 'warning',
  description: 'A hook name is neither a hook of the CDS Hooks library nor an organization\'s own (reverse domain notation).',
  appliesTo: (kind) => kind.id === CDS_DOCUMENTS.request || isCdsDiscovery(kind),
  check(context) {
    const root = asObject(context.payload);
    if (context.kind.id === CDS_DOCUMENTS.request) return check(context, root?.hook, '/hook');
    for (const service of objectsIn(root, 'services', '')) check(context, service.value.hook, `${service.pointer}/hook`);
  },
};
