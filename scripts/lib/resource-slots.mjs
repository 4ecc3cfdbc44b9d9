// @ts-check
// FHIR resources inside the other families' documents (a CDS Hooks request's draft orders and
// prefetch results, a suggested action's resource). Their schemas refer to the R4 definitions
// (`FhirResource`, or a whole resource such as `fhir/r4/Bundle.schema.json`), which the types and
// docs follow as written. What @cdx/validate compiles is a copy where each such reference is a
// resource slot (`cdxResource`, scripts/lib/fhir-keywords.mjs): the run-time dispatcher validates
// what is there as its own R4 type (`cdxResourceOf`: as the type the schema names), so the R4
// definitions are never compiled into these modules and the field maps walk each resource with its
// type's (the FHIR shapes).
import { R4_DIR } from './fhir-schemas.mjs';
import { resolveRef } from './resolve.mjs';

/** @typedef {import('./schemas.mjs').Entry} Entry */
/** @typedef {Record<string, any>} Json */

/** Keywords whose values are data, not subschemas. */
const DATA = new Set(['const', 'enum', 'default', 'examples', 'required', 'cdxDetect', 'cdxHook', 'cdxKind']);

/**
 * The schema of one entry (outside fhir/) with every reference into fhir/ made a resource slot:
 * `FhirResource` → `{ cdxResource: true }`; a whole R4 resource `T` → `{ cdxResourceOf: "T" }`. Any other reference into fhir/ (a data type) is refused: these families define their own.
 * @param {Entry} entry
 * @param {Entry[]} entries every schema
 * @returns {Entry} the entry with the rewritten schema (the same entry when nothing changed)
 */
export function withResourceSlots(entry, entries) {
  let changed = /** @type {boolean} */ (false); // set inside visit()
  /** @param {unknown} node @returns {any} */
  const visit = (node) => {
    if (Array.isArray(node)) return node.map(visit);
    if (!node || typeof node !== 'object') return node;
    const object = /** @type {Json} */ (node);
    if (typeof object.$ref === 'string') {
      const { entry: target, target: sub, fragment } = resolveRef(object.$ref, entry.id, entries);
      if (target.family === 'fhir') {
        const { $ref, ...siblings } = object;
        changed = true;
        if (sub.cdxResource === true) return { ...siblings, cdxResource: true };
        if (!fragment && target.rel.startsWith(R4_DIR)) return { ...siblings, cdxResourceOf: target.rel.slice(R4_DIR.length).replace(/\.schema\.json$/, '') };
        throw new Error(`${entry.rel}: ${object.$ref} is neither FhirResource nor a whole R4 resource; only those can be held outside fhir/`);
      }
    }
    /** @type {Json} */
    const out = {};
    for (const [key, value] of Object.entries(object)) out[key] = DATA.has(key) ? value : visit(value);
    return out;
  };
  const schema = visit(entry.schema);
  return changed ? { ...entry, schema } : entry;
}
