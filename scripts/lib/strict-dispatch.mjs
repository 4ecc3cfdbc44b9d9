// Bundle entries carry one of several resource types, and the profiles say which with one
// `if resourceType is T then $ref` part per type (JSON Schema has no switch). Closing such a node
// in the strict twin made ajv track, per entry, which members each `then` evaluated: that cost
// more than the twin saved, so FHIR kinds once had no twin. The twin of a dispatch instead uses
// ajv's `discriminator`, which reads resourceType once and validates the one matching branch, and
// closes each branch where it is (the types' own members are known statically there).
// A resourceType the profile does not list fails the twin (the canonical schema accepts it as a
// generic resource): the exact path then decides.

/** Keywords that describe a schema without constraining anything (kept on a dispatch's twin). */
export const ANNOTATIONS = new Set(['title', 'description', '$comment', 'examples', 'default']);

/**
 * The branches of a resource dispatch: a node whose only applicator is `allOf`, every part of which
 * is `{ if: { required: [resourceType], properties: { resourceType: { const: T } } }, then: { $ref } }`.
 * @returns {{ tag: string, ref: string }[] | undefined} undefined for any other node
 */
export function resourceDispatch(node) {
  if (!Array.isArray(node.allOf) || node.allOf.length === 0) return undefined;
  const others = Object.keys(node).filter((k) => k !== 'allOf' && k !== 'type' && !ANNOTATIONS.has(k));
  if (others.length > 0 || (node.type !== undefined && node.type !== 'object')) return undefined;
  const branches = [];
  for (const part of node.allOf) {
    const tag = part?.if?.properties?.resourceType?.const;
    const ref = part?.then?.$ref;
    const exact = Object.keys(part ?? {}).length === 2 && Object.keys(part.then ?? {}).length === 1 && part.if?.required?.includes('resourceType');
    if (typeof tag !== 'string' || typeof ref !== 'string' || !exact) return undefined;
    branches.push({ tag, ref });
  }
  return branches;
}

/** The twin of a dispatch node; `$ref`s stay relative, so they reach the targets' twins. */
export function dispatchTwin(node, branches) {
  const twin = Object.fromEntries([...ANNOTATIONS].filter((k) => k in node).map((k) => [k, node[k]]));
  return Object.assign(twin, {
    type: 'object',
    cdxPlainObject: true,
    required: ['resourceType'],
    properties: { resourceType: { type: 'string' } },
    discriminator: { propertyName: 'resourceType' },
    oneOf: branches.map(({ tag, ref }) => ({
      type: 'object',
      properties: { resourceType: { const: tag } },
      allOf: [{ $ref: ref }],
      unevaluatedProperties: false,
    })),
  });
}
