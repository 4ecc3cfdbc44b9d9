/**
 * A JSON Pointer as a reader writes a field path (`/Patient/Identifiers/0/ID` →
 * `Patient.Identifiers[0].ID`), the way @cdx/validate's messages name fields.
 */
export function fieldPath(pointer: string): string {
  if (pointer === '') return '(the payload)';
  let out = '';
  for (const raw of pointer.slice(1).split('/')) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (/^(0|[1-9]\d*)$/.test(token)) out += `[${token}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(token)) out += out === '' ? token : `.${token}`;
    else out += `[${JSON.stringify(token.length > 40 ? `${token.slice(0, 40)}…` : token)}]`;
  }
  return out;
}
