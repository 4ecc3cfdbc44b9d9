// @ts-check
// Step 5 of the R4 derivation: the derived definitions laid out as schemas/fhir/r4/: one file per
// resource type (its backbone elements as $defs), one for the data types, and a README saying the
// folder is generated.
import { ownerOf } from './elements.mjs';

/** @typedef {Record<string, any>} Json */

export const ID_BASE = 'https://schemas.cdx.dev/fhir/r4/';
export const DATATYPES_FILE = 'datatypes.schema.json';
const DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/** Backbone element definitions are named Type_Path_Parts upstream; titles drop the underscores. */
const titleOf = (/** @type {string} */ defName) => defName.replace(/_/g, '');

/**
 * A place that may hold any resource (a contained resource, a bundle entry's resource, a
 * Parameters resource): @cdx/validate validates what is there as its own resourceType. As a plain
 * schema it checks only resourceType and id.
 */
export const GENERIC_RESOURCE = {
  title: 'FhirResource',
  description:
    'Any FHIR resource: a contained resource, a bundle entry or a Parameters resource. As a schema only its resourceType (and id, if present) is checked; @cdx/validate validates it as its own resourceType.',
  cdxResource: true,
  type: 'object',
  required: ['resourceType'],
  properties: {
    resourceType: { description: 'The type of the resource.', type: 'string', pattern: '^[A-Z][A-Za-z]+$' },
    id: { description: 'The logical id of the resource.', type: 'string', pattern: '^[A-Za-z0-9\\-\\.]{1,64}$' },
  },
  additionalProperties: {},
};

/**
 * Where a $ref inside the definition `from` to `target` points: backbone elements of the same
 * resource stay in-file; data types (and a backbone element's reference to itself,
 * Composition.section.section) name their file, so generated docs and types link to them.
 * @param {string} from
 * @param {(name: string) => boolean} isResource
 * @returns {(target: string) => string}
 */
export function refResolver(from, isResource) {
  const resource = isResource(from) ? ownerOf(from) : null;
  return (target) => {
    if (target === 'ResourceList') return `${DATATYPES_FILE}#/$defs/FhirResource`;
    if (isResource(target)) {
      if (ownerOf(target) !== resource || !target.includes('_')) throw new Error(`derive-r4: ${from} refers to ${target}`);
      return target === from ? `${resource}.schema.json#/$defs/${target}` : `#/$defs/${target}`;
    }
    return `${DATATYPES_FILE}#/$defs/${target}`;
  };
}

/**
 * Orders the keys of a derived definition the way the rest of schemas/ reads.
 * @param {Json} def
 * @param {Json} extra keys that go first
 */
function ordered(def, extra) {
  const { description, properties, required, allOf, ...rest } = def;
  return {
    ...extra,
    description,
    ...rest,
    type: 'object',
    ...(required?.length ? { required } : {}),
    properties,
    ...(allOf?.length ? { allOf } : {}),
  };
}

/**
 * @param {object} input
 * @param {readonly string[]} input.resourceTypes every resource type, in output order
 * @param {ReadonlySet<string>} input.profiled types whose standalone kind is a service profile
 * @param {Map<string, Json>} input.derived every structured definition, corrected
 * @param {string} input.comment the generated-file comment
 * @returns {Map<string, string>} file name → contents
 */
export function emitFiles({ resourceTypes, profiled, derived, comment }) {
  /** @type {Map<string, string>} */
  const files = new Map();
  const json = (/** @type {unknown} */ value) => `${JSON.stringify(value, null, 2)}\n`;
  const names = [...derived.keys()];
  const types = new Set(resourceTypes);
  for (const type of resourceTypes) {
    const parts = names.filter((n) => n.startsWith(`${type}_`));
    /** @type {Json} */
    const schema = ordered(/** @type {Json} */ (derived.get(type)), {
      $schema: DIALECT,
      $id: `${ID_BASE}${type}.schema.json`,
      $comment: comment,
      title: type,
      ...(profiled.has(type) ? {} : { cdxKind: `fhir/${type}`, cdxDetect: { resourceType: type } }),
    });
    if (parts.length > 0) schema.$defs = Object.fromEntries(parts.map((p) => [p, ordered(/** @type {Json} */ (derived.get(p)), { title: titleOf(p) })]));
    files.set(`${type}.schema.json`, json(schema));
  }
  const datatypes = names.filter((n) => !types.has(ownerOf(n)));
  files.set(
    DATATYPES_FILE,
    json({
      $schema: DIALECT,
      $id: `${ID_BASE}${DATATYPES_FILE}`,
      $comment: comment,
      title: 'FhirDatatypes',
      description:
        'The FHIR R4 data types (Identifier, CodeableConcept, Reference, …), as $defs. Primitive types are inlined where they are used. Not a message by itself.',
      $defs: {
        ...Object.fromEntries(datatypes.map((n) => [n, ordered(/** @type {Json} */ (derived.get(n)), { title: titleOf(n) })])),
        FhirResource: GENERIC_RESOURCE,
      },
    }),
  );
  files.set('README.md', readme(resourceTypes.length, datatypes.length));
  return files;
}

/** @param {number} resources @param {number} datatypes */
function readme(resources, datatypes) {
  return `<!-- Generated by \`pnpm generate\` (scripts/fhir/derive-r4.mjs). Do not edit by hand. -->
# schemas/fhir/r4 — generated

The FHIR R4 (4.0.1) base definitions: ${resources} resource types, one file each, and ${datatypes} data type and
element definitions in \`${DATATYPES_FILE}\`. Every file here is derived by \`scripts/fhir/derive-r4.mjs\` from
the HL7 R4 JSON schema and checked member by member against the 4.0.1 StructureDefinitions
(docs/decisions.md, "Where the R4 definitions come from"). Never edit them: change the derivation and run
\`pnpm generate\`; \`pnpm check:generated\` fails when they are out of step.

The service's own constraints on top of R4 are the hand-written profiles in \`../profiles/\`.
`;
}
