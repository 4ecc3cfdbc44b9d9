/**
 * Resource types as messages show them. A type a payload gives (an entry's or a contained
 * resource's `resourceType`, the type a reference names) is user data: an R4 resource type name
 * shows as it is (`a Patient`), anything else through quote(): quoted, its control characters
 * escaped, a long one cut in the middle with its length.
 */
import { quote } from '../finding.js';
import { R4_RESOURCE_TYPES } from '../generated/r4-references.js';

/** `Patient` as it is; any other value quoted: `"x\ny"`, `"aaa…aaa" (5,000 characters)`. */
export const typeName = (type: string): string => (R4_RESOURCE_TYPES.has(type) ? type : quote(type));

/** The article before a type name: `an Encounter`, `a Patient`. */
export const articleOf = (type: string): string => (/^[AEIOU]/.test(type) ? 'an' : 'a');

/** A resource of the type: `a Patient`, `an Encounter`; for what is no R4 type name, `a resource of type "…"`. */
export const aType = (type: string): string => (R4_RESOURCE_TYPES.has(type) ? `${articleOf(type)} ${type}` : `a resource of type ${quote(type)}`);

/** The resource of the type: `the Patient`; for what is no R4 type name, `a resource of type "…"`. */
export const theType = (type: string): string => (R4_RESOURCE_TYPES.has(type) ? `the ${type}` : `a resource of type ${quote(type)}`);
