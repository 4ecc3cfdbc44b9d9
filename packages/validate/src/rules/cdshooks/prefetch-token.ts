import { code, fieldPath } from '../../display.js';
import { childPointer, quote } from '../../finding.js';
import { nearMisses } from '../../near-miss.js';
import { hookKinds, isCdsDiscovery } from '../../cdshooks/kinds.js';
import { asObject, objectsIn } from '../../cdshooks/parts.js';
import type { Rule } from '../rule.js';

/** "one of the following user identifiers" any template may use (specification, "Prefetch tokens"). */
const USER_TOKENS = ['userPractitionerId', 'userPractitionerRoleId', 'userPatientId', 'userRelatedPersonId'];
/** A template longer than this is not looked into (a query is a line, not a document). */
const MAX_TEMPLATE = 100_000;

/** What is wrong with one token (the text between `{{` and `}}`), for a service on `hook`, and a guess at what was meant. */
function tokenProblem(token: string, hook: string): { problem: string; meant?: string } | undefined {
  if (USER_TOKENS.includes(token)) return undefined;
  const known = hookKinds().get(hook)?.hook;
  const tokens = (known?.prefetchTokens ?? []).map((f) => `context.${f}`);
  const guess = (near: readonly string[]) => (near.length > 0 ? { meant: near[0]! } : {});
  const path = /^context\.([^.\s]+)(\..*)?$/.exec(token);
  if (!path) {
    // `{{patientId}}` for `{{context.patientId}}`: a context field without its prefix.
    const bare = /^[A-Za-z]\w*$/.test(token) && (!known || known.contextFields.includes(token)) ? [`context.${token}`] : [];
    return { problem: `is neither \`context.<field>\` nor a user identifier (${USER_TOKENS.join(', ')})`, ...guess(bare.length > 0 ? bare : nearMisses(token, [...USER_TOKENS, ...tokens])) };
  }
  const [, field, deeper] = path as unknown as [string, string, string | undefined];
  if (deeper) return { problem: `reaches into \`context.${field}\`: only the context's own fields are tokens, and only those of a primitive value` };
  if (!known || known.prefetchTokens.includes(field)) return undefined; // a hook the library does not define: its fields are its own
  const listed = `${hook}'s tokens are ${known.prefetchTokens.map((f) => `context.${f}`).join(', ')}`;
  if (known.contextFields.includes(field)) return { problem: `names \`context.${field}\`, which ${hook} does not let templates use (${listed})` };
  return { problem: `names \`context.${field}\`, which is not a context field of ${hook} (${listed})`, ...guess(nearMisses(field, known.prefetchTokens).map((f) => `context.${f}`)) };
}

/**
 * Prefetch templates are filled from the hook's context: a token "MUST contain only the qualified
 * path to a hook context field or one of the following user identifiers", and only the fields a hook
 * marks as prefetch tokens ("Only root-level fields with a primitive value") qualify (specification,
 * "Prefetch tokens"; each hook's context table). A token the client cannot fill gives a query it
 * cannot run.
 */
export const cdsHooksPrefetchTokenRule: Rule = {
  id: 'cds-hooks-prefetch-token',
  defaultSeverity: 'error',
  description: "A discovery entry's prefetch templates use only tokens its hook's context can fill.",
  appliesTo: isCdsDiscovery,
  check(context) {
    for (const service of objectsIn(asObject(context.payload), 'services', '')) {
      const { hook } = service.value;
      const prefetch = asObject(service.value.prefetch);
      if (typeof hook !== 'string' || !prefetch) continue;
      for (const [key, template] of Object.entries(prefetch)) {
        if (typeof template !== 'string' || template.length > MAX_TEMPLATE) continue;
        const pointer = childPointer(childPointer(service.pointer, 'prefetch'), key);
        let from = 0;
        for (;;) {
          const open = template.indexOf('{{', from);
          if (open < 0) break;
          const close = template.indexOf('}}', open + 2);
          if (close < 0) {
            context.report({ pointer, message: `${code(fieldPath(pointer))} opens a token with {{ that is never closed with }}.` });
            break;
          }
          const token = template.slice(open + 2, close);
          const found = tokenProblem(token, hook);
          if (found) {
            const meant = found.meant ? ` Did you mean {{${found.meant}}}?` : '';
            context.report({ pointer, message: `The token {{${quote(token).slice(1, -1)}}} of ${code(fieldPath(pointer))} ${found.problem}.${meant}` });
          }
          from = close + 2;
        }
      }
    }
  },
};
