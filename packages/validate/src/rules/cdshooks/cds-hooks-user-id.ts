import { quote, quoteId } from '../../finding.js';
import { asObject, relativeReference } from '../../cdshooks/parts.js';
import { createRule } from '../create-rule.js';
import { PAYLOAD } from '../scopes.js';

/** "Practitioner/<id> or PractitionerRole/<id>". */
const forms = (types: readonly string[]) => {
  const each = types.map((t) => `${t}/<id>`);
  return each.length > 1 ? `${each.slice(0, -1).join(', ')} or ${each.at(-1)}` : each[0]!;
};

/** What FHIR's id syntax ([A-Za-z0-9\-\.]{1,64}) refuses in `id`: its length, or its first other character. */
function idProblem(id: string): string | undefined {
  const other = /[^A-Za-z0-9.-]/.exec(id);
  if (other) return `holds ${quote(other[0])}`;
  return id.length > 64 ? `is ${id.length} characters long` : undefined;
}

/**
 * Each hook says who its user is: "The id of the current user. Must be in the format
 * [ResourceType]/[id]. For this hook, the user is expected to be of type …" (patient-view; every
 * hook's context table has the same field). A userId of another form or type is a user the service
 * cannot look up as the hook defines. The service's own order-sign message follows its listing, which
 * its schema checks.
 */
export const cdsHooksUserIdRule = createRule({
  scope: PAYLOAD,
  meta: {
    id: 'cds-hooks-user-id',
    severity: 'error',
    description: '`context.userId` is [ResourceType]/[id] of a type the hook expects (e.g. Practitioner or PractitionerRole).',
    messages: {
      wrongType: "`context.userId` is {{userId}}, a {{type}}; the {{hook}} hook's user is {{expected}}.",
      notAReference: '`context.userId` is {{userId}}; it is the current user as [ResourceType]/[id]: {{expected}} for {{hook}}.',
      badId: '`context.userId` is {{userId}}, whose id {{why}}: a FHIR id is 1 to 64 letters, digits, "-" and ".".',
    },
  },
  appliesTo: (kind) => kind.family === 'cdshooks' && kind.hook?.userTypes !== undefined,
  check(context) {
    const userId = asObject(asObject(context.payload)?.context)?.userId;
    const hook = context.kind.hook!;
    if (typeof userId !== 'string') return; // missing, or not a string: the schema reports it
    const ref = relativeReference(userId);
    if (ref && hook.userTypes!.includes(ref.type)) return;
    const data = { userId: quoteId(userId), expected: forms(hook.userTypes!), hook: hook.name };
    if (ref) {
      context.report({ pointer: '/context/userId', messageId: 'wrongType', data: { ...data, type: ref.type } });
      return;
    }
    // A type the hook expects with an id FHIR's id syntax refuses: say what is wrong with the id.
    const typed = /^([A-Z][A-Za-z]{1,63})\/(.+)$/.exec(userId);
    const why = typed && hook.userTypes!.includes(typed[1]!) ? idProblem(typed[2]!) : undefined;
    if (why) context.report({ pointer: '/context/userId', messageId: 'badId', data: { userId: data.userId, why } });
    else context.report({ pointer: '/context/userId', messageId: 'notAReference', data });
  },
});
