import { code, fieldPath } from '../../display.js';
import { quote } from '../../finding.js';
import { isCdsResponse } from '../../cdshooks/kinds.js';
import { actionsOf, asObject, relativeReference, type Json } from '../../cdshooks/parts.js';
import type { Report, Rule } from '../rule.js';

const at = (pointer: string) => code(fieldPath(pointer));

/** What is wrong with one action's target, if anything. */
function problem(action: Json, pointer: string): Report | undefined {
  const { type, resource, resourceId } = action;
  const resourceAt = `${pointer}/resource`;
  const resourceIdAt = `${pointer}/resourceId`;
  if (resourceId !== undefined && typeof resourceId === 'string' && !relativeReference(resourceId)) {
    return { pointer: resourceIdAt, message: `${at(resourceIdAt)} is ${quote(resourceId)}; it is a relative reference to the resource: Type/id, e.g. "ServiceRequest/123".` };
  }
  const object = asObject(resource);
  if (type === 'create' || type === 'update') {
    if (!object) {
      const got = resource === undefined ? 'has none' : `has ${quote(resource)}`;
      return { pointer: resourceAt, message: `A ${type} action carries the ${type === 'create' ? 'new' : 'whole updated'} FHIR resource in ${at(resourceAt)}; this one ${got}.` };
    }
    if (type === 'update' && typeof object.id !== 'string') {
      const idAt = `${resourceAt}/id`;
      return { pointer: idAt, message: `An update action names the resource it replaces by its id: ${at(idAt)} is missing.` };
    }
    return undefined;
  }
  if (type !== 'delete' || typeof resourceId === 'string') return undefined;
  if (typeof resource === 'string') {
    // The deprecated form: the id in `resource`. Renamed, it is resourceId, when it is a reference.
    const safe = relativeReference(resource) !== undefined && !Object.hasOwn(action, 'resourceId');
    const fix = { kind: 'rename-member' as const, pointer: resourceAt, from: 'resource', to: 'resourceId' };
    return {
      pointer: resourceAt,
      severity: 'warning',
      message: `${at(resourceAt)} holds the id to delete as a string, a deprecated form: write it as \`resourceId\`, a relative reference (Type/id).`,
      ...(safe ? { fix } : { suggestions: [fix] }),
    };
  }
  const named = object && typeof object.resourceType === 'string' && typeof object.id === 'string' ? `${object.resourceType}/${object.id}` : undefined;
  if (named) {
    return { pointer: resourceIdAt, severity: 'warning', message: `A delete action names what it deletes in ${at(resourceIdAt)}: write ${quote(named)} there (its resource's type and id).` };
  }
  return { pointer: resourceIdAt, message: `A delete action names the resource to delete in ${at(resourceIdAt)}, a relative reference such as "ServiceRequest/123"; this one names none.` };
}

/**
 * What each action type needs (specification, "Action"): `create` "SHALL contain a new FHIR
 * resource" and `update` "holds the updated resource in its entirety" (with its id, which names the
 * resource it replaces); `delete` names its target in `resourceId`, "a relative reference" that
 * "SHOULD be provided" (a string in `resource` is the DEPRECATED form).
 */
export const cdsHooksActionTargetRule: Rule = {
  id: 'cds-hooks-action-target',
  defaultSeverity: 'error',
  description: 'A create or update action carries its resource, an update or delete names its target.',
  appliesTo: isCdsResponse,
  check(context) {
    for (const { value, pointer } of actionsOf(context.payload)) {
      const report = problem(value, pointer);
      if (report) context.report(report);
    }
  },
};
