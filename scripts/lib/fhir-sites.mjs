// @ts-check
// Where an R4 strict twin hands over a Reference with its element (`cdxSite`, scripts/lib/twin-ajv.mjs):
// every place R4's reference table (scripts/lib/r4-references.mjs) names a Reference gets the
// element as the `fhir-reference` rule names it, `<Type>.<path>` (`Observation.subject`,
// `Identifier.assigner`, `Extension.valueReference`). A backbone element reached again through a
// contentReference is the same schema definition, so it keeps its first path, as the rule's walk does.
import { fileURLToPath } from 'node:url';
import { DATATYPES_REL, R4_DIR } from './fhir-schemas.mjs';
import { r4ReferenceTable } from './r4-references.mjs';

/** @typedef {Record<string, any>} Json */

/** @type {Record<string, Record<string, string[] | string | 0>> | undefined} */
let table;
const referenceTable = () => (table ??= r4ReferenceTable(fileURLToPath(new URL('../..', import.meta.url))));

/**
 * The node of a member of `node`, or of each item when it is an array.
 * @param {Json} node
 * @param {string} name
 * @returns {Json | undefined}
 */
function memberOf(node, name) {
  let member = node.properties?.[name];
  if (member && typeof member === 'object' && member.items) member = member.items;
  return member && typeof member === 'object' ? member : undefined;
}

/**
 * @param {Json} member
 * @param {Json} file
 * @returns {Json | undefined}
 */
function definitionOf(member, file) {
  const ref = member.$ref;
  const at = typeof ref === 'string' ? ref.indexOf('#/$defs/') : -1;
  return at < 0 ? undefined : file.$defs?.[ref.slice(at + '#/$defs/'.length)];
}

/**
 * Marks, in place, the Reference uses of one R4 twin (a resource type's, or the data types') with
 * `cdxSite`. Throws where the table names a Reference the schema does not hold as one.
 * @param {Json} twin
 * @param {{ rel: string }} entry
 */
export function markReferenceSites(twin, entry) {
  const references = referenceTable();
  const type = entry.rel.slice(R4_DIR.length).replace(/\.schema\.json$/, '');
  const isDatatypes = entry.rel === DATATYPES_REL;
  const roots = isDatatypes
    ? Object.keys(twin.$defs ?? {})
        .filter((name) => Object.hasOwn(references, name))
        .map((name) => /** @type {[string, Json]} */ ([name, twin.$defs[name]]))
    : Object.hasOwn(references, type)
      ? [/** @type {[string, Json]} */ ([type, twin])]
      : [];
  for (const [owner, root] of roots) {
    for (const [path, value] of Object.entries(references[owner] ?? {})) {
      if (!Array.isArray(value)) continue;
      const parts = path.split('.');
      /** @type {Json | undefined} */
      let node = root;
      for (let i = 0; i < parts.length && node; i++) {
        const member = memberOf(node, /** @type {string} */ (parts[i]));
        node = member && i < parts.length - 1 ? definitionOf(member, twin) : member;
      }
      // In a resource's file a data type is a call (scripts/lib/fhir-schemas.mjs); in the data types' own, a ref.
      if (!node || (node.cdxDatatype !== 'Reference' && !String(node.$ref).endsWith('#/$defs/Reference')))
        throw new Error(`fhir-sites: ${owner}.${path} is not a Reference in ${entry.rel}`);
      node.cdxSite = `${owner}.${path}`;
    }
  }
}
