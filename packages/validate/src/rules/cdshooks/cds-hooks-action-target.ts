import { code, fieldPath } from '../../display.js';
import { quoteId } from '../../finding.js';
import { isCdsResponse } from '../../cdshooks/kinds.js';
import { actionsOf, asObject, relativeReference, type Json } from '../../cdshooks/parts.js';
import { createRule, type Report } from '../create-rule.js';
import { PAYLOAD } from '../scopes.js';

const MESSAGES = {
  resourceIdForm: '{{field}} must be a relative reference to the resource, Type/id (e.g. "ServiceRequest/123"); got {{value}}.',
  createResource: 'A create action carries the new FHIR resource in {{field}}; this one {{got}}.',
  updateResource: 'An update action carries the whole updated FHIR resource in {{field}}; this one {{got}}.',
  updateId: 'An update action names the resource it replaces by its id: {{field}} is missing.',
  deprecatedResource: '{{field}} holds the id to delete as a string, a deprecated form: write it as `resourceId`, a relative reference (Type/id).',
  deleteNamed: "A delete action names what it deletes in {{field}}: write {{named}} there (its resource's type and id).",
  deleteNone: 'A delete action names the resource to delete in {{field}}, a relative reference such as "ServiceRequest/123"; this one names none.',
} as const;

const at = (pointer: string) => code(fieldPath(pointer));

/** What is wrong with one action's target, if anything. */
function problem(action: Json, pointer: string): Report<keyof typeof MESSAGES> | undefined {
  const { type, resource, resourceId } = action;
  const resourceAt = `${pointer}/resource`;
  const resourceIdAt = `${pointer}/resourceId`;
  if (resourceId !== undefined && typeof resourceId === 'string' && !relativeReference(resourceId, true)) {
    return { pointer: resourceIdAt, messageId: 'resourceIdForm', data: { field: at(resourceIdAt), value: quoteId(resourceId) } };
  }
  const object = asObject(resource);
  if (type === 'create' || type === 'update') {
    if (!object) {
      const got = resource === undefined ? 'has none' : `has ${quoteId(resource)}`;
      return { pointer: resourceAt, messageId: type === 'create' ? 'createResource' : 'updateResource', data: { field: at(resourceAt), got } };
    }
    if (type === 'update' && typeof object.id !== 'string') {
      const idAt = `${resourceAt}/id`;
      return { pointer: idAt, messageId: 'updateId', data: { field: at(idAt) } };
    }
    return undefined;
  }
  if (type !== 'delete' || typeof resourceId === 'string') return undefined;
  if (typeof resource === 'string') {
    // The deprecated form: the id in `resource`. Renamed, it is resourceId, when it is a reference.
    const safe = relativeReference(resource, true) !== undefined && !Object.hasOwn(action, 'resourceId');
    const fix = { kind: 'rename-member' as const, pointer: resourceAt, from: 'resource', to: 'resourceId' };
    return {
      pointer: resourceAt,
      severity: 'warning',
      messageId: 'deprecatedResource',
      data: { field: at(resourceAt) },
      ...(safe ? { fix } : { suggestions: [fix] }),
    };
  }
  const named = object && typeof object.resourceType === 'string' && typeof object.id === 'string' ? `${object.resourceType}/${object.id}` : undefined;
  if (named) return { pointer: resourceIdAt, severity: 'warning', messageId: 'deleteNamed', data: { field: at(resourceIdAt), named: quoteId(named) } };
  return { pointer: resourceIdAt, messageId: 'deleteNone', data: { field: at(resourceIdAt) } };
}

/**
 * What each action type needs (specification, "Action"): `create` "SHALL contain a new FHIR
 * resource" and `update` "holds the updated resource in its entirety" (with its id, which names the
 * resource it replaces); `delete` names its target in `resourceId`, "a relative reference" that
 * "SHOULD be provided" (a string in `resource` is the DEPRECATED form).
 */
export const cdsHooksActionTargetRule = createRule({
  scope: PAYLOAD,
  meta: {
    id: 'cds-hooks-action-target',
    severity: 'error',
    description: 'A create or update action carries its resource, an update or delete names its target.',
    messages: MESSAGES,
  },
  appliesTo: isCdsResponse,
  check(context) {
    for (const { value, pointer } of actionsOf(context.payload)) {
      const report = problem(value, pointer);
      if (report) context.report(report);
    }
  },
});
