import { code, fieldPath } from '../../display.js';
import { childPointer, clip, jsonString, MAX_QUOTED } from '../../finding.js';
import { nearMisses } from '../../near-miss.js';
import { hookKinds, isCdsDiscovery } from '../../cdshooks/kinds.js';
import { asObject, objectsIn } from '../../cdshooks/parts.js';
import { createRule } from '../create-rule.js';
import { PAYLOAD } from '../scopes.js';

/** "one of the following user identifiers" any template may use (specification, "Prefetch tokens"). */
const USER_TOKENS = ['userPractitionerId', 'userPractitionerRoleId', 'userPatientId', 'userRelatedPersonId'];
/** A template longer than this is not looked into (a query is a line, not a document). */
const MAX_TEMPLATE = 100_000;

const MESSAGES = {
  // The braces are data: in a template, every `{{` opens a placeholder.
  unclosed: '{{field}} opens a token with {{open}} that is never closed with {{close}}.',
  notAPath: 'The token {{token}} of {{field}} is neither `context.<field>` nor a user identifier ({{userTokens}}).{{meant}}',
  nested: "The token {{token}} of {{field}} reaches into {{contextField}}: only the context's own fields are tokens, and only those of a primitive value.",
  notAToken: "The token {{token}} of {{field}} names {{contextField}}, which {{hook}} does not let templates use ({{hook}}'s tokens are {{tokens}}).",
  notAField: "The token {{token}} of {{field}} names {{contextField}}, which is not a context field of {{hook}} ({{hook}}'s tokens are {{tokens}}).{{meant}}",
} as const;

interface Problem {
  messageId: Exclude<keyof typeof MESSAGES, 'unclosed'>;
  data: Record<string, string>;
}

/** " Did you mean {{x}}?", or nothing without a guess. */
const meant = (near: readonly string[]) => (near.length > 0 ? ` Did you mean {{${near[0]!}}}?` : '');

/** What is wrong with one token (the text between `{{` and `}}`), for a service on `hook`. */
function tokenProblem(token: string, hook: string): Problem | undefined {
  if (USER_TOKENS.includes(token)) return undefined;
  const known = hookKinds().get(hook)?.hook;
  const tokens = (known?.prefetchTokens ?? []).map((f) => `context.${f}`);
  const path = /^context\.([^.\s]+)(\..*)?$/.exec(token);
  if (!path) {
    // `{{patientId}}` for `{{context.patientId}}`: a context field without its prefix.
    const bare = /^[A-Za-z]\w*$/.test(token) && (!known || known.contextFields.includes(token)) ? [`context.${token}`] : [];
    return {
      messageId: 'notAPath',
      data: { userTokens: USER_TOKENS.join(', '), meant: meant(bare.length > 0 ? bare : nearMisses(token, [...USER_TOKENS, ...tokens])) },
    };
  }
  const [, field, deeper] = path as unknown as [string, string, string | undefined];
  // User text in a message: cut when long, control and direction characters escaped, as the token is.
  const contextField = code(`context.${jsonString(clip(field)).slice(1, -1)}`);
  if (deeper) return { messageId: 'nested', data: { contextField } };
  if (!known || known.prefetchTokens.includes(field)) return undefined; // a hook the library does not define: its fields are its own
  const listed = { contextField, hook, tokens: tokens.join(', ') };
  if (known.contextFields.includes(field)) return { messageId: 'notAToken', data: listed };
  return { messageId: 'notAField', data: { ...listed, meant: meant(nearMisses(field, known.prefetchTokens).map((f) => `context.${f}`)) } };
}

/**
 * Prefetch templates are filled from the hook's context: a token "MUST contain only the qualified
 * path to a hook context field or one of the following user identifiers", and only the fields a hook
 * marks as prefetch tokens ("Only root-level fields with a primitive value") qualify (specification,
 * "Prefetch tokens"; each hook's context table). A token the client cannot fill gives a query it
 * cannot run.
 */
export const cdsHooksPrefetchTokenRule = createRule({
  scope: PAYLOAD,
  meta: {
    id: 'cds-hooks-prefetch-token',
    severity: 'error',
    description: "A discovery entry's prefetch templates use only tokens its hook's context can fill.",
    messages: MESSAGES,
  },
  appliesTo: isCdsDiscovery,
  check(context) {
    for (const service of objectsIn(asObject(context.payload), 'services', '')) {
      const { hook } = service.value;
      const prefetch = asObject(service.value.prefetch);
      if (typeof hook !== 'string' || !prefetch) continue;
      for (const [key, template] of Object.entries(prefetch)) {
        if (typeof template !== 'string' || template.length > MAX_TEMPLATE) continue;
        const pointer = childPointer(childPointer(service.pointer, 'prefetch'), key);
        const field = code(fieldPath(pointer));
        let from = 0;
        for (;;) {
          const open = template.indexOf('{{', from);
          if (open < 0) break;
          const close = template.indexOf('}}', open + 2);
          if (close < 0) {
            context.report({ pointer, messageId: 'unclosed', data: { field, open: '{{', close: '}}' } });
            break;
          }
          const token = template.slice(open + 2, close);
          const found = tokenProblem(token, hook);
          if (found)
            context.report({
              pointer,
              messageId: found.messageId,
              data: {
                ...found.data,
                field,
                token: `{{${jsonString(clip(token)).slice(1, -1)}}}${token.length > MAX_QUOTED ? ` (${token.length} characters)` : ''}`,
              },
            });
          from = close + 2;
        }
      }
    }
  },
});
