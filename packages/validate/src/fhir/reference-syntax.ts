/**
 * What a `Reference.reference` says, read by R4's rules for its forms (R4 2.3.0 "Literal
 * references", Bundle "Resolving references"): a relative `Type/id` (with `/_history/vid`, or a
 * conditional `Type?query` in a transaction), an absolute URL, a `urn:uuid:` or `urn:oid:`, or
 * `#id` of a contained resource (`#` alone: the resource that contains it).
 */
import { R4_RESOURCE_TYPES } from '../generated/r4-references.js';

export type ParsedReference =
  | { readonly form: 'relative'; readonly type: string; readonly id: string }
  | { readonly form: 'conditional'; readonly type: string }
  | { readonly form: 'absolute'; readonly type?: string }
  | { readonly form: 'uuid' | 'oid' }
  | { readonly form: 'contained'; readonly id: string }
  | { readonly form: 'malformed' | 'badUuid' | 'badOid' }
  | { readonly form: 'unknownType'; readonly type: string; readonly near?: string }
  | { readonly form: 'badId'; readonly id: string };

const ID = /^[A-Za-z0-9\-.]{1,64}$/;
const UUID = /^urn:uuid:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const OID = /^urn:oid:[0-2](?:\.(?:0|[1-9][0-9]*))+$/;
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s/]/;
const TYPE_LIKE = /^[A-Za-z][A-Za-z0-9_]*$/;

const UUID_FORM: ParsedReference = { form: 'uuid' };

/** UUID's test by character (a bundle's references are mostly `urn:uuid:`): 8-4-4-4-12 hexadecimal digits. */
function isUuidUrn(reference: string): boolean {
  if (reference.length !== 45) return false;
  for (let i = 9; i < 45; i++) {
    const c = reference.charCodeAt(i);
    if (i === 17 || i === 22 || i === 27 || i === 32) {
      if (c !== 45) return false;
    } else if (!((c >= 48 && c <= 57) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70))) return false;
  }
  return true;
}

let lowerCaseTypes: Map<string, string> | undefined;
/** The R4 type a wrongly cased name stands for (`patient` → `Patient`). */
function typeByCase(name: string): string | undefined {
  lowerCaseTypes ??= new Map([...R4_RESOURCE_TYPES].map((t) => [t.toLowerCase(), t]));
  return lowerCaseTypes.get(name.toLowerCase());
}

/** The type and id at the end of an absolute URL (`https://x/fhir/Patient/1/_history/2`), if it ends so. */
function typeOfUrl(url: string): string | undefined {
  const segments = url.split(/[?#]/, 1)[0]!.split('/');
  if (segments.length >= 3 && segments[segments.length - 2] === '_history') segments.length -= 2;
  const type = segments[segments.length - 2];
  const id = segments[segments.length - 1];
  return type !== undefined && R4_RESOURCE_TYPES.has(type) && id !== undefined && ID.test(id) ? type : undefined;
}

function relative(reference: string): ParsedReference {
  const query = reference.indexOf('?');
  if (query > 0) {
    const type = reference.slice(0, query);
    if (R4_RESOURCE_TYPES.has(type)) return { form: 'conditional', type };
  }
  const parts = reference.split('/');
  const history = parts.length === 4 && parts[2] === '_history';
  if (parts.length !== 2 && !history) return { form: 'malformed' };
  const [type, id] = parts as [string, string];
  if (!TYPE_LIKE.test(type)) return { form: 'malformed' };
  if (!R4_RESOURCE_TYPES.has(type)) {
    const near = typeByCase(type);
    return near === undefined ? { form: 'unknownType', type } : { form: 'unknownType', type, near };
  }
  if (!ID.test(id)) return { form: 'badId', id };
  if (history && !ID.test(parts[3]!)) return { form: 'badId', id: parts[3]! };
  return { form: 'relative', type, id };
}

/**
 * parseReference, remembered: a service's payloads name the same few references call after call.
 * Bounded in count and in the length of what it keeps, so a hostile megabyte "reference" is parsed,
 * never held past its payload.
 */
const remembered = new Map<string, ParsedReference>();
const REMEMBERED = 4096;
const REMEMBERED_LENGTH = 256;

export function parseReferenceOnce(reference: string): ParsedReference {
  let out = remembered.get(reference);
  if (out === undefined) {
    out = parseReference(reference);
    if (reference.length <= REMEMBERED_LENGTH) {
      if (remembered.size >= REMEMBERED) remembered.clear();
      remembered.set(reference, out);
    }
  }
  return out;
}

export function parseReference(reference: string): ParsedReference {
  if (reference.startsWith('#')) {
    const id = reference.slice(1);
    return id === '' || ID.test(id) ? { form: 'contained', id } : { form: 'badId', id };
  }
  if (reference.startsWith('urn:uuid:')) return isUuidUrn(reference) ? UUID_FORM : { form: 'badUuid' };
  if (/^urn:uuid:/i.test(reference)) return UUID.test(reference) ? UUID_FORM : { form: 'badUuid' };
  if (/^urn:oid:/i.test(reference)) return OID.test(reference) ? { form: 'oid' } : { form: 'badOid' };
  if (SCHEME.test(reference)) {
    if (/\s/.test(reference)) return { form: 'malformed' };
    const type = typeOfUrl(reference);
    return type === undefined ? { form: 'absolute' } : { form: 'absolute', type };
  }
  return relative(reference);
}
